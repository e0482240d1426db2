import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** A pool whose connections all work inside one service's schema. */
export function createPool(databaseUrl: string, schema: string, max = 10): pg.Pool {
  assertIdentifier(schema);
  const pool = new pg.Pool({ connectionString: databaseUrl, max, options: `-c search_path=${schema}` });
  pool.on('error', () => {
    /* idle client errors surface on the next query; readiness reports them */
  });
  return pool;
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid SQL identifier: ${name}`);
}

export async function withTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

export async function pingDatabase(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while this process holds a PostgreSQL session advisory lock on `key`; answers null without
 * running it when another session (another replica) holds the lock. The lock dies with its connection.
 */
export async function withSessionLock<T>(pool: pg.Pool, key: string, work: () => Promise<T>): Promise<T | null> {
  const client = await pool.connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [key]);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => {
        broken = true;
      });
    }
  } catch (e) {
    broken = true;
    throw e;
  } finally {
    // A connection that may still hold the lock is closed, not given back to the pool.
    client.release(broken);
  }
}
