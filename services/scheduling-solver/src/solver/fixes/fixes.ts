// Fixes per unplaced student (issue 27): single changes that place this student while everybody the
// plan placed keeps a lesson, each verified by re-solving the placed-count stage with the change
// applied (fix-trial.ts). Kinds, each the best of its sort:
//   teacher_time  the shortest continuous span added to the teacher's times (ties: least idle time);
//   student_time  the shortest span the student adds to their times, inside the teacher's times;
//   move_other    one other lesson moved inside its student's times frees a window (least idle time);
//   shorter       the longest shorter duration (15-minute steps) with which the student fits.
// Candidates come from constructions without search (a free window, one moved lesson: fix-board.ts);
// a shorter span or a longer duration that no construction reaches is decided by a search: first all
// of them together (more time never hurts, so "no" there rules each of them out), then one by one.
// Spans of one student and kind share one problem and one LP (fix-spans.ts, ADR 0011); a bipartite
// matching of quarter hours rules most of them out without HiGHS (fix-flow.ts). Three passes:
// constructions and matching for every student first, then the searches with HiGHS runs of at most
// 0.5 s, then the students still open with what is left. A kind that is not decided in time is left
// out and the student listed as incomplete.

import { Board, missingSpan, spanId, spanLength, type Option, type Span } from './fix-board.js';
import { SpanTrial } from './fix-spans.js';
import { verify, type Change, type MipBudget, type Verdict } from './fix-trial.js';
import { loadHighs } from '../engine/highs.js';
import type { Instance } from '../engine/instance.js';
import { SLOT_MINUTES, SLOTS_PER_DAY, slotLabel } from '../engine/problem-input.js';
import type { Fix, Placement } from '../types.js';

/** Longest single HiGHS run of a fix check (s): one hard check must not eat everybody's budget. */
const MAX_RUN_SEC = 0.5;

/** A kind's best fix (or none); settled when nothing better of its kind is left unchecked. */
interface Outcome<T = Fix> {
  fix: T | null;
  settled: boolean;
}
type Kind = Fix['kind'];
/** Whose times a span extends. */
type Owner = 'teacher' | 'student';
const KINDS: readonly Kind[] = ['teacher_time', 'student_time', 'move_other', 'shorter'];

export interface FixesResult {
  /** member_id -> verified fixes (kinds in the order above). */
  fixes: Record<string, Fix[]>;
  /** Students for whom some kind was not decided in time. */
  incomplete: string[];
}

interface Ctx {
  inst: Instance;
  board: Board;
  placements: readonly Placement[];
  mip: MipBudget | null;
  /** Span checks per student and kind, kept across the passes (with the plans they found). */
  trials: Map<string, SpanTrial>;
}

const byPlace = (a: Span, b: Span): number => a.day - b.day || a.a - b.a;
const spanFix = (kind: 'teacher_time' | 'student_time', s: Span): Fix => ({ kind, day: s.day, start: slotLabel(s.a), end: slotLabel(s.b) });

function check(ctx: Ctx, u: number, change: Change): Verdict {
  return verify(ctx.inst.problem, ctx.placements, ctx.inst.students[u]!.member_id, change, ctx.mip);
}

/**
 * The shortest span (ties: least idle, then earliest) among `built` (reached by a construction, with
 * its idle) and `others` (reachable only through a search), given how a set of spans is applied.
 * Unsettled when a shorter one among `others` was not ruled out (the built one is then still listed).
 */
function shortestSpan(ctx: Ctx, u: number, built: { span: Span; idle: number }[], others: Span[], owner: Owner): Outcome<Span> {
  const bestLen = built.length > 0 ? Math.min(...built.map((c) => spanLength(c.span))) : Infinity;
  const shorter = [...new Map(others.filter((s) => spanLength(s) < bestLen).map((s) => [spanId(s), s])).values()];
  const { inst } = ctx;
  const base = owner === 'teacher' ? inst.teacher : inst.chosen[u]!;
  const key = `${u}:${owner}`;
  let trial = ctx.trials.get(key);
  if (!trial) {
    trial = new SpanTrial(inst.problem, ctx.placements, inst.students[u]!.member_id, [...shorter, ...built.map((c) => c.span)], owner, base);
    ctx.trials.set(key, trial);
  }
  const t = trial;
  return shortestOf(ctx, built, bestLen, shorter, (spans) => t.check(spans, ctx.mip));
}

