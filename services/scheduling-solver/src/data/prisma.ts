import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from '@stundenplan/base';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

/**
 * Prisma on the service's own pg pool: model queries name the schema explicitly, and raw SQL
 * (the outbox insert) runs with the pool's search_path set to the same schema.
 */
export function createPrisma(pool: Pool, schema: string): Db {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
}
