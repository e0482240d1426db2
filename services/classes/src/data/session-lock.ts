import type { Pool } from '@stundenplan/base';

/**
 * Runs `work` while this process holds a PostgreSQL session advisory lock on `key`; answers null without
 * running it when another session (another replica) holds the lock. The lock dies with its connection.
 */
export async function withSessionLock<T>(pool: Pool, key: string, work: () => Promise<T>): Promise<T | null> {
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
