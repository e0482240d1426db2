import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from '@stundenplan/base';
import { PrismaClient } from '../generated/prisma/client.js';

export type { PrismaClient };

/**
 * Prisma over the service's own pool: its connections already have search_path set to the
 * service schema, so raw statements (the outbox insert) land in the same schema as the models.
 */
export function createPrisma(pool: Pool, schema: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
}
