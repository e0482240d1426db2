import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { prerender } from './scripts/prerender.ts';

// Resolve everything relative to this folder so `vite build` works from any cwd (turbo, root scripts).
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const gateway = 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: [
    react(),
    // The pages rendered ahead, each with its hints (scripts/prerender.ts, docs/adr/0030-prerendered-pages.md).
    prerender(),
    // Brotli and gzip copies beside each asset, sent as they are by the gateway (gateway/src/static-assets.ts,
    // docs/adr/0001-precompressed-web-assets.md). Never config.js: a deployment replaces it, and a stale
    // compressed copy would be served instead of the new file. Not for the prerender's own Node build.
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json)$/, exclude: /(^|\/)config\.js$/, threshold: 1024 })]),
  ],
  // The year of the build: pages rendered ahead show it, and a hydrating footer starts with it (Footer.tsx).
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps unless asked for: WEB_SOURCE_MAPS=true makes them here and lets the gateway serve them.
    sourcemap: process.env.WEB_SOURCE_MAPS === 'true',
  },
  server: {
    port: 5173,
    proxy: {
      // Keys starting with ^ are regular expressions: only /api/... and /dev/... go to the gateway.
      '^/api(/|$)': { target: gateway, changeOrigin: false },
      '^/dev(/|$)': { target: gateway, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '^/api(/|$)': { target: gateway, changeOrigin: false },
      '^/dev(/|$)': { target: gateway, changeOrigin: false },
    },
  },
}));
