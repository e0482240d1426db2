import type { TimesMap } from '@stundenplan/timegrid';
import type { MemberWithTimes } from '../domain/list-members.js';

/**
 * The member list's JSON, written with the times maps' JSON kept per map object: a class of 99
 * with times is about 80 KB, mostly times, and the maps of unchanged times are the same (frozen,
 * shared) objects from one answer to the next (clients/availability-client.ts), so their text is
 * made once instead of on every request.
 */
const fragments = new WeakMap<TimesMap, string>();

function timesJson(t: TimesMap): string {
  let s = fragments.get(t);
  if (s === undefined) {
    s = JSON.stringify(t);
    if (Object.isFrozen(t)) fragments.set(t, s);
  }
  return s;
}

function memberJson(m: MemberWithTimes): string {
  const { available_times, available_times_user_input, preferred_times, preferred_times_user_input, ...rest } = m;
  const head = JSON.stringify(rest);
  return (
    `${head.slice(0, -1)},"available_times":${timesJson(available_times)},"available_times_user_input":${timesJson(available_times_user_input)}` +
    `,"preferred_times":${timesJson(preferred_times)},"preferred_times_user_input":${timesJson(preferred_times_user_input)}}`
  );
}

export function membersJson(members: MemberWithTimes[]): string {
  return `{"members":[${members.map(memberJson).join(',')}]}`;
}