/** shortestSpan's search, `test` deciding a set of spans added at once. */
function shortestOf(ctx: Ctx, built: { span: Span; idle: number }[], bestLen: number, shorter: Span[], test: (spans: Span[]) => Verdict): Outcome<Span> {
  const verifiedBuilt = (): Outcome<Span> => verifiedBest(built, bestLen, test);
  const fallback = (): Outcome<Span> => ({ ...verifiedBuilt(), settled: false });
  if (shorter.length === 0) return verifiedBuilt();
  if (!ctx.mip) return fallback();
  // More time never hurts: "no" with all of them (or all of one day) rules each of them out.
  const all = test(shorter);
  if (all.answer === 'unknown') return fallback();
  if (all.answer === 'no') return verifiedBuilt();
  const days = new Set<number>();
  for (const day of new Set(shorter.map((s) => s.day))) {
    const v = test(shorter.filter((s) => s.day === day));
    if (v.answer === 'unknown') return fallback();
    if (v.answer === 'yes') days.add(day);
  }
  // Then per length (shortest first) and day: the day's spans of that length together, one by one
  // only when together they place u.
  const open = shorter.filter((s) => days.has(s.day));
  for (const len of [...new Set(open.map(spanLength))].sort((a, b) => a - b)) {
    const found: { span: Span; idle: number }[] = [];
    for (const day of days) {
      const group = open.filter((s) => s.day === day && spanLength(s) === len).sort(byPlace);
      const v = group.length > 1 ? test(group) : { answer: 'yes' };
      if (v.answer === 'unknown') return found.length > 0 ? { fix: pick(found), settled: false } : fallback();
      if (v.answer === 'no') continue;
      for (const span of group) {
        const one = test([span]);
        if (one.answer === 'yes') found.push({ span, idle: one.idle });
        else if (one.answer === 'unknown') return found.length > 0 ? { fix: pick(found), settled: false } : fallback();
      }
    }
    if (found.length > 0) return { fix: pick(found), settled: true };
  }
  return verifiedBuilt();
}

/** The best construction of the shortest length, re-solved with its change applied. */
function verifiedBest(built: { span: Span; idle: number }[], bestLen: number, test: (spans: Span[]) => Verdict): Outcome<Span> {
  if (built.length === 0) return { fix: null, settled: true };
  const best = pick(built.filter((c) => spanLength(c.span) === bestLen));
  const v = test([best]);
  return v.answer === 'yes' ? { fix: best, settled: true } : { fix: null, settled: v.answer === 'no' };
}

function pick(found: { span: Span; idle: number }[]): Span {
  return found.sort((x, y) => x.idle - y.idle || byPlace(x.span, y.span))[0]!.span;
}

/** Options with their span (by `spanOf`) and idle, keeping only the shortest spans' idle computed. */
function withSpans(ctx: Ctx, u: number, uLen: number, options: Option[], spanOf: (o: Option) => Span | null): { span: Span; idle: number }[] {
  const spans = options.map((o) => ({ o, span: spanOf(o) })).filter((x): x is { o: Option; span: Span } => x.span !== null);
  if (spans.length === 0) return [];
  const len = Math.min(...spans.map((x) => spanLength(x.span)));
  return spans.filter((x) => spanLength(x.span) === len).map((x) => ({ span: x.span, idle: ctx.board.idleWith(u, x.o.uKey, uLen, x.o.move) }));
}

