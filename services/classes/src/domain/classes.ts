import { randomUUID } from 'node:crypto';
import { AppError, Topic } from '@stundenplan/base';
import { classesOfTeacher } from '../data/hot-reads.js';
import { emit, isUniqueViolation, type Tx } from '../data/prisma.js';
import type { Class } from '../generated/prisma/client.js';
import type { Deps } from './context.js';
import { toClassDto, type ClassDto } from './dto.js';
import { MSG } from './messages.js';
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
export async function assertOwnsClass(db: Deps['db'] | Tx, classId: string, teacherId: string): Promise<Class> {
  const c = await db.class.findUnique({ where: { classId } });
  if (!c || c.teacherId !== teacherId) throw AppError.notFound(MSG.classNotFound);
  return c;
}

/** Locks the class row for the rest of the transaction (member limit, e-mail uniqueness) and checks the owner. */
export async function lockOwnedClass(tx: Tx, classId: string, teacherId: string | null): Promise<Class> {
  await tx.$queryRaw`SELECT class_id FROM classes WHERE class_id = ${classId}::uuid FOR UPDATE`;
  const c = await tx.class.findUnique({ where: { classId } });
  if (!c || (teacherId !== null && c.teacherId !== teacherId)) throw AppError.notFound(MSG.classNotFound);
  return c;
}

/**
 * The teacher's classes with member counts and, per class, how many members have entered times
 * (own times of registered students or teacher-entered times; `answered_count` null when the
 * availability service cannot tell).
 */
export async function listTeacherClasses(deps: Deps, teacherId: string): Promise<ClassDto[]> {
  const rows = await classesOfTeacher(deps.pool, teacherId);
  const answered = await deps.availability.countAnswered(rows.filter((c) => c.members.length));
  let next = 0;
  return rows.map((c) => ({
    ...toClassDto(c, c.members.length),
    answered_count: !c.members.length ? 0 : answered ? (answered[next++] ?? null) : null,
  }));
}

/** A code made only of words of the list (what the generator could have produced). */
export function isAcceptableShortcut(v: unknown): v is string {
  return isWellFormedShortcut(v) && v.split('-').every((w) => WORD_SET.has(w));
}

/** A fresh code that no class uses at the moment of asking (uniqueness is enforced again on insert). */
export async function generateFreeShortcut(deps: Deps): Promise<string> {
  for (let i = 0; i < SHORTCUT_ATTEMPTS; i++) {
    const code = generateShortcut();
    if (!(await deps.db.class.findUnique({ where: { registerShortcut: code }, select: { classId: true } }))) return code;
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
      const created = await deps.db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`classes:teacher:${teacherId}`}))`;
        const count = await tx.class.count({ where: { teacherId } });
        if (count >= MAX_CLASSES_PER_TEACHER) throw AppError.badRequest(MSG.maxClasses);
        return tx.class.create({
          data: { classId: randomUUID(), name: input.name, description: input.description, isGroup: input.isGroup, registerShortcut, teacherId },
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
  await assertOwnsClass(deps.db, classId, teacherId);
  const updated = await deps.db.class.update({
    where: { classId },
    data: { name: input.name, ...(input.description !== undefined ? { description: input.description } : {}) },
    include: { _count: { select: { members: true } } },
  });
  return toClassDto(updated, updated._count.members);
}

/** Deletes the class with its members; class.deleted.v1 tells the other services to drop what belongs to it. */
export async function deleteClass(deps: Deps, teacherId: string, classId: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    // Row lock first: of concurrent deletes one wins, the others then find no class (404, never 500).
    await lockOwnedClass(tx, classId, teacherId);
    await tx.class.delete({ where: { classId } });
    await emit(tx, Topic.ClassDeleted, classId, { class_id: classId, teacher_id: teacherId });
  });
  deps.kick();
}
