import type { PrismaClient } from '../generated/prisma/client.js';

export interface SchoolRow {
  id: string;
  name: string;
}

export interface AdminRow {
  userId: string;
  name: string;
  email: string;
}

/** Schools and their administrators. */
export class SchoolRepository {
  constructor(private readonly db: PrismaClient) {}

  find(id: string): Promise<SchoolRow | null> {
    return this.db.school.findUnique({ where: { id }, select: { id: true, name: true } });
  }

  /** The schools where the account is an administrator. */
  administeredBy(userId: string): Promise<SchoolRow[]> {
    return this.db.school.findMany({ where: { admins: { some: { userId } } }, select: { id: true, name: true }, orderBy: { name: 'asc' } });
  }

  async isAdmin(schoolId: string, userId: string): Promise<boolean> {
    return (await this.db.schoolAdmin.count({ where: { schoolId, userId } })) > 0;
  }

  admins(schoolId: string): Promise<AdminRow[]> {
    return this.db.schoolAdmin.findMany({ where: { schoolId }, select: { userId: true, name: true, email: true }, orderBy: { name: 'asc' } });
  }

  /** Removes a deleted account from every school's administrators; how many rows went. */
  async removeAccount(userId: string): Promise<number> {
    return (await this.db.schoolAdmin.deleteMany({ where: { userId } })).count;
  }

  /** Creates the school when it is not there yet, then the administrator; false when they already were one. */
  async addAdmin(school: SchoolRow, admin: AdminRow): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      await tx.school.upsert({ where: { id: school.id }, create: school, update: {} });
      const existing = await tx.schoolAdmin.findUnique({ where: { schoolId_userId: { schoolId: school.id, userId: admin.userId } } });
      if (existing) return false;
      await tx.schoolAdmin.create({ data: { schoolId: school.id, ...admin } });
      return true;
    });
  }
}
