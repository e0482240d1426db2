// A real Keycloak for the university sign-in tests: the keycloak-quarkus-dist distribution from Maven
// Central (fetched once with mvn into a cache outside the repository), started in dev mode with an
// in-memory database and the realm of e2e/sso imported.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const KEYCLOAK_VERSION = process.env.KEYCLOAK_VERSION ?? '26.5.6';
const cacheDir = process.env.KEYCLOAK_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'stundenplan', 'keycloak');

/** The unpacked distribution (downloaded with `mvn dependency:copy` when missing). */
export function ensureKeycloak(log = (m) => console.log(m)) {
  const home = path.join(cacheDir, `keycloak-${KEYCLOAK_VERSION}`);
  if (existsSync(path.join(home, 'bin', 'kc.sh'))) return home;
  mkdirSync(cacheDir, { recursive: true });
  const archive = path.join(cacheDir, `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.tar.gz`);
  if (!existsSync(archive)) {
    log(`Keycloak ${KEYCLOAK_VERSION}: fetching org.keycloak:keycloak-quarkus-dist from Maven Central …`);
    const mvn = spawnSync(
      'mvn',
      ['-q', '-B', 'dependency:copy', `-Dartifact=org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:tar.gz`, `-DoutputDirectory=${cacheDir}`],
      { stdio: 'inherit', cwd: cacheDir },
    );
    if (mvn.status !== 0 || !existsSync(archive)) throw new Error(`mvn dependency:copy of keycloak-quarkus-dist ${KEYCLOAK_VERSION} failed`);
  }
  const tar = spawnSync('tar', ['xzf', archive, '-C', cacheDir], { stdio: 'inherit' });
  if (tar.status !== 0 || !existsSync(path.join(home, 'bin', 'kc.sh'))) throw new Error(`unpacking ${archive} failed`);
  return home;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts Keycloak (`kc.sh start-dev`, in-memory H2) on `port` with `realmFile` imported and waits until the
 * realm's discovery document answers. Resolves { version, issuer, stop }.
 */
export async function startKeycloak({ port, realmFile, realm, timeoutMs = 300_000, log = (m) => console.log(m) }) {
  const home = ensureKeycloak(log);
  // version.txt reads 'Keycloak - Version 26.5.6'.
  const version = /\d+\.\d+\.\d+\S*/.exec(readFileSync(path.join(home, 'version.txt'), 'utf8'))?.[0] ?? KEYCLOAK_VERSION;
  const importDir = path.join(home, 'data', 'import');
  rmSync(importDir, { recursive: true, force: true });
  mkdirSync(importDir, { recursive: true });
  copyFileSync(realmFile, path.join(importDir, path.basename(realmFile)));
  const args = ['start-dev', `--http-port=${port}`, `--http-management-port=${port + 1}`, '--import-realm', '--db=dev-mem'];
  const started = Date.now();
  const child = spawn(path.join(home, 'bin', 'kc.sh'), args, {
    cwd: home,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, JAVA_OPTS_KC_HEAP: '-Xms64m -Xmx768m' },
  });
  let output = '';
  const keep = (b) => {
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));

  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    for (let i = 0; i < 100 && !exited; i++) await sleep(100);
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  };

  const issuer = `http://localhost:${port}/realms/${realm}`;
  while (Date.now() - started < timeoutMs) {
    if (exited) throw new Error(`Keycloak ended (${JSON.stringify(exited)}) before it was ready:\n${output}`);
    try {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (res.ok) {
        log(`Keycloak ${version} ready on port ${port} after ${Math.round((Date.now() - started) / 1000)} s`);
        return { version, issuer, stop, output: () => output };
      }
    } catch {
      /* not up yet */
    }
    await sleep(500);
  }
  await stop();
  throw new Error(`Keycloak not ready after ${timeoutMs / 1000} s:\n${output}`);
}
