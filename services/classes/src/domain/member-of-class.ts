import { AppError } from '@stundenplan/base';
import type { MemberRepository } from '../data/member-repository.js';
import type { Member } from '../generated/prisma/client.js';
import { MSG } from './messages.js';
import { idOrNotFound } from './validation.js';

/** A member of exactly this class; a member id of another class is 404 (never data). */
export async function memberOfClass(members: MemberRepository, classId: string, memberIdRaw: unknown): Promise<Member> {
  const m = await members.findById(idOrNotFound(memberIdRaw, MSG.memberNotFound));
  if (!m || m.classId !== classId) throw AppError.notFound(MSG.memberNotFound);
  return m;
}
