// Independent validity check of a plan against its problem - the same rules as the benchmark's checker
// (bench/lib/check.js; used by the tests; cheap enough for run-time assertions).

import { buildInstance } from './instance.js';
import { DAYS, parseSlotLabel, SLOT_MINUTES, SLOTS_PER_DAY, slotLabel } from './problem-input.js';
import type { Plan, Problem } from './types.js';

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
  const busy = new Int32Array(DAYS * SLOTS_PER_DAY).fill(-1);
  const placed = new Set<number>();
  const first = new Array<number>(DAYS).fill(Infinity);
  const last = new Array<number>(DAYS).fill(-1);
  const occ = new Array<number>(DAYS).fill(0);
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
      errors.push(`${p.member_id}: ${p.start}-${p.end} does not last ${inst.len[i] * SLOT_MINUTES} min`);
      continue;
    }
    if (b > SLOTS_PER_DAY) {
      errors.push(`${p.member_id}: crosses midnight`);
      continue;
    }
    const base = p.day * SLOTS_PER_DAY;
    const pin = inst.pinned.get(i);
    if (pin !== undefined) {
      if (pin !== base + a) errors.push(`${p.member_id}: pinned lesson moved`);
    } else {
      for (let k = a; k < b; k++) {
        if (!inst.teacher[base + k]) {
          errors.push(`${p.member_id}: day ${p.day} ${p.start}-${p.end} outside teacherTimes`);
          break;
        }
        if (!inst.chosen[i][base + k]) {
          errors.push(`${p.member_id}: day ${p.day} ${p.start}-${p.end} outside the chosen times`);
          break;
        }
      }
    }
    let clash = false;
    for (let k = a; k < b; k++) if (busy[base + k] >= 0) clash = true;
    if (clash) {
      errors.push(`${p.member_id}: overlaps another lesson on day ${p.day}`);
      continue;
    }
    for (let k = a; k < b; k++) busy[base + k] = i;
    placed.add(i);
    first[p.day] = Math.min(first[p.day], a);
    last[p.day] = Math.max(last[p.day], b);
    occ[p.day] += b - a;
  }
  for (const i of inst.pinned.keys()) if (!placed.has(i)) errors.push(`pinned ${inst.students[i].member_id} not placed`);
  let idle = 0;
  for (let d = 0; d < DAYS; d++) if (last[d] >= 0) idle += last[d] - first[d] - occ[d];
  const unplaced = inst.active.length - placed.size;
  if ((status === 'OPTIMAL' || status === 'FEASIBLE') && unplaced > inst.wiggle) {
    errors.push(`status ${status} but ${unplaced} active students unplaced > wiggleRoom ${inst.wiggle}`);
  }
  if (status === 'INFEASIBLE' && unplaced <= inst.wiggle) errors.push(`status INFEASIBLE but only ${unplaced} unplaced`);
  // Lists: every student exactly once in placements / unscheduled / skipped, skipped exactly right.
  const unsched = new Set(plan.unscheduled_students ?? []);
  const skipped = new Set(plan.skipped_students ?? []);
  const trueSkipped = new Set(inst.skipped.map((i) => inst.students[i].member_id));
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
