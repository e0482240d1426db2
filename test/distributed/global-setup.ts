import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS module of the repository
import { dropDatabase, ensureDatabase, ensureKafka, MACHINE_POSTGRES } from '../../scripts/distributed/infra.js';

/**
 * One Kafka broker and one fresh database for the run. Without java/mvn the Kafka suites skip with the
 * reason printed; with CI=true a broker that cannot start fails the run instead.
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
  return async () => {
    if (!('skipped' in kafka)) await kafka.stop();
    await dropDatabase(databaseUrl).catch(() => undefined);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    kafka: { brokers?: string; version?: string; skipped?: string };
  }
}
