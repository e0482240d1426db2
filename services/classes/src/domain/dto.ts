import type { MemberAddedPayload } from '@stundenplan/base';
import type { Class, Member } from '../generated/prisma/client.js';

export type { Class, Member };

/** docs/product/classes.md: a lesson every week (default) or every other week. */
export type MemberFrequency = 'weekly' | 'biweekly';

/** The stored value as the API speaks it (the column only holds these two). */
export const memberFrequency = (m: Pick<Member, 'frequency'>): MemberFrequency => (m.frequency === 'biweekly' ? 'biweekly' : 'weekly');

/** Wire shapes (docs/product/data.md), snake_case as the API speaks. */
export interface ClassDto {
  class_id: string;
  name: string;
  description: string | null;
  is_group: boolean;
  register_shortcut: string;
  teacher_id: string;
  created_at: string;
  member_count: number;
  /** Last day for the students' times (YYYY-MM-DD, Europe/Berlin) or null. */
  deadline: string | null;
  allow_late_changes: boolean;
  /** Automatic reminders 3 and 1 days before the deadline. */
  auto_reminders: boolean;
  /** GET /api/me/classes only: members who have entered times (null when unknown). */
  answered_count?: number | null;
}

export interface MemberDto {
  member_id: string;
  class_id: string;
  user_id: string | null;
  student_id: string | null;
  name: string;
  email: string | null;
  duration: number;
  /** 'weekly' or 'biweekly' (a lesson every other week). */
  frequency: MemberFrequency;
  created_at: string;
  updated_at: string;
}

/** docs/product/school.md: a member's needs and sites (null = the class's) and family label. */
export interface MemberSchoolFields {
  needs: string[] | null;
  sites: string[] | null;
  family: string | null;
}

const stringList = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);

export function memberSchoolFields(m: Pick<Member, 'needs' | 'sites' | 'family'>): MemberSchoolFields {
  return { needs: stringList(m.needs), sites: stringList(m.sites), family: m.family ?? null };
}

export function toClassDto(c: Class, memberCount: number): ClassDto {
  return {
    class_id: c.classId,
    name: c.name,
    description: c.description,
    is_group: c.isGroup,
    register_shortcut: c.registerShortcut,
    teacher_id: c.teacherId,
    created_at: c.createdAt.toISOString(),
    member_count: memberCount,
    deadline: c.deadline ? c.deadline.toISOString().slice(0, 10) : null,
    allow_late_changes: c.allowLateChanges,
    auto_reminders: c.autoReminders,
  };
}

export function toMemberDto(m: Member): MemberDto {
  return {
    member_id: m.memberId,
    class_id: m.classId,
    user_id: m.userId,
    student_id: m.studentId,
    name: m.name,
    email: m.email,
    duration: m.duration,
    frequency: memberFrequency(m),
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

/** Payload of member.added.v1. */
export function memberAddedPayload(m: Member): MemberAddedPayload {
  return { class_id: m.classId, member_id: m.memberId, user_id: m.userId, student_id: m.studentId, name: m.name, email: m.email, duration: m.duration };
}

/**
 * A member as the reference for its times: with the user id only once the student verified the membership.
 * Until then the teacher sees name and e-mail only, never the student's own or preferred times
 * (docs/product/classes.md Member states): not in the member list, the counts, the reminders or the planner.
 */
export function timesRef(m: Pick<Member, 'memberId' | 'userId' | 'studentId'>): { memberId: string; userId: string | null } {
  return { memberId: m.memberId, userId: m.studentId ? m.userId : null };
}
