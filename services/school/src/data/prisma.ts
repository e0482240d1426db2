import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from '@stundenplan/base';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';

export { Prisma, PrismaClient };
export type Db = PrismaClient;

/** Prisma over the service's own pool (search_path = the service schema). */
export function createPrisma(pool: Pool, schema: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
}

/** A unique index refused the write (a name taken twice). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } } };
  return (
    err?.code === 'P2002' ||
    err?.meta?.driverAdapterError?.cause?.originalCode === '23505' ||
    err?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation'
  );
}

/** A foreign key refused the delete (a site that still has rooms). */
export function isForeignKeyViolation(e: unknown): boolean {
  const err = e as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } } };
  return err?.code === 'P2003' || err?.meta?.driverAdapterError?.cause?.originalCode === '23503';
}
