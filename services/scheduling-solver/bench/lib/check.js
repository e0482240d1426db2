// The benchmark's checker: is a plan valid for its problem, how many students does it place, how
// many idle minutes does it leave, and is its status claim right (given the reference optima)?
import { idleSlots, Instance, label, parseLabel, SLOTS, WEEKS } from './problem.js';

const STATUSES = ['OPTIMAL', 'FEASIBLE', 'INFEASIBLE'];

/**
 * Errors make a plan invalid: bad status, unknown or twice placed students, bad day or labels, wrong
 * length, a slot outside the teacher's or the student's chosen times, overlaps (within one week in a
 * two-week plan), a biweekly lesson without week 'A'/'B' or a week on a weekly one, OPTIMAL/FEASIBLE with
 * more than wiggleRoom active students unplaced, INFEASIBLE although its own plan fits.
 * Status errors (need `ref`): INFEASIBLE although a plan within wiggleRoom exists; OPTIMAL below the
 * proven maximum. List problems (unscheduled/skipped lists) are warnings, errors with `strict`.
 * @returns {{ valid: boolean, status_ok: boolean, errors: string[], status_errors: string[], warnings: string[], status: unknown, placed: number | null, idle_min: number | null }}
 */
export function checkPlan(problem, plan, ref, { strict = false, inst = new Instance(problem) } = {}) {
  const errors = [];
  const warnings = [];
  const listIssues = [];
  const statusErrors = [];
  const res = { errors, warnings, status_errors: statusErrors, status: null, placed: null, idle_min: null, valid: false, status_ok: true };
  if (!plan || typeof plan !== 'object' || Array.isArray(plan)) {
    errors.push('output is not a JSON object');
    return res;
  }
  const status = plan.status;
  res.status = status;
  if (!STATUSES.includes(status)) errors.push(`status ${JSON.stringify(status)} is not one of ${STATUSES.join(', ')}`);
  let placements = plan.placements;
  if (placements == null) {
    placements = [];
    if (status !== 'INFEASIBLE') errors.push("no 'placements' list");
  }
  if (!Array.isArray(placements)) {
    errors.push("'placements' is not a list");
    placements = [];
  }
  const placed = new Map(); // index -> [day, start, length, week]
  const busy = new Map(); // `${week}${day}:${slot}` -> index (week '' in a one-week plan)
  placements.forEach((p, n) => {
    if (!p || typeof p !== 'object') return errors.push(`placement #${n}: not an object`);
    const i = inst.index.get(p.member_id);
    if (i === undefined) return errors.push(`placement #${n}: unknown member_id ${JSON.stringify(p.member_id)}`);
    const where = `placement of ${p.member_id} (${inst.students[i].name ?? ''})`;
    if (placed.has(i)) return errors.push(`${where}: student placed more than once`);
    const week = p.week ?? null;
    const biweekly = inst.twoWeeks && inst.biweekly[i];
    if (biweekly && !WEEKS.includes(week)) return errors.push(`${where}: biweekly student needs "week": "A" or "B", got ${JSON.stringify(week)}`);
    if (!biweekly && week !== null) return errors.push(`${where}: "week": ${JSON.stringify(week)} on a weekly student`);
    const weeks = biweekly ? [week] : inst.twoWeeks ? WEEKS : [''];
    const day = p.day;
    if (!Number.isInteger(day) || day < 0 || day > 6) return errors.push(`${where}: bad day ${JSON.stringify(day)}`);
    let a;
    let b;
    try {
      a = parseLabel(p.start);
      b = parseLabel(p.end);
    } catch (e) {
      return errors.push(`${where}: ${e.message}`);
    }
    if (p.start !== label(a) || p.end !== label(b)) warnings.push(`${where}: non-canonical time labels ${p.start}-${p.end}`);
    const L = inst.length[i];
    if (b - a !== L) return errors.push(`${where}: ${p.start}-${p.end} is ${(b - a) * 15} min, duration is ${L * 15} min`);
    if (b > SLOTS) return errors.push(`${where}: crosses midnight`);
    if (!inst.cands[i].some(([d, t]) => d === day && t === a)) {
      const teacher = inst.teacher.get(day) ?? new Set();
      const outsideTeacher = Array.from({ length: L }, (_, k) => a + k).some((k) => !teacher.has(k));
      return errors.push(`${where}: day ${day} ${p.start}-${p.end} outside ${outsideTeacher ? 'teacherTimes' : "the student's chosen times"}`);
    }
    const clash = new Set();
    for (const w of weeks) for (let k = a; k < b; k++) if (busy.has(`${w}${day}:${k}`)) clash.add(inst.ids[busy.get(`${w}${day}:${k}`)]);
    if (clash.size) return errors.push(`${where}: overlaps ${[...clash].sort().join(', ')} on day ${day}`);
    for (const w of weeks) for (let k = a; k < b; k++) busy.set(`${w}${day}:${k}`, i);
    placed.set(i, [day, a, L, biweekly ? week : null]);
  });
  res.placed = placed.size;
  res.idle_min = idleSlots([...placed.values()], inst.twoWeeks) * 15;
  const unplaced = inst.nActive - placed.size;
  const needed = Math.max(0, inst.nActive - inst.wiggle);

  const unsched = Array.isArray(plan.unscheduled_students) ? plan.unscheduled_students : (listIssues.push("no 'unscheduled_students' list"), []);
  const skipped = Array.isArray(plan.skipped_students) ? plan.skipped_students : (listIssues.push("no 'skipped_students' list"), []);
  const trueSkipped = new Set(inst.skipped.map((i) => inst.ids[i]));
  const placedIds = new Set([...placed.keys()].map((i) => inst.ids[i]));
  const listed = new Set([...unsched, ...skipped]);
  const unknown = [...unsched, ...skipped].filter((x) => !inst.index.has(x)).length;
  if (unknown) listIssues.push(`${unknown} unknown ids in unscheduled/skipped lists`);
  const both = [...placedIds].filter((x) => listed.has(x)).length;
  if (both) listIssues.push(`${both} placed students also listed as unscheduled/skipped`);
  const wrongSkip = skipped.filter((x) => inst.index.has(x) && !trueSkipped.has(x)).length;
  if (wrongSkip) listIssues.push(`${wrongSkip} students listed as skipped but they have a usable window`);
  const missSkip = [...trueSkipped].filter((x) => !skipped.includes(x)).length;
  if (missSkip) listIssues.push(`${missSkip} students without a usable window not listed as skipped`);
  const missing = inst.ids.filter((x) => !placedIds.has(x) && !listed.has(x)).length;
  if (missing) listIssues.push(`${missing} students neither placed, unscheduled nor skipped`);
  (strict ? errors : warnings).push(...listIssues);

  if ((status === 'OPTIMAL' || status === 'FEASIBLE') && unplaced > inst.wiggle) {
    errors.push(`status ${status} but ${unplaced} active students unplaced > wiggleRoom ${inst.wiggle}`);
  }
  if (status === 'INFEASIBLE') {
    if (unplaced <= inst.wiggle) errors.push(`status INFEASIBLE but its own placements leave only ${unplaced} unplaced <= wiggleRoom ${inst.wiggle}`);
    else if (ref?.opt_placed != null && ref.opt_placed >= needed)
      statusErrors.push(`status INFEASIBLE but a schedule with ${ref.opt_placed} placed (needs ${needed}) exists`);
  }
  if (ref && status === 'OPTIMAL' && ref.placed_proven && placed.size < ref.opt_placed) {
    statusErrors.push(`status OPTIMAL but placed ${placed.size} < proven optimum ${ref.opt_placed}`);
  }
  if (
    ref &&
    status === 'OPTIMAL' &&
    ref.placed_proven &&
    placed.size === ref.opt_placed &&
    ref.idle_proven &&
    ref.best_idle_min != null &&
    res.idle_min > ref.best_idle_min
  ) {
    warnings.push(`status OPTIMAL but idle ${res.idle_min} min > proven minimum ${ref.best_idle_min} min`);
  }
  res.valid = errors.length === 0;
  res.status_ok = statusErrors.length === 0;
  return res;
}
