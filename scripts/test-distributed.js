// `npm run test:distributed`: builds, then runs test/distributed (the kafkajs adapter against a real
// broker, and the whole product as one OS process per service) against the machine's PostgreSQL and
// Redis (DATABASE_URL / REDIS_URL to use others) and a local Kafka broker (KAFKA_BROKERS to use
// another). Without java/mvn the suites skip with the reason printed; with CI=true they fail instead.
// Ends with one line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' };
const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...opts }).status ?? 1;

if (process.env.SP_SKIP_BUILD !== '1' && run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']) !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const chrome = ensureChromium();
if (chrome) env.CHROME_PATH ??= chrome;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'sp-dist-'));
const out = path.join(tmp, 'vitest.json');
const code = run('npx', [
  'vitest',
  'run',
  '--config',
  'test/distributed/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...process.argv.slice(2),
]);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (code !== 0 && failed === 0) failed = Math.max(1, r.numFailedTestSuites ?? 0);
} else if (code !== 0) failed = 1;
rmSync(tmp, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
