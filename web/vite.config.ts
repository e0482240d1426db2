import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { EARLY_FILES_ID, EARLY_PAGES } from './src/app/early-pages.js';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// Resolve everything relative to this folder so `vite build` works from any cwd (turbo, root scripts).
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const gateway = 'http://localhost:8080';

/** A chunk's file and the files it imports, all the way down. */
function closure(bundle: OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (seen.has(file) || !chunk || chunk.type !== 'chunk') return seen;
  seen.add(file);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}

/**
 * The early start (src/app/early-start.ts, docs/adr/0016-early-start.md): `src/boot.ts` is an entry of its own,
 * and index.html loads it first, `async`, so that it runs as soon as it is there instead of after the app's
 * JavaScript (Vite would bundle a second script of index.html into the app's entry). Beside it a JSON block lists
 * each early page's files (its chunk's scripts and styles that the app's entry does not load anyway). Build only:
 * the dev server runs without it.
 */
function earlyStart(): Plugin {
  return {
    name: 'stundenplan-early-start',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)) },
        },
      },
    }),
    // A classic script's top-level names would be the window's: its code runs inside a function of its own.
    renderChunk: (code, chunk) => (chunk.isEntry && chunk.name === 'boot' ? `(() => {\n${code}\n})();\n` : null),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const boot = chunks.find((c) => c.isEntry && c.name === 'boot');
        if (!boot) throw new Error('the early start (src/boot.ts) is missing from the build');
        const loaded = new Set<string>();
        for (const entry of chunks.filter((c) => c.isEntry)) closure(bundle, entry.fileName, loaded);
        const files: Record<string, string[]> = {};
        for (const [path, page] of Object.entries(EARLY_PAGES)) {
          const id = fileURLToPath(new URL(`./${page.module}`, import.meta.url));
          // The chunk that holds the module (a page's chunk may hold modules of other pages too).
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`the early page ${path}: no chunk holds ${page.module}`);
          const own = [...closure(bundle, chunk.fileName)].filter((f) => !loaded.has(f));
          const styles = own.flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
          files[path] = [...own, ...styles].map((f) => `/${f}`);
        }
        // A classic script: it runs as soon as it is there, never waiting for a module or a style sheet. So it
        // may import nothing (a chunk shared with the app would be a module).
        if (boot.imports.length > 0 || boot.dynamicImports.length > 0 || boot.exports.length > 0) {
          throw new Error(
            `the early start (src/boot.ts) must import and export nothing, it has: ${[...boot.imports, ...boot.dynamicImports, ...boot.exports].join(', ')}`,
          );
        }
        // Right after the title, the list before the script that reads it. High priority: an async script is
        // otherwise fetched at low priority, after the entry's modules and style sheet.
        const tags = [
          // JSON, not script: CSP's script-src does not apply to a data block; "<" is escaped so it cannot end it.
          `<script type="application/json" id="${EARLY_FILES_ID}">${JSON.stringify(files).replace(/</g, '\\u003c')}</script>`,
          `<script async fetchpriority="high" src="/${boot.fileName}"></script>`,
        ];
        if (!html.includes('</title>')) throw new Error('index.html has no <title>');
        return html.replace('</title>', `</title>\n    ${tags.join('\n    ')}`);
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    earlyStart(),
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
