// Independent validity check of a plan against its problem - the same rules as the benchmark's checker
// (bench/lib/check.js; used by the tests; cheap enough for run-time assertions). In a two-week plan
// a biweekly lesson needs week 'A' or 'B' and holds only that week, a weekly one (week null) both.

import { at } from '../engine/at.js';
import { buildInstance, WEEK_KEYS } from '../engine/instance.js';
import { DAYS, parseSlotLabel, SLOT_MINUTES, SLOTS_PER_DAY, slotLabel } from '../engine/problem-input.js';
import type { Plan, Problem } from '../types.js';

export interface PlanCheck {
  errors: string[];
  placed: number;
  idleMinutes: number;
}

export function checkPlan(problem: Problem, plan: Plan): PlanCheck {
  const inst = buildInstance(problem);
  const errors: string[] = [];
  const index = new Map(inst.students.map((s, i) => [s.member_id, i]));
  const status = plan?.status;
  if (status !== 'OPTIMAL' && status !== 'FEASIBLE' && status !== 'INFEASIBLE') errors.push(`bad status ${String(status)}`);
  const days = inst.weeks * DAYS;
  const busy = new Int32Array(days * SLOTS_PER_DAY).fill(-1);
  const placed = new Set<number>();
  const first = new Float64Array(days).fill(Infinity);
  const last = new Int32Array(days).fill(-1);
  const occ = new Int32Array(days);
  for (const p of plan.placements ?? []) {
    const i = index.get(p.member_id);
    if (i === undefined) {
      errors.push(`unknown member_id ${p.member_id}`);
      continue;
    }
    if (placed.has(i)) {
      errors.push(`${p.member_id} placed twice`);
      continue;
    }
    const week = p.week ?? null;
    const biweekly = inst.weeks === 2 && inst.biweekly[i] === 1;
    if (biweekly ? week !== 'A' && week !== 'B' : week !== null) {
      errors.push(`${p.member_id}: bad week ${JSON.stringify(week)} for a ${biweekly ? 'biweekly' : 'weekly'} lesson`);
      continue;
    }
    // Offsets of the weeks the lesson holds.
    const offsets: [number, ...number[]] = biweekly ? [week === 'B' ? WEEK_KEYS : 0] : inst.weeks === 2 ? [0, WEEK_KEYS] : [0];
    if (!Number.isInteger(p.day) || p.day < 0 || p.day >= DAYS) {
      errors.push(`${p.member_id}: bad day ${p.day}`);
      continue;
    }
    let a: number;
    let b: number;
    try {
      a = parseSlotLabel(p.start);
      b = parseSlotLabel(p.end);
    } catch (e) {
      errors.push(`${p.member_id}: ${(e as Error).message}`);
      continue;
    }
    if (p.start !== slotLabel(a) || p.end !== slotLabel(b)) errors.push(`${p.member_id}: non-canonical labels ${p.start}-${p.end}`);
    if (b - a !== inst.len[i]) {
      errors.push(`${p.member_id}: ${p.start}-${p.end} does not last ${inst.len[i]! * SLOT_MINUTES} min`);
      continue;
    }
    if (b > SLOTS_PER_DAY) {
      errors.push(`${p.member_id}: crosses midnight`);
      continue;
    }
    const base = p.day * SLOTS_PER_DAY;
    const pin = inst.pinned.get(i);
    if (pin !== undefined) {
      if (pin !== offsets[0] + base + a) errors.push(`${p.member_id}: pinned lesson moved`);
    } else {
      const allowed = p.week === 'B' ? inst.allowedB[i] : inst.allowedA[i];
      if (allowed && !allowed[base + a]) errors.push(`${p.member_id}: day ${p.day} ${p.start} is not an allowed start`);
      for (let k = a; k < b; k++) {
        if (!inst.teacher[base + k]) {
          errors.push(`${p.member_id}: day ${p.day} ${p.start}-${p.end} outside teacherTimes`);
          break;
        }
        if (!at(inst.chosen, i)[base + k]) {
          errors.push(`${p.member_id}: day ${p.day} ${p.start}-${p.end} outside the chosen times`);
          break;
        }
      }
    }
    let clash = false;
    for (const off of offsets) for (let k = a; k < b; k++) if (busy[off + base + k]! >= 0) clash = true;
    if (clash) {
      errors.push(`${p.member_id}: overlaps another lesson on day ${p.day}`);
      continue;
    }
    placed.add(i);
    for (const off of offsets) {
      for (let k = a; k < b; k++) busy[off + base + k] = i;
      const d = off / SLOTS_PER_DAY + p.day;
      first[d] = Math.min(first[d]!, a);
      last[d] = Math.max(last[d]!, b);
      occ[d]! += b - a;
    }
  }
  for (const i of inst.pinned.keys()) if (!placed.has(i)) errors.push(`pinned ${at(inst.students, i).member_id} not placed`);
  let idle = 0;
  for (let d = 0; d < days; d++) if (last[d]! >= 0) idle += last[d]! - first[d]! - occ[d]!;
  const unplaced = inst.active.length - placed.size;
  if ((status === 'OPTIMAL' || status === 'FEASIBLE') && unplaced > inst.wiggle) {
    errors.push(`status ${status} but ${unplaced} active students unplaced > wiggleRoom ${inst.wiggle}`);
  }
  if (status === 'INFEASIBLE' && unplaced <= inst.wiggle) errors.push(`status INFEASIBLE but only ${unplaced} unplaced`);
  // Lists: every student exactly once in placements / unscheduled / skipped, skipped exactly right.
  const unsched = new Set(plan.unscheduled_students ?? []);
  const skipped = new Set(plan.skipped_students ?? []);
  const trueSkipped = new Set(inst.skipped.map((i) => at(inst.students, i).member_id));
  for (const id of skipped) if (!trueSkipped.has(id)) errors.push(`${id} listed as skipped but has a window`);
  for (const id of trueSkipped) if (!skipped.has(id)) errors.push(`${id} has no window but is not listed as skipped`);
  for (const s of inst.students) {
    const i = index.get(s.member_id)!;
    const n = (placed.has(i) ? 1 : 0) + (unsched.has(s.member_id) ? 1 : 0) + (skipped.has(s.member_id) ? 1 : 0);
    if (n !== 1) errors.push(`${s.member_id} appears ${n} times in placements/unscheduled/skipped`);
  }
  for (const id of [...unsched, ...skipped]) if (!plan.reasons?.[id]) errors.push(`no reason for ${id}`);
  if (plan.stats) {
    if (plan.stats.placed !== placed.size) errors.push(`stats.placed ${plan.stats.placed} != ${placed.size}`);
    if (plan.stats.idleMinutes !== idle * SLOT_MINUTES) errors.push(`stats.idleMinutes ${plan.stats.idleMinutes} != ${idle * SLOT_MINUTES}`);
  }
  return { errors, placed: placed.size, idleMinutes: idle * SLOT_MINUTES };
}
