import { PrismaPg } from '@prisma/adapter-pg';
import { writeOutbox, type Topic } from '@stundenplan/base';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';

export { Prisma, PrismaClient };
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

/**
 * Prisma over the service's own schema. The connection's search_path is set too, so the raw SQL
 * of the outbox (`outbox_events`) and of the locks lands in the same schema as the models.
 */
export function createPrisma(databaseUrl: string, schema: string): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: 10, options: `-c search_path=${schema}` }, { schema });
  return new PrismaClient({ adapter });
}

/** Writes one event into the outbox inside the caller's transaction. */
export function emit(tx: Tx, topic: Topic, key: string, payload: unknown): Promise<void> {
  return writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), topic, key, payload);
}

export function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';
}
