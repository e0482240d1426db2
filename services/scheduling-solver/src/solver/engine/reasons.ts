// German explanations for students that end up without a lesson.

import { at } from './at.js';
import { WEEK_KEYS, type Instance } from './instance.js';
import { SLOTS_PER_DAY } from './problem-input.js';

const REASON_NO_COMMON_TIME = 'Keine gemeinsame Zeit mit der Lehrkraft';

/** A student whose common windows all lack a free suitable room (allowed_starts). */
export const REASON_NO_ROOM = 'Kein passender Raum frei.';

function reasonTooLong(durationMinutes: number): string {
  return `Die Unterrichtsdauer von ${durationMinutes} Minuten ist länger als jedes gemeinsame Zeitfenster`;
}

export function reasonTaken(names: readonly string[]): string {
  return names.length > 0 ? `Alle passenden Zeitfenster sind belegt (durch: ${names.join(', ')})` : 'Alle passenden Zeitfenster sind belegt';
}

const collator = new Intl.Collator('de', { sensitivity: 'variant', numeric: true });

/**
 * Reasons for every skipped and unscheduled student. `lessonAt` holds, per day * 96 + slot (in a
 * two-week plan week A's keys, then week B's), the problem index of the student whose lesson covers
 * it (or -1); the blockers of both weeks are named.
 */
export function buildReasons(inst: Instance, unscheduled: readonly number[], lessonAt: Int32Array): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const i of inst.skipped) {
    const s = at(inst.students, i);
    const kind = inst.skipKind.get(i);
    reasons[s.member_id] = kind === 'too-long' ? reasonTooLong(s.duration) : kind === 'no-room' ? REASON_NO_ROOM : REASON_NO_COMMON_TIME;
  }
  for (const i of unscheduled) {
    const blockers = new Set<number>();
    const L = inst.len[i]!;
    for (let week = 0; week < lessonAt.length; week += WEEK_KEYS)
      for (const key of at(inst.windows, i)) {
        for (let k = key; k < key + L && k < key - (key % SLOTS_PER_DAY) + SLOTS_PER_DAY; k++) {
          const o = lessonAt[week + k]!;
          if (o >= 0 && o !== i) blockers.add(o);
        }
      }
    const names = [...blockers].map((o) => at(inst.students, o).name || at(inst.students, o).member_id);
    names.sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
    reasons[at(inst.students, i).member_id] = reasonTaken([...new Set(names)]);
  }
  return reasons;
}
