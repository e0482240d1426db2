import { AppError } from '@stundenplan/base';
import { emptyTimes, type MemberTimesView } from '../clients/availability-client.js';
import type { Deps } from './context.js';
import { toMemberDto, type MemberDto } from './dto.js';
import { MSG } from './messages.js';
import { idOrNotFound } from './validation.js';

export type MemberWithTimes = MemberDto & MemberTimesView;

export async function listMembers(deps: Deps, teacherId: string, classId: string): Promise<MemberWithTimes[]> {
  // Owner and members in one statement; a foreign or unknown class is the same 404 as assertOwnsClass gives.
  const found = await deps.data.members.classWithMembers(idOrNotFound(classId, MSG.classNotFound));
  if (!found || found.teacherId !== teacherId) throw AppError.notFound(MSG.classNotFound);
  const rows = found.members;
  const times = await deps.availability.planningTimes(
    classId,
    rows.map((m) => ({ memberId: m.memberId, userId: m.userId })),
  );
  const none = emptyTimes();
  // Object.assign, not a spread: a spread into a new literal costs about six times as much here (99 members per list).
  return rows.map((m) => {
    const t = times.get(m.memberId) ?? none;
    return Object.assign(toMemberDto(m), {
      available_times: t.available_times,
      available_times_user_input: t.available_times_user_input,
      available_times_user_input_last_modified: t.available_times_user_input_last_modified,
      preferred_times: t.preferred_times,
      preferred_times_user_input: t.preferred_times_user_input,
    });
  });
}
