// The benchmark's reading of the stage values, apart from the solver (src/solver); the stages are
// optimised in the order placed > moved > preferred > idle (ORDER):
// - a lesson is "preferred" when every one of its slots lies in the student's preferred times of the
//   chosen source (preferred_times beside available_times, preferred_times_user_input beside
//   available_times_user_input);
// - a student of `previous` (member_id, day, start; the first entry per student counts) is "moved"
//   unless the plan has its lesson on that day at that start (a biweekly lesson also in the previous
//   lesson's week, when it names one: 'A' or 'B');
// - in a two-week plan (a biweekly student, lib/problem.js) idle is that of week A plus week B.
import { chosenSource, idleSlots, parseLabel, slotsOf } from '../lib/problem.js';

/** The stage values in the order they are optimised (lexicographic) with a previous plan. */
export const ORDER = ['placed', 'moved', 'preferred', 'idle_min'];

/** Per student index: Map(day -> Set(slot)) of preferred slots of the chosen source. */
export function preferredSlots(inst) {
  return inst.students.map((s) => slotsOf(chosenSource(inst.problem, s) === 'available_times' ? s.preferred_times : s.preferred_times_user_input));
}

/** Student index -> [day, start, week ('A', 'B' or null)] of its previous lesson. */
export function previousLessons(inst) {
  const out = new Map();
  for (const l of inst.problem.previous ?? []) {
    const i = inst.index.get(l.member_id);
    if (i === undefined || out.has(i)) continue;
    out.set(i, [Number(l.day), parseLabel(l.start), l.week === 'A' || l.week === 'B' ? l.week : null]);
  }
  return out;
}

/** A lesson of student i at (d, t, week) is its previous lesson `p`. */
export function isKept(inst, i, p, d, t, week) {
  return !!p && p[0] === d && p[1] === t && (!(inst.twoWeeks && inst.biweekly[i]) || p[2] === null || p[2] === week);
}

export function isPreferred(pref, i, d, t, L) {
  const slots = pref[i].get(d);
  if (!slots) return false;
  for (let k = t; k < t + L; k++) if (!slots.has(k)) return false;
  return true;
}

/** Stage values of a placement Map(index -> [day, start, week?]). */
export function stageValues(inst, placement) {
  const pref = preferredSlots(inst);
  const prev = previousLessons(inst);
  let preferred = 0;
  for (const [i, [d, t]] of placement) if (isPreferred(pref, i, d, t, inst.length[i])) preferred++;
  let moved = 0;
  for (const [i, p] of prev) {
    const at = placement.get(i);
    if (!at || !isKept(inst, i, p, at[0], at[1], at[2] ?? null)) moved++;
  }
  const lessons = [...placement].map(([i, [d, t, week]]) => [d, t, inst.length[i], week ?? null]);
  return { placed: placement.size, preferred, idle_min: idleSlots(lessons, inst.twoWeeks) * 15, moved };
}
