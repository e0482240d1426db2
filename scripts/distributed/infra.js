// The infrastructure of distributed mode on one machine: PostgreSQL, Redis and Kafka, each taken from
// the environment when given, otherwise the machine's own (PostgreSQL, Redis) or the local broker.
import pg from 'pg';
import { createClient } from 'redis';
import { kafkaUnavailableReason, startKafka } from '../kafka-local.js';

export const MACHINE_POSTGRES = 'postgresql://postgres@127.0.0.1:5432';
export const MACHINE_REDIS = 'redis://127.0.0.1:6379';

/** Creates the database of `url` when it is missing (connecting to `postgres` on the same server). */
export async function ensureDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`database name "${name}" in DATABASE_URL is not supported`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } catch (e) {
    if (e.code !== '42P04') throw e; // created by a parallel run meanwhile
  } finally {
    await client.end();
  }
  return url;
}

export async function dropDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function pingRedis(url) {
  const c = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 3000 } });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.ping();
  } finally {
    await c.quit().catch(() => undefined);
  }
}

/**
 * KAFKA_BROKERS when set; otherwise the local broker of scripts/kafka-local.js. Without java/mvn that
 * is impossible: `required` (CI) turns it into an error, otherwise the reason comes back to print.
 */
export async function ensureKafka({ brokers = process.env.KAFKA_BROKERS, dataDir, port, required = process.env.CI === 'true', quiet } = {}) {
  if (brokers) return { brokers, version: 'extern', stop: async () => undefined, kill: async () => undefined };
  const reason = kafkaUnavailableReason();
  if (reason) {
    if (required) throw new Error(`the local Kafka broker cannot start: ${reason}`);
    return { skipped: reason };
  }
  return startKafka({ dataDir, port, quiet });
}
