import type { Prisma } from '../generated/prisma/client.js';

/** A client to read and write with: the service's Prisma client or one of its transactions. */
export type Db = Prisma.TransactionClient;

/**
 * Serialises the changes of one class's dated lessons (a cancellation, a swap made): a transaction-scoped
 * PostgreSQL advisory lock on the class. Whoever changes a lesson takes it first in the transaction of the change,
 * then checks the lesson again against what is committed: of two changes of one lesson at once, the second sees
 * the first (docs/product/semester.md).
 */
export async function lockClassTimeline(tx: Db, classId: string): Promise<void> {
  await tx.$queryRawUnsafe('SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 0))) l', `lesson-timeline:${classId}`);
}
