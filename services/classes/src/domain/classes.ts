import { randomUUID } from 'node:crypto';
import { AppError, ChangeScope, Topic, untracked, type TrackScopes } from '@stundenplan/base';
import type { ClassRepository } from '../data/class-repository.js';
import { isUniqueViolation } from '../data/repositories.js';
import type { Class } from '../generated/prisma/client.js';
import type { Deps } from './context.js';
import { toClassDto, type ClassDto } from './dto.js';
import { MSG } from './messages.js';
import { timesScopes } from './read-cache.js';
import { generateShortcut, isWellFormedShortcut } from './register-shortcut.js';
import { MAX_CLASSES_PER_TEACHER } from './validation.js';
import { WORDS } from './words.js';

const WORD_SET = new Set(WORDS);
const SHORTCUT_ATTEMPTS = 10;

/**
 * Ownership rule (the same for every teacher route and for gRPC GetClass/ListMembers with a teacher_id):
 * a class id that does not exist, is not a UUID or belongs to another teacher -> 404 'Klasse/Kurs nicht
 * gefunden'. One answer for all three, so no caller learns whether someone else's class exists.
 */
export async function assertOwnsClass(classes: ClassRepository, classId: string, teacherId: string): Promise<Class> {
  const c = await classes.findById(classId);
  if (!c || c.teacherId !== teacherId) throw AppError.notFound(MSG.classNotFound);
  return c;
}

/** Locks the class row for the rest of the transaction (member limit, e-mail uniqueness) and checks the owner. */
export async function lockOwnedClass(classes: ClassRepository, classId: string, teacherId: string | null): Promise<Class> {
  const c = await classes.lockById(classId);
  if (!c || (teacherId !== null && c.teacherId !== teacherId)) throw AppError.notFound(MSG.classNotFound);
  return c;
}

/**
 * The teacher's classes with member counts and, per class, how many members have entered times
 * (own times of registered students or teacher-entered times; `answered_count` null when the
 * availability service cannot tell, and then `complete` is false). `track` learns the change scopes
 * before each read (read-cache.ts).
 */
export async function listTeacherClasses(deps: Deps, teacherId: string, track: TrackScopes = untracked): Promise<{ classes: ClassDto[]; complete: boolean }> {
  await track([ChangeScope.classes]);
  const rows = await deps.data.classes.listOfTeacherWithMemberIds(teacherId);
  const withMembers = rows.filter((c) => c.members.length);
  await track(withMembers.flatMap((c) => timesScopes(c.classId, c.members)));
  const answered = await deps.availability.countAnswered(withMembers);
  let next = 0;
  const classes = rows.map((c) => ({
    ...toClassDto(c, c.members.length),
    answered_count: !c.members.length ? 0 : answered ? (answered[next++] ?? null) : null,
  }));
  return { classes, complete: answered !== null };
}

/** A code made only of words of the list (what the generator could have produced). */
export function isAcceptableShortcut(v: unknown): v is string {
  return isWellFormedShortcut(v) && v.split('-').every((w) => WORD_SET.has(w));
}

/** A fresh code that no class uses at the moment of asking (uniqueness is enforced again on insert). */
export async function generateFreeShortcut(deps: Deps): Promise<string> {
  for (let i = 0; i < SHORTCUT_ATTEMPTS; i++) {
    const code = generateShortcut();
    if (!(await deps.data.classes.isShortcutTaken(code))) return code;
  }
  throw new AppError('UNAVAILABLE', MSG.shortcutGenerationFailed);
}

export interface CreateClassInput {
  name: string;
  description: string | null;
  isGroup: boolean;
  registerShortcut: unknown;
}

/**
 * Creates a class. The server decides the code: a proposed code is kept when it is well-formed
 * (three words of the list) and still free, otherwise a fresh one is drawn; collisions retry.
 * At most 20 classes per teacher (serialized per teacher with an advisory lock).
 */
export async function createClass(deps: Deps, teacherId: string, input: CreateClassInput): Promise<ClassDto> {
  let proposed = isAcceptableShortcut(input.registerShortcut) ? input.registerShortcut : undefined;
  for (let attempt = 0; attempt < SHORTCUT_ATTEMPTS; attempt++) {
    const registerShortcut = proposed ?? generateShortcut();
    proposed = undefined;
    try {
      const created = await deps.data.transaction(async (tx) => {
        await tx.classes.lockTeacher(teacherId);
        if ((await tx.classes.countOfTeacher(teacherId)) >= MAX_CLASSES_PER_TEACHER) throw AppError.badRequest(MSG.maxClasses);
        return tx.classes.create({
          classId: randomUUID(),
          name: input.name,
          description: input.description,
          isGroup: input.isGroup,
          registerShortcut,
          teacherId,
        });
      });
      return toClassDto(created, 0);
    } catch (e) {
      if (isUniqueViolation(e)) continue;
      throw e;
    }
  }
  throw new AppError('UNAVAILABLE', MSG.shortcutGenerationFailed);
}

export async function updateClass(
  deps: Deps,
  teacherId: string,
  classId: string,
  input: { name: string; description: string | null | undefined },
): Promise<ClassDto> {
  await assertOwnsClass(deps.data.classes, classId, teacherId);
  const { cls, memberCount } = await deps.data.classes.rename(classId, input);
  return toClassDto(cls, memberCount);
}

/** Deletes the class with its members; class.deleted.v1 tells the other services to drop what belongs to it. */
export async function deleteClass(deps: Deps, teacherId: string, classId: string): Promise<void> {
  await deps.data.transaction(async (tx) => {
    // Row lock first: of concurrent deletes one wins, the others then find no class (404, never 500).
    await lockOwnedClass(tx.classes, classId, teacherId);
    await tx.classes.delete(classId);
    await tx.emit(Topic.ClassDeleted, classId, { class_id: classId, teacher_id: teacherId });
  });
  deps.kick();
}
