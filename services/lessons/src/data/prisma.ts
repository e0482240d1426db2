import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from '@stundenplan/base';
import { PrismaClient } from '../generated/prisma/client.js';

export type { PrismaClient };

/** Prisma over the service's own pool (search_path = the service schema, like the outbox). */
export function createPrisma(pool: Pool, schema: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
}
