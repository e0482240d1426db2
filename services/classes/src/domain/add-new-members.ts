import { randomUUID } from 'node:crypto';
import { AppError, Topic } from '@stundenplan/base';
import type { classes } from '@stundenplan/contracts';
import type { z } from 'zod';
import type { Member } from '../generated/prisma/client.js';
import { lockOwnedClass } from './classes.js';
import type { Deps } from './context.js';
import { memberAddedPayload, toMemberDto, type MemberDto } from './dto.js';
import { MSG } from './messages.js';
import { DEFAULT_DURATION, duration, MAX_MEMBERS_PER_CLASS, memberEmail, memberName } from './validation.js';

/** One entry of the body as its contract gives it. */
export type NewMemberEntry = z.output<typeof classes.newMemberInput>;

/**
 * POST classes/{id}/members/new: unregistered members typed in or imported from CSV; all or nothing. Each may
 * say its `frequency` ('weekly', the default when absent or null, or 'biweekly').
 */
export async function addNewMembers(
  deps: Deps,
  teacherId: string,
  classId: string,
  entries: NewMemberEntry[],
): Promise<{ message: string; members: MemberDto[] }> {
  if (entries.length === 0) throw AppError.badRequest(MSG.noStudents);
  if (entries.length > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
  const students = entries.map((s) => ({
    name: memberName(s.name, 'add'),
    email: memberEmail(s.email, false),
    duration: duration(s.duration, DEFAULT_DURATION),
    frequency: s.frequency ?? 'weekly',
  }));
  const seen = new Set<string>();
  for (const s of students) {
    if (!s.email) continue;
    if (seen.has(s.email)) throw AppError.badRequest(MSG.duplicateEmailInList(s.email));
    seen.add(s.email);
  }
  const created = await deps.data.transaction(async (tx) => {
    await lockOwnedClass(tx.classes, classId, teacherId);
    const count = await tx.members.countOfClass(classId);
    if (count + students.length > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
    const existing = await tx.members.emailsOfClass(classId);
    for (const s of students) if (s.email && existing.has(s.email)) throw AppError.conflict(MSG.duplicateEmailInClass(s.email));
    const out: Member[] = [];
    for (const s of students) {
      const m = await tx.members.create({ memberId: randomUUID(), classId, name: s.name, email: s.email, duration: s.duration, frequency: s.frequency });
      await tx.emit(Topic.MemberAdded, classId, memberAddedPayload(m));
      out.push(m);
    }
    return out;
  });
  deps.kick();
  return { message: MSG.membersAdded(created.length), members: created.map(toMemberDto) };
}
