import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MigrationError, checksum, migrate, readMigrations, type Migration } from '../src/migrator.js';
import { adminQuery, databaseUrl, dropSchemas, randomSchema, tableExists } from './helpers.js';

const schemas: string[] = [];
function newSchema(): string {
  const s = randomSchema('t_mig');
  schemas.push(s);
  return s;
}

afterAll(async () => {
  await dropSchemas(...schemas);
});

const INIT: Migration = { name: '20250101000000_init', sql: 'CREATE TABLE teachers (id SERIAL PRIMARY KEY, name TEXT NOT NULL);' };
const ADD_EMAIL: Migration = { name: '20250102000000_add_email', sql: 'ALTER TABLE teachers ADD COLUMN email TEXT;' };
const SEED: Migration = { name: '20250103000000_seed', sql: "INSERT INTO teachers (name, email) VALUES ('Frau Müller', 'm@example.org');" };

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

async function migrationRows(schema: string): Promise<MigrationRow[]> {
  const { rows } = await adminQuery<MigrationRow>(`SELECT * FROM "${schema}"."_prisma_migrations" ORDER BY started_at, migration_name`);
  return rows;
}

describe('migrate', () => {
  it('applies migrations in the given order inside the schema and returns their names', async () => {
    const schema = newSchema();

    const applied = await migrate(databaseUrl(), schema, [INIT, ADD_EMAIL, SEED]);

    expect(applied).toEqual([INIT.name, ADD_EMAIL.name, SEED.name]);
    // SEED only works when ADD_EMAIL ran before it, and both after INIT.
    const { rows } = await adminQuery<{ name: string; email: string }>(`SELECT name, email FROM "${schema}".teachers`);
    expect(rows).toEqual([{ name: 'Frau Müller', email: 'm@example.org' }]);
    expect(await tableExists('public', 'teachers')).toBe(false);
  });

  it('records each migration in _prisma_migrations with its sha256 checksum', async () => {
    const schema = newSchema();

    await migrate(databaseUrl(), schema, [INIT, ADD_EMAIL]);

    const rows = await migrationRows(schema);
    expect(rows.map((r) => r.migration_name)).toEqual([INIT.name, ADD_EMAIL.name]);
    for (const [row, m] of [
      [rows[0], INIT],
      [rows[1], ADD_EMAIL],
    ] as const) {
      expect(row!.checksum).toBe(createHash('sha256').update(m.sql, 'utf8').digest('hex'));
      expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(row!.finished_at).toBeInstanceOf(Date);
      expect(row!.finished_at!.getTime()).toBeGreaterThanOrEqual(row!.started_at.getTime() - 1000);
      expect(row!.rolled_back_at).toBeNull();
      expect(row!.logs).toBeNull();
      expect(row!.applied_steps_count).toBe(1);
    }
    expect(checksum(INIT.sql)).toBe(rows[0]!.checksum);
  });

  it("creates _prisma_migrations with exactly Prisma's columns, types and defaults", async () => {
    const schema = newSchema();

    await migrate(databaseUrl(), schema, []);

    const { rows } = await adminQuery<{ column_name: string; data_type: string; len: number | null; is_nullable: string; column_default: string | null }>(
      `SELECT column_name, data_type, character_maximum_length AS len, is_nullable, column_default
         FROM information_schema.columns WHERE table_schema = $1 AND table_name = '_prisma_migrations' ORDER BY ordinal_position`,
      [schema],
    );
    expect(rows).toEqual([
      { column_name: 'id', data_type: 'character varying', len: 36, is_nullable: 'NO', column_default: null },
      { column_name: 'checksum', data_type: 'character varying', len: 64, is_nullable: 'NO', column_default: null },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES', column_default: null },
      { column_name: 'migration_name', data_type: 'character varying', len: 255, is_nullable: 'NO', column_default: null },
      { column_name: 'logs', data_type: 'text', len: null, is_nullable: 'YES', column_default: null },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES', column_default: null },
      { column_name: 'started_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'NO', column_default: 'now()' },
      { column_name: 'applied_steps_count', data_type: 'integer', len: null, is_nullable: 'NO', column_default: '0' },
    ]);
    const pk = await adminQuery<{ column_name: string }>(
      `SELECT k.column_name FROM information_schema.table_constraints c
         JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
        WHERE c.table_schema = $1 AND c.table_name = '_prisma_migrations' AND c.constraint_type = 'PRIMARY KEY'`,
      [schema],
    );
    expect(pk.rows).toEqual([{ column_name: 'id' }]);
  });

  it('applies nothing on a second run and does not execute the SQL again', async () => {
    const schema = newSchema();
    await migrate(databaseUrl(), schema, [INIT, ADD_EMAIL, SEED]);

    const second = await migrate(databaseUrl(), schema, [INIT, ADD_EMAIL, SEED]);

    expect(second).toEqual([]);
    expect(await migrationRows(schema)).toHaveLength(3);
    const { rows } = await adminQuery<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".teachers`);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('applies only the new migrations when more were added since the last run', async () => {
    const schema = newSchema();
    await migrate(databaseUrl(), schema, [INIT]);

    const applied = await migrate(databaseUrl(), schema, [INIT, ADD_EMAIL]);

    expect(applied).toEqual([ADD_EMAIL.name]);
    expect((await migrationRows(schema)).map((r) => r.migration_name)).toEqual([INIT.name, ADD_EMAIL.name]);
  });
});

describe('migrate: changed and failing migrations', () => {
  it('refuses a migration whose SQL changed after it was applied and applies nothing after it', async () => {
    const schema = newSchema();
    await migrate(databaseUrl(), schema, [INIT]);
    const changed: Migration = { name: INIT.name, sql: `${INIT.sql}\n-- edited later` };

    const run = migrate(databaseUrl(), schema, [changed, ADD_EMAIL]);

    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(run).rejects.toThrow(`migration ${INIT.name} in schema ${schema} was changed after it was applied`);
    expect((await migrationRows(schema)).map((r) => r.migration_name)).toEqual([INIT.name]);
    const cols = await adminQuery(`SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'teachers' AND column_name = 'email'`, [
      schema,
    ]);
    expect(cols.rowCount).toBe(0);
  });

  it('rolls a failing migration back completely: no partial table, no record, earlier ones kept', async () => {
    const schema = newSchema();
    const broken: Migration = {
      name: '20250102000000_broken',
      sql: "CREATE TABLE half_done (id INT);\nINSERT INTO teachers (name) VALUES ('x');\nINSERT INTO no_such_table VALUES (1);",
    };

    const run = migrate(databaseUrl(), schema, [INIT, broken, SEED]);

    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(run).rejects.toThrow(/migration 20250102000000_broken in schema .* failed: .*no_such_table/);
    expect(await tableExists(schema, 'half_done')).toBe(false);
    expect(await tableExists(schema, 'teachers')).toBe(true);
    const { rows } = await adminQuery<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".teachers`);
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await migrationRows(schema)).map((r) => r.migration_name)).toEqual([INIT.name]);
  });

  it('applies a fixed migration on the next run after an earlier failure', async () => {
    const schema = newSchema();
    await expect(migrate(databaseUrl(), schema, [INIT, { name: ADD_EMAIL.name, sql: 'ALTER TABLE nope ADD COLUMN email TEXT;' }])).rejects.toThrow(
      MigrationError,
    );

    const applied = await migrate(databaseUrl(), schema, [INIT, ADD_EMAIL]);

    expect(applied).toEqual([ADD_EMAIL.name]);
  });

  it('applies each migration exactly once when two processes migrate the same schema at the same time', async () => {
    const schema = newSchema();
    // Not idempotent on purpose: a second application would fail (duplicate table / duplicate key).
    const migrations: Migration[] = [
      { name: '20250101000000_slow', sql: 'CREATE TABLE slow (id INT PRIMARY KEY); SELECT pg_sleep(0.3); INSERT INTO slow VALUES (1);' },
      { name: '20250102000000_second', sql: 'CREATE TABLE second (id INT PRIMARY KEY);' },
      { name: '20250103000000_third', sql: 'INSERT INTO slow VALUES (3);' },
    ];

    const [a, b] = await Promise.all([migrate(databaseUrl(), schema, migrations), migrate(databaseUrl(), schema, migrations)]);

    expect([...a, ...b].sort()).toEqual(migrations.map((m) => m.name));
    expect(a.length === 0 || b.length === 0).toBe(true);
    const rows = await migrationRows(schema);
    expect(rows.map((r) => r.migration_name).sort()).toEqual(migrations.map((m) => m.name));
    const slow = await adminQuery<{ id: number }>(`SELECT id FROM "${schema}".slow ORDER BY id`);
    expect(slow.rows).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('rejects a schema name that is not a plain lower-case identifier', async () => {
    await expect(migrate(databaseUrl(), 'bad"; DROP SCHEMA public; --', [INIT])).rejects.toThrow('invalid SQL identifier');
  });
});

describe('readMigrations', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  function folder(): string {
    const d = mkdtempSync(path.join(os.tmpdir(), 'sp-mig-'));
    dirs.push(d);
    return d;
  }
  function addMigration(dir: string, name: string, sql: string): void {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }

  it('reads only <14 digits>_<snake_case> folders, sorted by name, with their SQL', async () => {
    const dir = folder();
    addMigration(dir, '20250102000000_add_email', 'ALTER 2;');
    addMigration(dir, '20250101000000_init', 'CREATE 1;');
    addMigration(dir, '2025010100000_short_stamp', 'x');
    addMigration(dir, '202501010000000_long_stamp', 'x');
    addMigration(dir, '20250101000000_CamelCase', 'x');
    addMigration(dir, '20250101000000-dash', 'x');
    addMigration(dir, '20250101000000_', 'x');
    addMigration(dir, 'init', 'x');
    writeFileSync(path.join(dir, 'migration_lock.toml'), 'provider = "postgresql"\n');
    writeFileSync(path.join(dir, 'README.md'), '# notes\n');

    const migrations = await readMigrations(dir);

    expect(migrations).toEqual([
      { name: '20250101000000_init', sql: 'CREATE 1;' },
      { name: '20250102000000_add_email', sql: 'ALTER 2;' },
    ]);
  });

  it('returns no migrations for a folder that does not exist', async () => {
    expect(await readMigrations(path.join(os.tmpdir(), `sp-missing-${Date.now()}`))).toEqual([]);
  });

  it('keeps the file bytes exactly so the checksum matches what Prisma computes', async () => {
    const dir = folder();
    const sql = '-- CreateTable\r\nCREATE TABLE "Ä" (id INT);\n\n';
    addMigration(dir, '20250101000000_init', sql);

    const [m] = await readMigrations(dir);

    expect(m!.sql).toBe(sql);
    expect(checksum(m!.sql)).toBe(createHash('sha256').update(Buffer.from(sql, 'utf8')).digest('hex'));
  });
});
