import { AppError, Topic } from '@stundenplan/base';
import { normalizeTimesMap, TimegridError, type TimesMap } from '@stundenplan/timegrid';
import type { MemberChanges } from '../data/member-repository.js';
import { checkedFamily, checkedNeeds, checkedSites } from './class-school.js';
import { assertOwnsClass, lockOwnedClass } from './classes.js';
import type { Deps } from './context.js';
import { memberOfClass } from './member-of-class.js';
import { memberSchoolFields, toMemberDto, type MemberDto, type MemberSchoolFields } from './dto.js';
import { MSG } from './messages.js';
import type { MemberFrequency } from './dto.js';
import { duration, memberEmail, memberName } from './validation.js';

/** The body as its contract gives it (packages/contracts updateMember); every field optional. */
export interface MemberUpdate {
  email?: string | null | undefined;
  name?: string | undefined;
  duration?: number | string | undefined;
  frequency?: MemberFrequency | undefined;
  available_times?: Record<string, string[] | null> | undefined;
  preferred_times?: Record<string, string[] | null> | undefined;
  user_id?: string | null | undefined;
  needs?: string[] | null | undefined;
  sites?: string[] | null | undefined;
  family?: string | null | undefined;
}

function parseTimes(v: unknown): TimesMap {
  try {
    return normalizeTimesMap(v);
  } catch (e) {
    if (e instanceof TimegridError) throw AppError.badRequest(e.message);
    throw AppError.badRequest(MSG.invalidTimes);
  }
}

/**
 * PUT classes/{id}/members/{memberId}/update: one or more of name, email, duration (string or
 * number), frequency ('weekly' | 'biweekly'), available_times (teacher-entered, stored by the availability service), or user_id with
 * available_times = link an unregistered member to the registered student with the member's e-mail.
 */
export async function updateMember(
  deps: Deps,
  teacherId: string,
  classId: string,
  memberIdRaw: unknown,
  body: MemberUpdate,
): Promise<MemberDto & MemberSchoolFields & { available_times?: TimesMap; preferred_times?: TimesMap }> {
  if (Object.values(body).every((v) => v === undefined)) throw AppError.badRequest(MSG.nothingToUpdate);
  const name = body.name === undefined ? undefined : memberName(body.name, 'edit');
  const email = body.email === undefined ? undefined : memberEmail(body.email, true);
  const dur = body.duration === undefined ? undefined : duration(body.duration);
  const freq = body.frequency;
  const times = body.available_times === undefined ? undefined : parseTimes(body.available_times);
  const preferred = body.preferred_times === undefined ? undefined : parseTimes(body.preferred_times);
  const linkUserId = body.user_id === undefined || body.user_id === null ? undefined : body.user_id.trim() || null;
  if (linkUserId === null) throw AppError.badRequest(MSG.linkNeedsMatch);
  const needs = body.needs === undefined || body.needs === null ? body.needs : checkedNeeds(body.needs);
  const family = body.family === undefined ? undefined : checkedFamily(body.family);

  await assertOwnsClass(deps.data.classes, classId, teacherId);
  const sites = body.sites === undefined || body.sites === null ? body.sites : await memberSites(deps, teacherId, classId, body.sites);
  const before = await memberOfClass(deps.data.members, classId, memberIdRaw);
  if (email !== undefined && before.userId && email !== (before.email ?? '').toLowerCase()) throw AppError.badRequest(MSG.registeredEmailLocked);

  let linkUser: { userId: string; name: string; email: string } | undefined;
  let timesToSet = times;
  if (linkUserId !== undefined) {
    if (before.userId && before.userId !== linkUserId) throw AppError.badRequest(MSG.alreadyLinked);
    const u = await deps.data.directory.findUser(linkUserId);
    const memberMail = (email ?? before.email ?? '').toLowerCase();
    if (!u || u.roleId !== 1 || !memberMail || u.email !== memberMail) throw AppError.badRequest(MSG.linkNeedsMatch);
    linkUser = { userId: u.userId, name: u.name, email: u.email };
    // The check answer carries no times before a link (DSGVO), so empty times in the body mean "take the student's":
    // only of a student who verified a course of this teacher; anyone else's times stay theirs until they verify.
    const verifiedHere = (await deps.data.members.inClassesOfTeacher(teacherId, { emails: [], userIds: [u.userId] })).some((r) => r.studentId);
    if (verifiedHere && (timesToSet === undefined || Object.keys(timesToSet).length === 0)) {
      const own = (await deps.availability.userTimes([u.userId])).get(u.userId);
      if (own && Object.keys(own).length) timesToSet = own;
    }
  }
  // Times first: if the availability service refuses them, nothing else changes.
  let stored: { available_times: TimesMap; preferred_times: TimesMap } | undefined;
  if (timesToSet !== undefined || preferred !== undefined) stored = await deps.availability.setMemberTimes(classId, before.memberId, timesToSet, preferred);

  const updated = await deps.data.transaction(async (tx) => {
    await lockOwnedClass(tx.classes, classId, teacherId);
    const m = await memberOfClass(tx.members, classId, before.memberId);
    const newEmail = linkUser ? linkUser.email : email;
    if (newEmail !== undefined && newEmail !== null && newEmail !== (m.email ?? '').toLowerCase()) {
      if ((await tx.members.emailsOfClass(classId, m.memberId)).has(newEmail)) throw AppError.conflict(MSG.duplicateEmailInClass(newEmail));
    }
    const data: MemberChanges = {};
    if (name !== undefined) data.name = name;
    if (email !== undefined) data.email = email;
    if (dur !== undefined) data.duration = dur;
    if (freq !== undefined) data.frequency = freq;
    if (needs !== undefined) data.needs = needs;
    if (sites !== undefined) data.sites = sites;
    if (family !== undefined) data.family = family;
    if (linkUser && m.userId !== linkUser.userId) {
      if (m.userId) throw AppError.badRequest(MSG.alreadyLinked);
      if (await tx.members.findInClassByUser(classId, linkUser.userId)) throw AppError.conflict(MSG.studentAlreadyMember);
      Object.assign(data, { userId: linkUser.userId, studentId: null, email: linkUser.email, ...(name === undefined ? { name: linkUser.name } : {}) });
      await tx.emit(Topic.MemberLinked, classId, { class_id: classId, member_id: m.memberId, user_id: linkUser.userId });
    }
    return Object.keys(data).length ? tx.members.update(m.memberId, data) : m;
  });
  if (linkUser) deps.kick();
  return { ...toMemberDto(updated), ...memberSchoolFields(updated), ...(stored ?? {}) };
}

/** A member's own sites: sites of the class's school (a class without a school has none to name). */
async function memberSites(deps: Deps, teacherId: string, classId: string, sites: string[]): Promise<string[]> {
  const school = await deps.data.classSchools.find(classId);
  if (!school) throw AppError.badRequest(MSG.memberSitesWithoutSchool);
  return checkedSites(deps, school.schoolId, teacherId, sites);
}
