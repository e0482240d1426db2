// The benchmark's reading of a problem JSON, written apart from the solver (src/solver) so that the
// checker and the reference do not share the solver's mistakes.
// - 7 days (0 = Monday), 96 quarter-hour slots a day; the label of slot i is `${i >> 2}.${(i % 4) * 15}`
//   with two minute digits ("9.00", "14.30") and names the slot that starts then; "24.00" only ends.
// - A student's chosen times: timePreferences[member_id] when it names a source (taken literally, even
//   when empty), else available_times_user_input when it holds a label, else available_times.
// - A lesson is duration/15 consecutive slots of one day, each in the chosen times and in teacherTimes.
//   A student without any such window is skipped; the others are active.
// - Idle minutes = sum over days with lessons of (last end - first start - lesson minutes that day).
// - Biweekly students ("frequency": "biweekly"; absent, null or "weekly" = weekly): with one of them the
//   plan covers weeks A and B; a weekly lesson holds its slots in both weeks, a biweekly one (placement
//   "week": "A" | "B") only in its week; no overlap within a week; idle = idle of week A + idle of week B.

export const DAYS = 7;
export const SLOTS = 96;
export const SOURCES = ['available_times', 'available_times_user_input'];
export const WEEKS = ['A', 'B'];

/** Small deterministic PRNG (mulberry32) of the generators. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 'weekly' (also absent or null) or 'biweekly'; throws on anything else. */
export function frequency(student) {
  const f = student.frequency ?? 'weekly';
  if (f !== 'weekly' && f !== 'biweekly') throw new Error(`bad frequency ${JSON.stringify(f)} for ${student.member_id}`);
  return f;
}

export const label = (i) => `${Math.floor(i / 4)}.${String((i % 4) * 15).padStart(2, '0')}`;

/** "9.00", "09.00" or "9:00" -> slot index; throws on anything else. */
export function parseLabel(s) {
  if (typeof s !== 'string') throw new Error(`time label must be a string, got ${JSON.stringify(s)}`);
  const m = /^(\d{1,2})[.:](\d{2})$/.exec(s.trim());
  if (!m) throw new Error(`bad time label ${JSON.stringify(s)}`);
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (![0, 15, 30, 45].includes(min) || h > 24 || (h === 24 && min !== 0)) throw new Error(`bad time label ${JSON.stringify(s)}`);
  return h * 4 + min / 15;
}

/** {"0": [labels]} -> Map(day -> Set(slot)) */
export function slotsOf(times) {
  const out = new Map();
  for (const [d, labels] of Object.entries(times ?? {})) {
    const day = Number(d);
    if (!Number.isInteger(day) || day < 0 || day >= DAYS) throw new Error(`bad day key ${JSON.stringify(d)}`);
    for (const l of labels ?? []) {
      const i = parseLabel(l);
      if (i >= SLOTS) throw new Error(`slot label ${l} is past the end of the day`);
      if (!out.has(day)) out.set(day, new Set());
      out.get(day).add(i);
    }
  }
  return out;
}

const hasLabels = (t) => Object.values(t ?? {}).some((v) => (v ?? []).length > 0);

export function chosenSource(problem, student) {
  const p = (problem.timePreferences ?? {})[student.member_id];
  if (SOURCES.includes(p)) return p;
  return hasLabels(student.available_times_user_input) ? 'available_times_user_input' : 'available_times';
}

/** Parsed problem: per student the lesson length in slots and every candidate (day, start slot). */
export class Instance {
  constructor(problem) {
    this.problem = problem;
    this.wiggle = Number(problem.wiggleRoom ?? 0);
    this.teacher = slotsOf(problem.teacherTimes);
    this.students = problem.students ?? [];
    this.ids = this.students.map((s) => s.member_id);
    this.index = new Map(this.ids.map((id, i) => [id, i]));
    if (this.index.size !== this.ids.length) throw new Error('duplicate member_id in problem');
    this.length = [];
    this.cands = [];
    this.biweekly = this.students.map((s) => frequency(s) === 'biweekly');
    /** a two-week plan (weeks A and B) as soon as one student is biweekly */
    this.twoWeeks = this.biweekly.includes(true);
    for (const s of this.students) {
      const dur = Number(s.duration);
      if (!(dur > 0) || dur % 15) throw new Error(`bad duration ${dur} for ${s.member_id}`);
      const L = dur / 15;
      const chosen = slotsOf(s[chosenSource(problem, s)] ?? {});
      const cands = [];
      for (let d = 0; d < DAYS; d++) {
        const mine = chosen.get(d);
        const teacher = this.teacher.get(d);
        if (!mine || !teacher) continue;
        for (let t = 0; t + L <= SLOTS; t++) {
          let ok = true;
          for (let k = t; k < t + L && ok; k++) ok = mine.has(k) && teacher.has(k);
          if (ok) cands.push([d, t]);
        }
      }
      this.length.push(L);
      this.cands.push(cands);
    }
    this.active = this.cands.flatMap((c, i) => (c.length ? [i] : []));
    this.skipped = this.cands.flatMap((c, i) => (c.length ? [] : [i]));
  }

  get nActive() {
    return this.active.length;
  }

  stats() {
    const cap = [...this.teacher.values()].reduce((a, s) => a + s.size, 0) * 15;
    const dem = this.active.reduce((a, i) => a + this.length[i], 0) * 15;
    return {
      n_students: this.students.length,
      n_skipped: this.skipped.length,
      n_active: this.nActive,
      wiggleRoom: this.wiggle,
      min_placed_needed: Math.max(0, this.nActive - this.wiggle),
      teacher_days: this.teacher.size,
      capacity_min: cap,
      demand_min: dem,
      demand_ratio: cap ? Math.round((dem / cap) * 1000) / 1000 : null,
      n_candidates: this.cands.reduce((a, c) => a + c.length, 0),
    };
  }
}

/**
 * [[day, startSlot, lengthSlots, week?]] -> idle slots. twoWeeks: idle of week A + idle of week B, a
 * lesson with week null or absent (weekly) in both weeks, one with week 'A' or 'B' only there.
 */
export function idleSlots(placed, twoWeeks = false) {
  if (twoWeeks) return WEEKS.reduce((sum, w) => sum + idleSlots(placed.filter((p) => (p[3] ?? w) === w)), 0);
  const perDay = new Map();
  for (const [d, t, L] of placed) {
    if (!perDay.has(d)) perDay.set(d, []);
    perDay.get(d).push([t, t + L]);
  }
  let idle = 0;
  for (const iv of perDay.values()) {
    const first = Math.min(...iv.map(([a]) => a));
    const last = Math.max(...iv.map(([, b]) => b));
    idle += last - first - iv.reduce((a, [x, y]) => a + y - x, 0);
  }
  return idle;
}

/** {studentIndex: [day, start, week?]} -> plan JSON in the solver's output shape (week null unless biweekly) */
export function makePlan(inst, placement, status) {
  const placements = [...placement.entries()]
    .sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1] || String(a[1][2]).localeCompare(String(b[1][2])))
    .map(([i, [d, t, week]]) => ({ member_id: inst.ids[i], day: d, start: label(t), end: label(t + inst.length[i]), week: week ?? null }));
  return {
    status,
    placements,
    unscheduled_students: inst.active.filter((i) => !placement.has(i)).map((i) => inst.ids[i]),
    skipped_students: inst.skipped.map((i) => inst.ids[i]),
  };
}
