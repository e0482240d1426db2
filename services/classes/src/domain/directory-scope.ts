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
  const row = await deps.data.directory.findUser(teacherId);
  return { teacherId, institutionId: row?.institutionId || null };
}

/** Registered students (role 1) in the scope among these user ids. */
export async function studentsInScope(deps: Deps, scope: DirectoryScope, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  return deps.data.directory.studentsInScope(scope, userIds);
}
