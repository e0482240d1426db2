// The first download of the web app (issue 28, docs/benchmarks.md "Web app, first load"): the scripts the home
// and login pages load at once (the entry chunk and what index.html preloads) carry no zod schema, and their
// brotli size stays within the budget measured when the schemas left it. Builds the app into a folder of its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Brotli of the first load in KiB (1024 bytes) on React 19 (issue 38): at most 130 on the home page. 107.7 when
 * React came back (58.8 on preact/compat before, 141 with the zod schemas in it).
 */
const BUDGET_KB = 130;

let out = '';
let html = '';
let firstLoad: { file: string; code: string }[] = [];

beforeAll(() => {
  out = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would build React's development version.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  html = readFileSync(path.join(out, 'index.html'), 'utf8');
  // Every script index.html loads: the early start (a classic script), the entry chunk and its preloads.
  const files = [...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  firstLoad = files.map((file) => ({ file, code: readFileSync(path.join(out, file), 'utf8') }));
}, 300_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('first load of the web app', () => {
  it('is the early start, then the entry chunk and its preloads', () => {
    expect(firstLoad.map((f) => f.file.replace(/-[\w-]{8}\.js$/, ''))).toEqual(expect.arrayContaining(['assets/boot', 'assets/index']));
    expect(firstLoad[0]!.file).toMatch(/^assets\/boot-[\w-]+\.js$/);
    expect(firstLoad[1]!.file).toMatch(/^assets\/index-[\w-]+\.js$/);
  });

  it('starts early with a classic script of its own that imports nothing and keeps its names to itself', () => {
    const boot = firstLoad[0]!;
    expect(html).toContain(`<script async fetchpriority="high" src="/${boot.file}"></script>`);
    expect(boot.code).toMatch(/^\(\(\) ?=> ?\{[^]*\}\)\(\);\s*$/);
    expect(boot.code).not.toMatch(/\bimport\b|\bexport\b/);
    expect(brotliCompressSync(boot.code).length).toBeLessThan(1024);
  });

  it("lists /student's files for the early start, before the script that reads them", () => {
    const block = /<script type="application\/json" id="early-files">([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(html.indexOf('id="early-files"')).toBeLessThan(html.indexOf(`src="/${firstLoad[0]!.file}"`));
    const files = JSON.parse(block![1]!) as Record<string, string[]>;
    const student = files['/student'] ?? [];
    expect(student.some((f) => /^\/assets\/availability-[\w-]{8}\.js$/.test(f))).toBe(true);
    expect(student.some((f) => f.endsWith('.css'))).toBe(true);
    for (const f of student) expect(readFileSync(path.join(out, f)).length, f).toBeGreaterThan(0);
    // Nothing the entry loads anyway.
    for (const { file } of firstLoad) expect(student).not.toContain(`/${file}`);
  });

  it('carries no zod schema (the contracts come from @stundenplan/contracts/routes)', () => {
    for (const { file, code } of firstLoad) expect(code.includes('$ZodObject') || code.includes('ZodError'), file).toBe(false);
  });

  it(`stays within ${BUDGET_KB} KB of brotli-compressed JavaScript`, () => {
    const kb = firstLoad.reduce((sum, { code }) => sum + brotliCompressSync(code).length, 0) / 1024;
    console.info(`first load of / and /login: ${kb.toFixed(1)} KB brotli in ${firstLoad.length} files`);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });
});
