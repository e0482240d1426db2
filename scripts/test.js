// `npm test`: build everything, run every Vitest project against real PostgreSQL (embedded unless
// DATABASE_URL is set), then the Playwright end-to-end tests against the running product.
// Stages can be named: `npm test -- unit` (tests beside the code, `src/`), `service` (every other
// Vitest file: services over HTTP and gRPC with PostgreSQL, the whole stack, scripts), `e2e` (browser).
// Without a name: all three. Ends with one line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, ensureCommand } from './ensure-chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
// `--project <name>` (repeatable) narrows the Vitest stages to those projects (.ci/run: the suites that use a database).
const projects = argv.flatMap((a, i) => (argv[i - 1] === '--project' ? ['--project', a] : []));
const args = argv.filter((a, i) => a !== '--project' && argv[i - 1] !== '--project');
const only = (name) => !args.length || args.includes(name);
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' };

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env, ...opts });
  return r.status ?? 1;
}

/** Titles of the Playwright tests that failed first and passed on their retry (status "flaky"). */
function flakyTitles(report) {
  const titles = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'flaky')) titles.push([...trail, spec.title].filter(Boolean).join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}

let passed = 0;
let failed = 0;
let skipped = 0;

if (run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']) !== 0) {
  console.error('Build fehlgeschlagen.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// The PDF and browser tests need Chromium, the PDF picture checks pdftoppm/pdftotext (poppler-utils).
const chrome = ensureChromium();
if (chrome) env.CHROME_PATH ??= chrome;
ensureCommand('pdftoppm', 'poppler-utils', { purpose: 'PDF-Prüfungen der Tests' });

const tmp = mkdtempSync(path.join(os.tmpdir(), 'sp-test-'));
// As root, embedded PostgreSQL runs as the 'postgres' user, which must reach its data folder.
if (process.getuid?.() === 0) chmodSync(tmp, 0o755);
let stopDb;
if (!env.DATABASE_URL) {
  const { startEmbeddedPostgres } = await import('../packages/base/dist/embedded-postgres.js');
  const db = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), portRange: [15500, 16499], database: 'test', persistent: false, durable: false });
  env.DATABASE_URL = db.url;
  stopDb = () => db.stop();
}

// Ctrl-C or a CI timeout: stop our database and clean up before leaving.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    Promise.resolve(stopDb?.())
      .catch(() => undefined)
      .finally(() => {
        rmSync(tmp, { recursive: true, force: true });
        process.exit(130);
      });
  });
}

try {
  const vitest = (label, filter) => {
    const out = path.join(tmp, `vitest-${label}.json`);
    const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...projects, ...filter]);
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      if (code !== 0 && r.numFailedTests === 0) failed += Math.max(1, r.numFailedTestSuites ?? 0);
    } else if (code !== 0) failed += 1;
  };
  // Unit tests sit beside the code (`src/`); every other Vitest file is a service-level test.
  if (only('unit') && only('service')) vitest('all', []);
  else if (only('unit')) vitest('unit', ['src/']);
  else if (only('service')) vitest('service', ['--exclude', '**/src/**']);
  if (only('e2e')) {
    const out = path.join(tmp, 'playwright.json');
    const code = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_DATA_DIR: path.join(tmp, 'e2e') },
    });
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const s = report.stats;
      for (const title of flakyTitles(report)) console.log(`flaky (failed once, passed on its retry): ${title}`);
      passed += s.expected + (s.flaky ?? 0);
      failed += s.unexpected;
      skipped += s.skipped;
      if (code !== 0 && s.unexpected === 0) failed += 1;
    } else if (code !== 0) failed += 1;
  }
} finally {
  await stopDb?.();
  rmSync(tmp, { recursive: true, force: true });
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
