import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { assertIdentifier } from './db.js';

/**
 * Applies SQL migrations kept in Prisma's folder layout (prisma/migrations/<ts>_<name>/migration.sql)
 * and records them in a Prisma-compatible _prisma_migrations table, so `prisma migrate deploy`
 * elsewhere sees them as applied. Prisma's own migrate needs a native engine these machines lack.
 */
export interface Migration {
  name: string;
  sql: string;
}

export class MigrationError extends Error {}

const PRISMA_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

export async function readMigrations(dir: string): Promise<Migration[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return [];
  }
  const names = entries.filter((n) => /^\d{14}_[a-z0-9_]+$/.test(n)).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name, 'migration.sql'), 'utf8') })));
}

function lockKey(schema: string): number {
  return createHash('sha256').update(`migrate:${schema}`).digest().readInt32BE(0);
}

/** Apply pending migrations of one schema; returns the names applied now. */
export async function migrate(databaseUrl: string, schema: string, migrations: Migration[]): Promise<string[]> {
  assertIdentifier(schema);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey(schema)]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    await client.query(PRISMA_TABLE_DDL);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    for (const m of migrations) {
      const sum = checksum(m.sql);
      const prev = done.get(m.name);
      if (prev) {
        if (prev.checksum !== sum) throw new MigrationError(`migration ${m.name} in schema ${schema} was changed after it was applied`);
        if (!prev.finished_at) throw new MigrationError(`migration ${m.name} in schema ${schema} failed earlier; fix it by hand`);
        continue;
      }
      await client.query('BEGIN');
      try {
        const started = new Date();
        await client.query(m.sql);
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1,$2,now(),$3,$4,1)',
          [randomUUID(), sum, m.name, started],
        );
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new MigrationError(`migration ${m.name} in schema ${schema} failed: ${(e as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end();
  }
  return applied;
}

/** Tables every service with events needs; applied before the service's own migrations. */
export const PLATFORM_MIGRATIONS: Migration[] = [
  {
    name: '00000000000000_platform_events',
    sql: `CREATE TABLE outbox_events (
  id UUID PRIMARY KEY,
  topic TEXT NOT NULL,
  key TEXT NOT NULL,
  payload JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  published_at TIMESTAMPTZ,
  attempts INTEGER NOT NULL DEFAULT 0,
  seq BIGSERIAL NOT NULL
);
CREATE INDEX outbox_events_pending_idx ON outbox_events (seq) WHERE published_at IS NULL;
CREATE TABLE processed_events (
  event_id UUID NOT NULL,
  consumer TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'done',
  attempts INTEGER NOT NULL DEFAULT 1,
  last_error TEXT,
  processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, consumer)
);`,
  },
];

export async function migrateService(databaseUrl: string, schema: string, migrationsDir: string): Promise<string[]> {
  const own = await readMigrations(migrationsDir);
  return migrate(databaseUrl, schema, [...PLATFORM_MIGRATIONS, ...own]);
}
