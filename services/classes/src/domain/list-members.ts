import { AppError, ChangeScope, untracked, type TrackScopes } from '@stundenplan/base';
import { emptyTimes, type MemberTimesView } from '../clients/availability-client.js';
import type { Deps } from './context.js';
import { memberSchoolFields, timesRef, toMemberDto, type MemberDto, type MemberSchoolFields } from './dto.js';
import { MSG } from './messages.js';
import { timesScopes } from './read-cache.js';
import { idOrNotFound } from './validation.js';

export type MemberWithTimes = MemberDto & MemberSchoolFields & MemberTimesView;

/**
 * The members of a teacher's class with their times, oldest first. `track` learns the change scopes before
 * each read (read-cache.ts); `complete` is false when the availability service could not answer (times empty).
 */
export async function listMembers(
  deps: Deps,
  teacherId: string,
  classId: string,
  track: TrackScopes = untracked,
): Promise<{ members: MemberWithTimes[]; complete: boolean }> {
  const id = idOrNotFound(classId, MSG.classNotFound);
  await track([ChangeScope.classes]);
  // Owner and members in one statement; a foreign or unknown class is the same 404 as assertOwnsClass gives.
  const found = await deps.data.members.classWithMembers(id);
  if (!found || found.teacherId !== teacherId) throw AppError.notFound(MSG.classNotFound);
  const rows = found.members;
  const refs = rows.map(timesRef);
  await track(timesScopes(id, refs));
  // Own times only of verified members (timesRef): an unverified one shows empty own and preferred times.
  const times = await deps.availability.planningTimes(id, refs);
  const none = emptyTimes();
  // Object.assign, not a spread: a spread into a new literal costs about six times as much here (99 members per list).
  const members = rows.map((m) => {
    const t = times?.get(m.memberId) ?? none;
    const s = memberSchoolFields(m);
    return Object.assign(toMemberDto(m), {
      needs: s.needs,
      sites: s.sites,
      family: s.family,
      available_times: t.available_times,
      available_times_user_input: t.available_times_user_input,
      available_times_user_input_last_modified: t.available_times_user_input_last_modified,
      preferred_times: t.preferred_times,
      preferred_times_user_input: t.preferred_times_user_input,
    });
  });
  return { members, complete: times !== null };
}
