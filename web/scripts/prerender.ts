// The pages the build renders ahead (docs/adr/0030-prerendered-pages.md). After the browser build, a second Vite
// build makes src/entry-server.tsx runnable in Node; each page it names is rendered with react-dom/server into
// a copy of the built index.html, with the standard hints for what the page needs next: a `modulepreload` for
// each script of its page chunk and a style sheet link for each of its style sheets (the build's output knows
// them). The gateway serves each page its own file (gateway/src/static-assets.ts, by `pages/routes.json`).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** What the gateway reads: the file of each prerendered path, the 404 page, and the paths the app knows. */
export interface PageRoutes {
  /** By path ('/', '/login', '/me/classes'): the file below pages/. */
  pages: Record<string, string>;
  /** The 404 page's file below pages/, sent for a path that no route matches. */
  notFound: string;
  /** The app's route patterns ('/register/:registerShortcut', '/scheduling/*'), the catch-all left out. */
  routes: string[];
  /** Prefixes the app guards (a logged-out visitor is sent away, so the generic page is sent for them). */
  guarded: string[];
}

interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  NOT_FOUND_PATH: string;
  render(pathname: string): Promise<string>;
  pageSourcesAt(pathname: string): string[];
  knownRoutes(): { routes: string[]; guarded: string[] };
}

const ROOT = '<div id="root"></div>';

/** The file below pages/ of a path: '/' → index.html, '/me/classes' → me/classes.html. */
export function pageFile(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
}

type Files = { js: Set<string>; css: Set<string> };

/** The files of a chunk and of every chunk it imports statically, scripts and style sheets apart. */
function closure(bundle: OutputBundle, file: string, out: Files = { js: new Set(), css: new Set() }): Files {
  const chunk = bundle[file];
  if (out.js.has(file) || !chunk || chunk.type !== 'chunk') return out;
  out.js.add(file);
  for (const css of chunk.viteMetadata?.importedCss ?? []) out.css.add(css);
  for (const imported of chunk.imports) closure(bundle, imported, out);
  return out;
}

/**
 * The link tags of a page whose chunks hold the modules `sources` (relative to `root`): what they need beyond what
 * index.html loads already (the entry chunk, its static imports and its style sheet).
 */
export function pageHints(bundle: OutputBundle, root: string, sources: string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const loaded: Files = { js: new Set(), css: new Set() };
  for (const entry of chunks.filter((c) => c.isEntry)) closure(bundle, entry.fileName, loaded);
  const tags: string[] = [];
  for (const source of sources) {
    const id = path.join(root, source);
    // The chunk that holds the module (a page's module may share a chunk with others).
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`prerender: no chunk holds ${source}`);
    const { js, css } = closure(bundle, chunk.fileName);
    // Style sheets as links, not preloads: the HTML shows the page (or its shell), which must be painted in its
    // final style, or it would move when the style arrives with the chunk. Vite's loader finds them there.
    for (const file of css) if (!loaded.css.has(file)) tags.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
    for (const file of js) if (!loaded.js.has(file)) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  return [...new Set(tags)];
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * The page's scripts asked for after its first paint: the entry script and every `modulepreload` give way to
 * the small loader (`after-paint.js`), which names them in `data-entry` and `data-modules`. Style sheets stay
 * links: the page is painted in its final style.
 */
export function startAfterPaint(html: string, loader: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY, () => `<script type="module" crossorigin src="/${loader}" data-entry="${entry}" data-modules="${modules.join(' ')}"></script>`);
}

/**
 * A page's HTML: the built index.html with the rendered root and the page's hints. A full page's app is started
 * by `loader` after the first paint; a logged-in page's shell (`loader` null) asks for it at once: its largest
 * paint is the app's.
 */
export function pageHtml(template: string, root: string, hints: string[], loader: string | null): string {
  if (!template.includes(ROOT)) throw new Error(`prerender: index.html has no ${ROOT}`);
  if (!template.includes('</head>')) throw new Error('prerender: index.html has no </head>');
  const head = hints.map((tag) => `  ${tag}\n`).join('');
  const html = template.replace('</head>', `${head}</head>`);
  return (loader ? startAfterPaint(html, loader) : html).replace(ROOT, () => `<div id="root">${root}</div>`);
}

/** True for a path below one of the guarded prefixes: its HTML is a logged-in page's shell. */
export function isShell(pathname: string, guarded: string[]): boolean {
  return guarded.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  let bundle: OutputBundle | undefined;
  let loader = '';
  return {
    name: 'stundenplan-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved: (resolved) => {
      config = resolved;
    },
    generateBundle() {
      const source = readFileSync(new URL('./after-paint.js', import.meta.url), 'utf8').replace(/^\/\/.*\n/gm, '');
      loader = this.getFileName(this.emitFile({ type: 'asset', name: 'after-paint.js', source }));
    },
    writeBundle: (_options, output) => {
      bundle = output;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside node_modules: Node resolves the server build's imports (react, react-router-dom) from there.
      // (A workspace install may have hoisted every package and left no node_modules here.)
      mkdirSync(path.join(config.root, 'node_modules'), { recursive: true });
      const serverDir = mkdtempSync(path.join(config.root, 'node_modules', '.prerender-'));
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, manifest: false, sourcemap: false, minify: false, copyPublicDir: false },
        });
        const entry = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
        if (!bundle) throw new Error('prerender: the browser build wrote nothing');
        const written = bundle;
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const pagesDir = path.join(outDir, 'pages');
        const pages: Record<string, string> = {};
        const { guarded } = entry.knownRoutes();
        const write = async (pathname: string) => {
          const root = await entry.render(pathname);
          const file = pageFile(pathname);
          mkdirSync(path.dirname(path.join(pagesDir, file)), { recursive: true });
          writeFileSync(
            path.join(pagesDir, file),
            pageHtml(template, root, pageHints(written, config.root, entry.pageSourcesAt(pathname)), isShell(pathname, guarded) ? null : loader),
          );
          return file;
        };
        for (const pathname of entry.PRERENDERED_PATHS) pages[pathname] = await write(pathname);
        const routes: PageRoutes = { pages, notFound: await write(entry.NOT_FOUND_PATH), ...entry.knownRoutes() };
        writeFileSync(path.join(pagesDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
