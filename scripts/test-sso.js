// npm run test:sso: the university sign-in (OpenID Connect) against a real Keycloak. Fetches the Keycloak
// distribution from Maven Central when it is not cached, starts it with the realm of e2e/sso, builds and
// starts the product signing in only through it, and runs e2e/sso in Chromium. Ends with "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEYCLOAK_VERSION, startKeycloak } from './keycloak.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const e2ePort = Number(process.env.E2E_PORT ?? 19180);
const kcPort = Number(process.env.KEYCLOAK_PORT ?? 18443);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sp-sso-'));
let passed = 0;
let failed = 0;
let kc;

const finish = (code) => {
  console.log(`\nuniversity sign-in tests against Keycloak ${kc?.version ?? KEYCLOAK_VERSION} in ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code);
};

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    Promise.resolve(kc?.stop())
      .catch(() => undefined)
      .finally(() => {
        rmSync(tmp, { recursive: true, force: true });
        process.exit(130);
      });
  });
}

try {
  if (!process.env.SP_SKIP_BUILD) {
    const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      failed += 1;
      finish(1);
    }
  }
  // The realm's redirect URIs name the product's address: the port of this run.
  const realm = readFileSync(path.join(root, 'e2e/sso/realm-stundenplan.json'), 'utf8').replaceAll('http://localhost:19180', `http://localhost:${e2ePort}`);
  const realmFile = path.join(tmp, 'realm-stundenplan.json');
  writeFileSync(realmFile, realm);
  kc = await startKeycloak({ port: kcPort, realmFile, realm: 'stundenplan' });
  console.log(`Keycloak version: ${kc.version}`);

  const out = path.join(tmp, 'playwright.json');
  const run = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/sso/playwright.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SSO_ISSUER: kc.issuer, E2E_PORT: String(e2ePort), PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    passed += s.expected + (s.flaky ?? 0);
    failed += s.unexpected;
    if (run.status !== 0 && s.unexpected === 0) failed += 1;
  } else if (run.status !== 0) failed += 1;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  failed += 1;
} finally {
  await kc?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
finish(failed ? 1 : 0);
