import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// Resolve everything relative to this folder so `vite build` works from any cwd (turbo, root scripts).
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const gateway = 'http://localhost:8080';

/**
 * React's API on Preact (docs/adr/0012-preact-first-load.md), the default: `preact/compat` stands in for react and
 * react-dom, about 50 KB less brotli-compressed JavaScript on the first load. `WEB_ON_REACT=1` builds on React
 * itself (and runs the web unit tests on it). The exact specifiers only (`$`), so that `react-router-dom` and
 * `@tanstack/react-query` are not matched. The web unit tests use the same table (vitest.config.ts at the root).
 */
export const onReact = process.env.WEB_ON_REACT === '1';
export const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/app/react-on-preact.js', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  root: webRoot,
  resolve: { alias: onReact ? [] : preactAliases },
  plugins: [
    react(),
    // Brotli and gzip copies beside each asset, sent as they are by the gateway (gateway/src/static-assets.ts,
    // docs/adr/0001-precompressed-web-assets.md). Never config.js: a deployment replaces it, and a stale
    // compressed copy would be served instead of the new file.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json)$/, exclude: /(^|\/)config\.js$/, threshold: 1024 }),
  ],
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
});
