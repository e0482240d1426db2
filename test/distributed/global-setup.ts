import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS module of the repository
import { dropDatabase, ensureDatabase, ensureKafka, MACHINE_POSTGRES, MACHINE_REDIS } from '../../scripts/distributed/infra.js';
import { RedisStore } from '../../packages/base/src/store.js';

/**
 * One Kafka broker, one fresh database and one Redis key prefix for the run. Without java/mvn the Kafka
 * suites skip with the reason printed; with CI=true a broker that cannot start fails the run instead.
 * The run's Redis keys (sessions, rate limits, mail budgets) are deleted at the end: a later
 * `npm run start:distributed` on the same Redis must not obey the tests' counters.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : new URL(`${MACHINE_POSTGRES}/postgres`);
  base.pathname = `/sp_dist_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const databaseUrl = await ensureDatabase(base.toString());
  const kafka = await ensureKafka({ quiet: true });
  if ('skipped' in kafka) {
    console.warn(`SKIPPED Kafka suites: ${kafka.skipped}`);
    project.provide('kafka', { skipped: kafka.skipped });
  } else {
    console.log(`Kafka ${kafka.version} started for the distributed tests on ${kafka.brokers}`);
    project.provide('kafka', { brokers: kafka.brokers, version: kafka.version });
  }
  project.provide('databaseUrl', databaseUrl);
  const redis = { url: process.env.REDIS_URL || MACHINE_REDIS, keyPrefix: `sptest-${randomUUID().slice(0, 8)}:` };
  project.provide('redis', redis);
  return async () => {
    if (!('skipped' in kafka)) await kafka.stop();
    await dropDatabase(databaseUrl).catch(() => undefined);
    await deleteRedisKeys(redis.url, redis.keyPrefix);
  };
}

/** Deletes the run's keys; a Redis that is not there (the suites that need it failed already) is no error here. */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const store = await RedisStore.connect(url, prefix).catch(() => undefined);
  if (!store) return;
  try {
    await store.deleteAll();
  } finally {
    await store.close();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The machine's Redis (or REDIS_URL) and the prefix of this run's keys. */
    redis: { url: string; keyPrefix: string };
    kafka: { brokers?: string; version?: string; skipped?: string };
  }
}