function teacherTime(ctx: Ctx, u: number): Outcome {
  const { inst, board } = ctx;
  const L = inst.len[u]!;
  const teacher = (k: number): boolean => inst.teacher[k] === 1;
  const own = (i: number) => (k: number) => inst.chosen[i]![k] === 1;
  const uKeys = board.windows(u, L, own(u));
  if (uKeys.length === 0) return NONE;
  const newKeys = uKeys.filter((k) => missingSpan(k, L, teacher));
  const oldKeys = uKeys.filter((k) => !missingSpan(k, L, teacher));
  const otherNew = (o: number) => board.windows(o, inst.len[o]!, own(o)).filter((k) => missingSpan(k, inst.len[o]!, teacher));
  const built = [
    ...withSpans(ctx, u, L, board.direct(u, L, newKeys), (o) => missingSpan(o.uKey, L, teacher)),
    ...withSpans(ctx, u, L, board.oneMove(u, L, oldKeys, otherNew, false), (o) => missingSpan(o.move!.key, inst.len[o.move!.o]!, teacher)),
  ];
  // Any lesson of a placed student or of u that would need new teacher time.
  const others: Span[] = [];
  const add = (i: number): void => {
    for (const k of board.windows(i, inst.len[i]!, own(i))) {
      const s = missingSpan(k, inst.len[i]!, teacher);
      if (s) others.push(s);
    }
  };
  add(u);
  board.at.forEach((key, i) => key >= 0 && !inst.pinned.has(i) && add(i));
  const best = shortestSpan(ctx, u, built, others, 'teacher');
  return { fix: best.fix && spanFix('teacher_time', best.fix), settled: best.settled };
}

function studentTime(ctx: Ctx, u: number): Outcome {
  const { inst, board } = ctx;
  const L = inst.len[u]!;
  const own = (k: number): boolean => inst.chosen[u]![k] === 1;
  const inTeacher = board.windows(u, L, (k) => inst.teacher[k] === 1).filter((k) => missingSpan(k, L, own));
  if (inTeacher.length === 0) return NONE;
  const oldOf = (o: number) => board.windows(o, inst.len[o]!, (k) => inst.teacher[k] === 1 && inst.chosen[o]![k] === 1);
  const options = [...board.direct(u, L, inTeacher), ...board.oneMove(u, L, inTeacher, oldOf, false)];
  const built = withSpans(ctx, u, L, options, (o) => missingSpan(o.uKey, L, own));
  const others = inTeacher.map((k) => missingSpan(k, L, own)!);
  const best = shortestSpan(ctx, u, built, others, 'student');
  return { fix: best.fix && spanFix('student_time', best.fix), settled: best.settled };
}

function moveOther(ctx: Ctx, u: number): Outcome {
  const { inst, board } = ctx;
  const L = inst.len[u]!;
  const oldOf = (i: number) => board.windows(i, inst.len[i]!, (k) => inst.teacher[k] === 1 && inst.chosen[i]![k] === 1);
  const options = board.oneMove(u, L, oldOf(u), oldOf, true).map((o) => ({ o, idle: board.idleWith(u, o.uKey, L, o.move) }));
  options.sort((x, y) => x.idle - y.idle || x.o.move!.key - y.o.move!.key || x.o.uKey - y.o.uKey);
  for (const { o } of options) {
    const { o: i, key } = o.move!;
    const dayKey = key % (7 * SLOTS_PER_DAY);
    const day = (dayKey / SLOTS_PER_DAY) | 0;
    const week = inst.weeks === 2 && inst.biweekly[i] ? (key >= 7 * SLOTS_PER_DAY ? 'B' : 'A') : null;
    const start = slotLabel(dayKey - day * SLOTS_PER_DAY);
    const member = inst.students[i]!;
    const v = check(ctx, u, { pin: { member_id: member.member_id, day, start, ...(week ? { week } : {}) } });
    if (v.answer === 'yes') return { fix: { kind: 'move_other', member_id: member.member_id, name: member.name, to: { day, start, week } }, settled: true };
    if (v.answer === 'unknown') return { fix: null, settled: false };
  }
  return NONE;
}

