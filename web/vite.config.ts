import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Resolve everything relative to this folder so `vite build` works from any cwd (turbo, root scripts).
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const gateway = 'http://localhost:8080';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
