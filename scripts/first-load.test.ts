// The first download of the web app (issues 28 and 38, docs/benchmarks.md "Web app, first load",
// docs/adr/0030-prerendered-pages.md): the build renders each public page and each logged-in page's shell into
// an HTML file of its own, with the standard hints for its chunks; the gateway sends each page its file; the
// scripts the home and login pages load at once carry no zod schema and no time grid, and their brotli size
// stays within the budget. Builds the app into a folder of its own.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from '../gateway/src/static-assets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Brotli of the first load in KiB (1024 bytes) on React 19 (issue 38): at most 130 on the home page. 107.7 when
 * React came back (58.8 on preact/compat before, 141 with the zod schemas in it).
 */
const BUDGET_KB = 130;
/** The pages the build renders, by path, and their files below pages/. */
const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/contact': 'contact.html',
  '/impressum': 'impressum.html',
  '/datenschutz': 'datenschutz.html',
  '/barrierefreiheit': 'barrierefreiheit.html',
  '/student': 'student.html',
  '/me/classes': 'me/classes.html',
  '/scheduling': 'scheduling.html',
};

/** The logged-in pages, whose HTML is their shell. */
const SHELLS = ['/student', '/me/classes', '/scheduling'];

let out = '';
let server: Server | undefined;
let base = '';

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would build React's development version.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The gateway's serving of the web app, on its own.
  const app = express();
  serveWebApp(app, { dist: out, sourceMaps: false });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (out) rmSync(out, { recursive: true, force: true });
});

const page = (p: string) => readFileSync(path.join(out, 'pages', PAGES[p]!), 'utf8');
/**
 * Every script a page loads at once, in document order: the entry chunk and the modules it preloads, and on a
 * page the build rendered the loader that asks for them after the first paint (`data-entry`, `data-modules`).
 */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="\/(assets\/[^"]+\.js)"(?: data-entry="\/([^"]+)" data-modules="([^"]*)")?/g)]
    .flatMap((m) => [m[1]!, ...(m[2] ? [m[2]] : []), ...(m[3] ? m[3].split(' ').map((f) => f.slice(1)) : [])])
    .map((file) => ({ file, code: readFileSync(path.join(out, file), 'utf8') }));
/** The page as a client without JavaScript gets it: its text, without tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('first load of the web app', () => {
  it('is one HTML file per page, each with its content', () => {
    for (const p of Object.keys(PAGES)) expect(page(p), p).toMatch(/<h1[ >]/);
    expect(existsSync(path.join(out, 'pages', '404.html'))).toBe(true);
    // The generic page of every other route: the app renders it.
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<div id="root"></div>');
  });

  it('answers GET /login without JavaScript with the login form, GET / with the home page', async () => {
    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-cache');
    const form = await login.text();
    expect(form).toMatch(/<h1 class="page__title">Login<\/h1>/);
    expect(form).toMatch(/<label[^>]*>E-Mail<\/label><input[^>]+type="email"[^>]+name="email"/);
    expect(form).toMatch(/<label[^>]*>Passwort<\/label><input[^>]+type="password"[^>]+name="password"/);
    const home = text(await (await fetch(`${base}/`)).text());
    expect(home).toContain('Willkommen beim Stundenplan-Assistenten');
    expect(home).toContain('Anmelden');
    const student = text(await (await fetch(`${base}/student`)).text());
    expect(student).toContain('Deine Zeiten');
    const missing = await fetch(`${base}/gibt-es-nicht`);
    expect(missing.status).toBe(404);
    expect(text(await missing.text())).toContain('Diese Seite existiert nicht.');
  });

  it('has no early start and no inline script: every script is a file (the CSP allows no other)', () => {
    expect(readdirSync(path.join(out, 'assets')).filter((f) => f.startsWith('boot-'))).toEqual([]);
    for (const p of Object.keys(PAGES)) {
      const html = page(p);
      expect(html, p).not.toContain('early-files');
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag, p).toMatch(/\bsrc="\/[^"]+"/);
    }
  });

  it('asks for the app after the first paint of a public page: no script but the loader is requested before it', () => {
    for (const p of Object.keys(PAGES)) {
      const html = page(p);
      const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      if (SHELLS.includes(p)) {
        // A logged-in page's largest paint is the app's: its shell asks for the entry and its modules at once.
        expect(scripts, p).toEqual(['/config.js', expect.stringMatching(/^\/assets\/index-[\w-]{8}\.js$/)]);
        expect(html, p).toContain('rel="modulepreload"');
      } else {
        expect(html, p).not.toContain('rel="modulepreload"');
        expect(scripts, p).toEqual(['/config.js', expect.stringMatching(/^\/assets\/after-paint-[\w-]{8}\.js$/)]);
      }
    }
  });

  it("hints each page's own chunks and style sheets: /student's page chunk before the app asks for it", () => {
    const student = page('/student');
    const preloads = scriptsOf(student).map((s) => s.file);
    const sheets = [...student.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+)">/g)].map((m) => m[1]!);
    expect(preloads.some((f) => /^assets\/availability-[\w-]{8}\.js$/.test(f))).toBe(true);
    expect(sheets.some((f) => /^assets\/availability-[\w-]{8}\.css$/.test(f))).toBe(true);
    for (const f of [...preloads, ...sheets]) expect(existsSync(path.join(out, f)), f).toBe(true);
    // The legal pages' chunk on theirs, none of a page on the home page beyond the entry's own.
    expect(scriptsOf(page('/impressum')).some((s) => /^assets\/legal-[\w-]{8}\.js$/.test(s.file))).toBe(true);
    const [loader, ...app] = scriptsOf(page('/')).map((s) => s.file);
    expect(loader).toMatch(/^assets\/after-paint-[\w-]{8}\.js$/);
    expect(app).toEqual(scriptsOf(readFileSync(path.join(out, 'index.html'), 'utf8')).map((s) => s.file));
  });

  for (const p of ['/', '/login']) {
    it(`${p}: carries no zod schema and no time grid`, () => {
      for (const { file, code } of scriptsOf(page(p))) {
        expect(code.includes('$ZodObject') || code.includes('ZodError'), file).toBe(false);
        expect(file, file).not.toMatch(/^assets\/(availability|week-times|scheduling)-/);
      }
    });
  }

  it(`/: stays within ${BUDGET_KB} KB of brotli-compressed JavaScript`, () => {
    const scripts = scriptsOf(page('/'));
    const kb = scripts.reduce((sum, { code }) => sum + brotliCompressSync(code).length, 0) / 1024;
    console.info(`first load of /: ${kb.toFixed(1)} KB brotli in ${scripts.length} files`);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });
});