function shorter(ctx: Ctx, u: number): Outcome {
  const { inst, board } = ctx;
  const L = inst.len[u]!;
  const ok = (k: number): boolean => inst.teacher[k] === 1 && inst.chosen[u]![k] === 1;
  const oldOf = (o: number) => board.windows(o, inst.len[o]!, (k) => inst.teacher[k] === 1 && inst.chosen[o]![k] === 1);
  let built = 0;
  for (let len = L - 1; len >= 1 && built === 0; len--) {
    const keys = board.windows(u, len, ok);
    if (board.direct(u, len, keys).length > 0 || board.oneMove(u, len, keys, oldOf, false).length > 0) built = len;
  }
  // A longer duration fits only if the next longer one does (a lesson fits where a longer one did).
  let best = built;
  let settled = true;
  for (let len = built + 1; len < L; len++) {
    const v = ctx.mip ? check(ctx, u, { duration: len * SLOT_MINUTES }) : { answer: 'unknown' };
    settled = v.answer !== 'unknown';
    if (v.answer !== 'yes') break;
    best = len;
  }
  if (best === built && best > 0 && check(ctx, u, { duration: best * SLOT_MINUTES }).answer !== 'yes') return { fix: null, settled: false };
  return { fix: best > 0 ? { kind: 'shorter', duration: best * SLOT_MINUTES } : null, settled };
}

const NONE: Outcome = { fix: null, settled: true };

const SEARCH: Record<Kind, (ctx: Ctx, u: number) => Outcome> = {
  teacher_time: teacherTime,
  student_time: studentTime,
  move_other: moveOther,
  shorter,
};

/**
 * Fixes for every student the plan leaves out (unscheduled and skipped), by `deadline`
 * (performance.now()). Deterministic apart from the deadline.
 */
export async function findFixes(
  inst: Instance,
  placements: readonly Placement[],
  opts: { deadline: number; useMip: boolean; log?: (line: string) => void },
): Promise<FixesResult> {
  const { deadline, log } = opts;
  const t0 = performance.now();
  const board = new Board(inst, placements);
  const students = inst.students.map((_, i) => i).filter((i) => board.at[i]! < 0);
  const found = new Map<number, Map<Kind, Outcome>>(students.map((u) => [u, new Map()]));
  const ctx: Ctx = { inst, board, placements, mip: null, trials: new Map() };
  const open = (u: number): Kind[] => KINDS.filter((k) => !found.get(u)!.get(k)?.settled);
  const run = (u: number): void => {
    for (const kind of open(u)) {
      if (performance.now() >= deadline) return;
      const out = SEARCH[kind](ctx, u);
      // A later pass only replaces a listed fix with a settled answer.
      if (out.settled || !found.get(u)!.get(kind)?.fix) found.get(u)!.set(kind, out);
    }
  };
  // Pass 1: constructions only, for everybody. Pass 2: HiGHS, each student an equal share of the rest.
  // Pass 3: the students still open share what is left, a HiGHS run then as long as a share.
  for (const u of students) run(u);
  if (opts.useMip) {
    try {
      for (const longRuns of [false, true]) {
        const waiting = students.filter((u) => open(u).length > 0);
        if (waiting.length === 0 || performance.now() >= deadline) break;
        const highs = await loadHighs();
        waiting.forEach((u, k) => {
          const share = (deadline - performance.now()) / (waiting.length - k);
          ctx.mip = { highs, deadline: Math.min(deadline, performance.now() + share), maxRunSec: longRuns ? share / 1000 : MAX_RUN_SEC };
          run(u);
        });
      }
    } catch (err) {
      log?.(`fixes: HiGHS unavailable: ${String(err)}`);
    }
  }
  for (const trial of ctx.trials.values()) trial.dispose();
  const fixes: Record<string, Fix[]> = {};
  const incomplete: string[] = [];
  for (const u of students) {
    const id = inst.students[u]!.member_id;
    const kinds = found.get(u)!;
    fixes[id] = KINDS.map((k) => kinds.get(k)?.fix).filter((f): f is Fix => f != null);
    if (open(u).length > 0) incomplete.push(id);
  }
  log?.(`fixes: ${students.length} students, ${incomplete.length} incomplete, ${(performance.now() - t0).toFixed(0)} ms`);
  return { fixes, incomplete };
}
