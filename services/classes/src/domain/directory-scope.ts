import type { Deps } from './context.js';

/**
 * Which registered students a teacher may see in the directory (DSGVO): students of the teacher's own
 * institution and students who are or were members of one of the teacher's classes (teacher_students,
 * filled by a trigger on members). Nobody else, whatever e-mail or name the teacher types.
 */
export interface DirectoryScope {
  teacherId: string;
  /** null when the teacher registered without an institution: then only the own classes' students. */
  institutionId: string | null;
}

export async function directoryScopeOf(deps: Deps, teacherId: string): Promise<DirectoryScope> {
  const row = await deps.db.userDirectory.findUnique({ where: { userId: teacherId }, select: { institutionId: true } });
  return { teacherId, institutionId: row?.institutionId || null };
}

/** Registered students (role 1) in the scope among these user ids. */
export async function studentsInScope(deps: Deps, scope: DirectoryScope, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await deps.db.userDirectory.findMany({
    where: {
      userId: { in: userIds },
      roleId: 1,
      OR: [
        ...(scope.institutionId ? [{ institutionId: scope.institutionId }] : []),
        {
          userId: {
            in: (await deps.db.teacherStudent.findMany({ where: { teacherId: scope.teacherId, userId: { in: userIds } }, select: { userId: true } })).map(
              (r) => r.userId,
            ),
          },
        },
      ],
    },
    select: { userId: true },
  });
  return new Set(rows.map((r) => r.userId));
}
