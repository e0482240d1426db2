import type { UserDirectory } from '../generated/prisma/client.js';
import type { Tx } from './prisma.js';

export interface DirectoryEntry {
  userId: string;
  name?: string;
  email?: string;
  roleId?: number;
  duration?: number | null;
  institutionId?: string | null;
  institutionName?: string | null;
}

export interface StudentHit {
  user_id: string;
  name: string;
  email: string;
  duration: number | null;
}

/** The replica of the auth service's users (user_directory) and the teacher-student pairs (teacher_students). */
export function directoryRepository(db: Tx) {
  return {
    findUser: (userId: string): Promise<UserDirectory | null> => db.userDirectory.findUnique({ where: { userId } }),

    /** Registered students (role 1) among these user ids. */
    studentsByIds: (userIds: string[]): Promise<UserDirectory[]> => db.userDirectory.findMany({ where: { userId: { in: userIds }, roleId: 1 } }),

    /** Registered students (role 1) with one of these e-mails. */
    studentsByEmails: (emails: string[]): Promise<UserDirectory[]> => db.userDirectory.findMany({ where: { roleId: 1, email: { in: emails } } }),

    /** Registered students among these user ids who are in the institution (when given) or were members of the teacher's classes. */
    async studentsInScope(scope: { teacherId: string; institutionId: string | null }, userIds: string[]): Promise<Set<string>> {
      const pairs = await db.teacherStudent.findMany({ where: { teacherId: scope.teacherId, userId: { in: userIds } }, select: { userId: true } });
      const rows = await db.userDirectory.findMany({
        where: {
          userId: { in: userIds },
          roleId: 1,
          OR: [...(scope.institutionId ? [{ institutionId: scope.institutionId }] : []), { userId: { in: pairs.map((r) => r.userId) } }],
        },
        select: { userId: true },
      });
      return new Set(rows.map((r) => r.userId));
    },

    /** Students whose name or e-mail local part matches the LIKE pattern, in the teacher's scope, at most `limit`. */
    searchStudents: (scope: { teacherId: string; institutionId: string | null }, pattern: string, limit: number): Promise<StudentHit[]> =>
      db.$queryRaw<StudentHit[]>`
        SELECT d.user_id, d.name, d.email, d.duration FROM user_directory d
        WHERE d.role_id = 1
          AND (lower(d.name) LIKE ${pattern} ESCAPE '\\' OR split_part(d.email, '@', 1) LIKE ${pattern} ESCAPE '\\')
          AND ((${scope.institutionId}::text IS NOT NULL AND d.institution_id = ${scope.institutionId}::text)
            OR EXISTS (SELECT 1 FROM teacher_students t WHERE t.teacher_id = ${scope.teacherId} AND t.user_id = d.user_id))
        ORDER BY lower(d.name), d.email
        LIMIT ${limit}`,

    /** Insert or update; fields missing from `entry` keep their value (new rows get the defaults). */
    async upsertUser(entry: DirectoryEntry): Promise<void> {
      const { userId, ...data } = entry;
      await db.userDirectory.upsert({
        where: { userId },
        create: { userId, name: data.name ?? '', email: data.email ?? '', roleId: data.roleId ?? 1, ...data },
        update: data,
      });
    },

    /** The directory row and the directory scope of a deleted account (DSGVO). */
    async deleteUser(userId: string): Promise<void> {
      await db.userDirectory.deleteMany({ where: { userId } });
      await db.teacherStudent.deleteMany({ where: { OR: [{ userId }, { teacherId: userId }] } });
    },
  };
}

export type DirectoryRepository = ReturnType<typeof directoryRepository>;
