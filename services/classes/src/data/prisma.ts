import { PrismaPg } from '@prisma/adapter-pg';
import { writeOutbox, type EventPayload, type Pool, type Topic } from '@stundenplan/base';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';

export { Prisma, PrismaClient };
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

/**
 * Prisma over the service's own pool: its connections have search_path set to the service schema,
 * so the raw SQL of the outbox (`outbox_events`) and of the locks lands in the same schema as the
 * models, and a connection PostgreSQL drops (e.g. while shutting down) is handled by the pool.
 */
export function createPrisma(pool: Pool, schema: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
}

/** Writes one event into the outbox inside the caller's transaction. */
export function emit<T extends Topic>(tx: Tx, topic: T, key: string, payload: EventPayload<T>): Promise<void> {
  return writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), topic, key, payload);
}

/** For `.then`: runs `fn` after a write resolved, then passes its result on. */
export const after =
  (fn: () => Promise<void>) =>
  async <T>(value: T): Promise<T> => {
    await fn();
    return value;
  };

export function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';
}
