import { randomUUID } from 'node:crypto';
import { AppError, reserveMailBudget, Topic, type MailBudgetReservation } from '@stundenplan/base';
import type { classes } from '@stundenplan/contracts';
import { isAllowedDuration } from '@stundenplan/timegrid';
import type { z } from 'zod';
import { isUniqueViolation } from '../data/repositories.js';
import type { Member } from '../generated/prisma/client.js';
import { addedNoticeMail } from './added-notice-mail.js';
import { assertOwnsClass, lockOwnedClass } from './classes.js';
import type { Deps } from './context.js';
import { directoryScopeOf, studentsInScope } from './directory-scope.js';
import { memberAddedPayload, toMemberDto, type MemberDto } from './dto.js';
import { MSG } from './messages.js';
import type { MemberFrequency } from './dto.js';
import { DEFAULT_DURATION, duration, MAX_MEMBERS_PER_CLASS } from './validation.js';

/** One entry of the body as its contract gives it. */
export type RegisteredMemberEntry = z.output<typeof classes.registeredMemberInput>;

/**
 * POST classes/{id}/members: registered students found by the search. The membership is linked
 * (user_id set) but unverified (no student_id) until the student verifies it; until then the teacher sees
 * name and e-mail only (dto.ts timesRef). An unregistered row with the student's e-mail is linked instead of
 * adding a second row. Each added student gets a notice mail (who, which course, where to verify or leave),
 * written with the membership in one transaction and counted against the teacher's daily mail budget. A `frequency`
 * ('weekly' or 'biweekly') is set on the membership; absent or null: weekly for a new row, unchanged for a linked one.
 */
export async function addRegisteredMembers(
  deps: Deps,
  teacherId: string,
  classId: string,
  entries: RegisteredMemberEntry[],
): Promise<{ message: string; members: MemberDto[] }> {
  const cls = await assertOwnsClass(deps.data.classes, classId, teacherId);
  if (entries.length === 0) throw AppError.badRequest(MSG.noStudents);
  if (entries.length > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
  const wanted = new Map<string, { duration: number | undefined; frequency: MemberFrequency | undefined }>();
  for (const s of entries) {
    const id = s.student_id.trim();
    if (!id) throw AppError.badRequest(MSG.studentUnknown);
    const d = s.duration === undefined || s.duration === null || s.duration === '' ? undefined : duration(s.duration);
    if (!wanted.has(id)) wanted.set(id, { duration: d, frequency: s.frequency ?? undefined });
  }
  const users = await deps.data.directory.studentsByIds([...wanted.keys()]);
  // Directory scope (DSGVO): only students the teacher could find, or whose e-mail a member of the
  // teacher's classes already has; anyone else is "unknown", exactly like an id that does not exist.
  const inScope = await studentsInScope(
    deps,
    await directoryScopeOf(deps, teacherId),
    users.map((u) => u.userId),
  );
  const memberMails = new Set(
    (await deps.data.members.inClassesOfTeacher(teacherId, { emails: users.map((u) => u.email) })).map((m) => (m.email ?? '').toLowerCase()),
  );
  const byId = new Map(users.filter((u) => inScope.has(u.userId) || memberMails.has(u.email)).map((u) => [u.userId, u]));
  for (const id of wanted.keys()) if (!byId.has(id)) throw AppError.notFound(MSG.studentUnknown);
  const teacherName = (await deps.data.directory.findUser(teacherId))?.name || 'Deine Lehrkraft';
  const link = `${deps.publicBaseUrl.replace(/\/+$/, '')}/student/classes`;
  const notice = (m: Member) => addedNoticeMail(m.email!, { studentName: m.name, teacherName, className: cls.name, link });

  // One notice per added student; over the budget nothing is added (429 with wait_time, as for invitations).
  const budget: MailBudgetReservation = await reserveMailBudget(deps.mailBudget, teacherId, wanted.size, deps.mailBudgetPerDay);
  const result = await deps.data
    .transaction(async (tx) => {
      await lockOwnedClass(tx.classes, classId, teacherId);
      const rows = await tx.members.listOfClass(classId);
      const out: Member[] = [];
      let count = rows.length;
      for (const [userId, { duration: d, frequency: f }] of wanted) {
        const u = byId.get(userId)!;
        if (rows.some((r) => r.userId === userId)) throw AppError.conflict(MSG.studentAlreadyMember);
        const dur = d ?? (isAllowedDuration(u.duration) ? u.duration : DEFAULT_DURATION);
        const unregistered = rows.find((r) => !r.userId && r.email && r.email.toLowerCase() === u.email);
        if (unregistered) {
          const m = await tx.members.update(unregistered.memberId, {
            userId,
            studentId: null,
            name: u.name,
            email: u.email,
            duration: dur,
            ...(f ? { frequency: f } : {}),
          });
          await tx.emit(Topic.MemberLinked, classId, { class_id: classId, member_id: m.memberId, user_id: userId });
          await tx.emit(Topic.MailRequested, m.email!, notice(m));
          out.push(m);
          continue;
        }
        if (count + 1 > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
        const m = await tx.members.create({
          memberId: randomUUID(),
          classId,
          userId,
          studentId: null,
          name: u.name,
          email: u.email,
          duration: dur,
          frequency: f ?? 'weekly',
        });
        await tx.emit(Topic.MemberAdded, classId, memberAddedPayload(m));
        await tx.emit(Topic.MailRequested, m.email!, notice(m));
        count++;
        out.push(m);
      }
      return out;
    })
    .catch(async (e: unknown) => {
      await budget.release().catch(() => undefined);
      if (isUniqueViolation(e)) throw AppError.conflict(MSG.studentAlreadyMember);
      throw e;
    });
  deps.kick();
  return { message: MSG.membersAdded(result.length), members: result.map(toMemberDto) };
}
