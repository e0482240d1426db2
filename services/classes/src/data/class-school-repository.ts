import type { Tx } from './prisma.js';

export interface ClassSchoolRow {
  schoolId: string;
  sites: string[];
  needs: string[];
}

/** A class's school settings (class_schools). */
export function classSchoolRepository(db: Tx) {
  return {
    find: (classId: string): Promise<ClassSchoolRow | null> =>
      db.classSchool.findUnique({ where: { classId }, select: { schoolId: true, sites: true, needs: true } }),

    async set(classId: string, row: ClassSchoolRow | null): Promise<void> {
      if (row === null) await db.classSchool.deleteMany({ where: { classId } });
      else await db.classSchool.upsert({ where: { classId }, create: { classId, ...row }, update: row });
    },
  };
}

export type ClassSchoolRepository = ReturnType<typeof classSchoolRepository>;
