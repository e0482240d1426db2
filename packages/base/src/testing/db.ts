import pg from 'pg';

/** Test helpers shared by the services' database tests. */

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One query on a fresh connection (tests look into the database behind a service). */
export async function queryAt<R extends pg.QueryResultRow = pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function dropSchemasAt(databaseUrl: string, schemas: string[]): Promise<void> {
  for (const s of schemas) await queryAt(databaseUrl, `DROP SCHEMA IF EXISTS "${s}" CASCADE`);
}

/** Polls `check` until it answers something truthy; a timeout names the last error seen. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 8000, stepMs = 25): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() > until) throw new Error(`waitFor timed out after ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(stepMs);
  }
}
