import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import type { Logger } from '../src/logger.js';
import { sleep, waitFor as waitForShared } from '../src/testing/db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** The real PostgreSQL of this run (embedded, or DATABASE_URL when CI sets it). */
export function databaseUrl(): string {
  return inject('databaseUrl');
}

/** A schema name no other test file (or run) uses. */
export function randomSchema(prefix = 't'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

/** Run SQL as an admin connection outside any service pool. */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await client.query<R>(sql, values);
  } finally {
    await client.end();
  }
}

export async function dropSchemas(...schemas: string[]): Promise<void> {
  for (const s of schemas) await adminQuery(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
}

export async function tableExists(schema: string, table: string): Promise<boolean> {
  const { rowCount } = await adminQuery('SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2', [schema, table]);
  return rowCount === 1;
}

export const silentLogger: Logger = pino({ level: 'silent' });

/** Poll until `check` returns a truthy value or the time is up. */
export const waitFor = <T>(check: () => T | Promise<T>, timeoutMs = 5000, stepMs = 20): Promise<NonNullable<T>> => waitForShared(check, timeoutMs, stepMs);

export { sleep };

/** A promise plus its resolve function, for gating concurrent steps in a fixed order. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
