import { AppError, isAppError, type KeyValueStore, type Logger } from '@stundenplan/base';
import { DAY_NAMES, SLOTS_PER_DAY, WeekSlots, durationToSlots, tryLabelToSlot, type TimesMap } from '@stundenplan/timegrid';
import type { AvailabilityClient } from '../clients/availability-client.js';
import type { ClassMember, ClassesClient } from '../clients/classes-client.js';
import type { ScheduleRepository } from '../data/schedule-repository.js';
import type { SolveRunRepository, SolveRunStatus } from '../data/solve-run-repository.js';
import { assertOwnsClass } from './access.js';
import { loadPreviousLessons } from './previous-plan.js';
import { planSummary, type PlanSummary } from './plan-summary.js';
import { ProgressPublisher } from './progress.js';
import type { SolverMetrics } from './solver-metrics.js';
import type { EngineProgress, PinnedLesson, SolvePlan, SolveProblem, SolverPort, TimeSource } from './solver-port.js';
import { timetableFrom, toPlacementViews, type MemberInfo, type PlacementView, type WorkingTimetable } from './timetable.js';

export const CALC_TEXTS = Object.freeze({
  noClass: 'Bitte wählen Sie zuerst eine Klasse aus.',
  wiggleRoom: 'Ungültiger Spielraum-Wert. Bitte geben Sie eine ganze Zahl zwischen 0 und 99 ein.',
  infeasible: 'Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.',
  noTeacherTimes: 'Es sind keine Unterrichtszeiten der Lehrkraft eingetragen. Bitte tragen Sie zuerst Ihre Zeiten ein (Schritt 2).',
  timePreferences: 'Die Zeitpräferenzen müssen als Objekt von member_id zu "available_times" oder "available_times_user_input" angegeben werden.',
  timePreferenceValue: (id: string) =>
    `Ungültige Zeitpräferenz für ${id}: erlaubt sind "available_times" (Zeiten der Lehrkraft) oder "available_times_user_input" (Zeiten der Studierenden).`,
  unknownMembers: (ids: string[]) =>
    `Diese Studierenden gehören nicht zu der gewählten Klasse: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ' …' : ''}. Bitte laden Sie die Seite neu.`,
  pinnedInvalid: 'Ungültige Angabe der fixierten Stunden: erwartet wird eine Liste von {member_id, day (0 bis 6), start (z.B. "9.00")}.',
  pinnedTwice: (name: string) => `${name} ist mehrfach fixiert.`,
  pinnedPastMidnight: (name: string) => `Die fixierte Stunde von ${name} reicht über das Tagesende hinaus.`,
  pinnedOverlap: (a: string, b: string, day: number) => `Die fixierten Stunden von ${a} und ${b} überschneiden sich am ${DAY_NAMES[day]}.`,
  failed: 'Die Berechnung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  tooSlow: 'Die Berechnung hat zu lange gedauert. Bitte versuchen Sie es erneut.',
  reasonNoTimes: 'Keine verfügbaren Zeiten eingetragen',
  reasonNoCommonWindow: (minutes: number) => `Keine gemeinsame Zeit mit der Lehrkraft, in die ${minutes} Minuten Unterricht passen`,
  reasonTaken: 'Alle passenden Zeitfenster sind bereits belegt',
  planName: (date: Date) =>
    `Berechneter Plan ${new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date)}`,
});

export interface StudentNote {
  member_id: string;
  name: string;
  reason: string;
}

export interface CalculationAnswer {
  timetable: WorkingTimetable;
  placements: PlacementView[];
  unscheduled_students: StudentNote[];
  skipped_students: StudentNote[];
  stats: Record<string, unknown>;
  /** Stage values: placed, lessons in preferred times, idle minutes, students moved from the previous plan. */
  summary: PlanSummary;
  status: 'OPTIMAL' | 'FEASIBLE';
  name: string;
  run_id: string;
}

export interface CalculateDeps {
  classes: ClassesClient;
  availability: AvailabilityClient;
  solver: SolverPort;
  runs: SolveRunRepository;
  /** Saved schedules (previous_schedule_id). */
  schedules: Pick<ScheduleRepository, 'findById'>;
  store: KeyValueStore;
  metrics: SolverMetrics;
  log: Logger;
  timeLimitS: number;
  now?: () => Date;
}

interface CalcInput {
  classId: unknown;
  wiggleRoom: number;
  timePreferences: Record<string, TimeSource>;
  pinned: { member_id: string; day: number; slot: number }[];
  previousScheduleId: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Body of POST /api/cp-sat-berechnung-from-db; every refusal in the SPEC's German. */
export function parseCalculationBody(body: unknown): CalcInput {
  const b = isPlainObject(body) ? body : {};
  const selected = b.selectedClass;
  if (selected === undefined || selected === null || selected === '') throw AppError.badRequest(CALC_TEXTS.noClass);
  let wiggle: unknown = b.wiggleRoom;
  if (typeof wiggle === 'string' && /^\d{1,2}$/.test(wiggle.trim())) wiggle = Number(wiggle.trim());
  if (typeof wiggle !== 'number' || !Number.isInteger(wiggle) || wiggle < 0 || wiggle > 99) throw AppError.badRequest(CALC_TEXTS.wiggleRoom);
  const prefs: Record<string, TimeSource> = {};
  if (b.timePreferences !== undefined && b.timePreferences !== null) {
    if (!isPlainObject(b.timePreferences)) throw AppError.badRequest(CALC_TEXTS.timePreferences);
    for (const [id, v] of Object.entries(b.timePreferences)) {
      if (v !== 'available_times' && v !== 'available_times_user_input') throw AppError.badRequest(CALC_TEXTS.timePreferenceValue(id));
      prefs[id] = v;
    }
  }
  const pinned: CalcInput['pinned'] = [];
  if (b.pinned !== undefined && b.pinned !== null) {
    if (!Array.isArray(b.pinned) || b.pinned.length > 1000) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
    for (const p of b.pinned) {
      if (!isPlainObject(p) || typeof p.member_id !== 'string' || !p.member_id) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
      const day = typeof p.day === 'string' && /^[0-6]$/.test(p.day) ? Number(p.day) : p.day;
      const slot = typeof p.start === 'number' ? p.start : tryLabelToSlot(p.start);
      if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
      if (slot === undefined || !Number.isInteger(slot) || slot < 0 || slot >= SLOTS_PER_DAY) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
      pinned.push({ member_id: p.member_id, day, slot });
    }
  }
  return { classId: selected, wiggleRoom: wiggle, timePreferences: prefs, pinned, previousScheduleId: b.previous_schedule_id };
}

const isEmptyTimes = (t: TimesMap) => Object.values(t).every((l) => l.length === 0);

/** SPEC "Time preferences"; default: the student's own times when registered and non-empty, else the teacher-entered ones. */
export function defaultPreference(member: Pick<ClassMember, 'userId'>, userInput: TimesMap): TimeSource {
  return member.userId && !isEmptyTimes(userInput) ? 'available_times_user_input' : 'available_times';
}

class InfeasibleError extends AppError {}

export async function calculate(deps: CalculateDeps, teacherId: string, body: unknown): Promise<CalculationAnswer> {
  const input = parseCalculationBody(body);
  const classId = await assertOwnsClass(deps.classes, input.classId, teacherId);
  const members = await deps.classes.listMembers(classId, teacherId);
  const byId = new Map(members.map((m) => [m.memberId, m]));
  const unknown = [...new Set([...Object.keys(input.timePreferences), ...input.pinned.map((p) => p.member_id)])].filter((id) => !byId.has(id));
  if (unknown.length) throw AppError.badRequest(CALC_TEXTS.unknownMembers(unknown));
  const info = new Map<string, MemberInfo>(members.map((m) => [m.memberId, { name: m.name, duration: lessonMinutes(m.duration) }]));
  const pinned = checkPinned(input.pinned, info);
  const previous = await loadPreviousLessons(deps.schedules, input.previousScheduleId, classId, teacherId);

  const planning = await deps.availability.getPlanningData(
    classId,
    members.map((m) => ({ memberId: m.memberId, userId: m.userId })),
  );
  const timesById = new Map(planning.members.map((t) => [t.memberId, t]));
  const problem: SolveProblem = {
    wiggleRoom: input.wiggleRoom,
    teacherTimes: planning.teacherTimes,
    students: members.map((m) => ({
      member_id: m.memberId,
      name: m.name,
      duration: lessonMinutes(m.duration),
      available_times: timesById.get(m.memberId)?.availableTimes ?? {},
      available_times_user_input: timesById.get(m.memberId)?.availableTimesUserInput ?? {},
      preferred_times: timesById.get(m.memberId)?.preferredTimes ?? {},
      preferred_times_user_input: timesById.get(m.memberId)?.preferredTimesUserInput ?? {},
    })),
    timePreferences: Object.fromEntries(
      members.map((m) => [m.memberId, input.timePreferences[m.memberId] ?? defaultPreference(m, timesById.get(m.memberId)?.availableTimesUserInput ?? {})]),
    ),
    ...(pinned.length ? { pinned } : {}),
    ...(previous ? { previous: previous.filter((l) => byId.has(l.member_id)) } : {}),
  };
  const now = deps.now?.() ?? new Date();
  const name = CALC_TEXTS.planName(now);
  const pinnedIds = new Set(pinned.map((p) => p.member_id));
  const started = performance.now();

  const teacherWeek = WeekSlots.fromTimesMap(planning.teacherTimes, { strict: false });
  if (teacherWeek.isEmpty()) {
    const runId = await deps.runs.start(classId, teacherId, members.length);
    await deps.runs.finish(runId, 'NO_TEACHER_TIMES', 0, performance.now() - started);
    deps.metrics.solves.inc({ status: 'NO_TEACHER_TIMES' });
    throw AppError.badRequest({
      error_type: 'INFEASIBLE',
      message: CALC_TEXTS.noTeacherTimes,
      skipped_students: members.map((m) => ({ member_id: m.memberId, name: m.name, reason: CALC_TEXTS.noTeacherTimes })),
      unscheduled_students: [],
      best_plan: { timetable: timetableFrom([]), placements: [] },
    });
  }

  const runId = await deps.runs.start(classId, teacherId, members.length);
  const progress = new ProgressPublisher(deps.store, deps.log, teacherId, runId, classId);
  await progress.emit('started');
  let status: SolveRunStatus = 'ERROR';
  let placed: number | null = null;
  deps.metrics.running.inc();
  try {
    // The engine's own 'done' comes before the answer is built; the final 'done' (with its result) is sent below.
    const onProgress = (p: EngineProgress) => {
      if (p.stage !== 'done') void progress.emit(p.stage, undefined, p.placed);
    };
    const plan: SolvePlan = members.length === 0 ? emptyPlan() : await solveWithDeadline(deps, problem, onProgress);
    const views = toPlacementViews(plan.placements, info, pinnedIds);
    const placedIds = new Set(views.map((v) => v.member_id));
    placed = placedIds.size;
    const notes = (ids: string[], fallback: (id: string) => string) =>
      [...new Set(ids)]
        .filter((id) => byId.has(id) && !placedIds.has(id))
        .map((id) => ({ member_id: id, name: byId.get(id)!.name, reason: plan.reasons?.[id] || fallback(id) }));
    // A student who entered no times at all is told so (the engine only knows "no common time").
    const skipped = notes(plan.skipped_students ?? [], (id) => skippedReason(problem, id, info)).map((s) =>
      chosenTimesEmpty(problem, s.member_id) ? { ...s, reason: CALC_TEXTS.reasonNoTimes } : s,
    );
    const skippedIds = new Set(skipped.map((s) => s.member_id));
    // Every active student the engine did not place counts, even if it forgot to list one.
    const unscheduledIds = [...(plan.unscheduled_students ?? []), ...members.map((m) => m.memberId).filter((id) => !placedIds.has(id) && !skippedIds.has(id))];
    const unscheduled = notes(unscheduledIds, () => CALC_TEXTS.reasonTaken).filter((s) => !skippedIds.has(s.member_id));
    const timetable = timetableFrom(views);
    const elapsedMs = performance.now() - started;
    const stats = {
      ...(plan.stats ?? {}),
      students: members.length,
      placed,
      unscheduled: unscheduled.length,
      skipped: skipped.length,
      wiggle_room: input.wiggleRoom,
      pinned: pinned.length,
      duration_ms: Math.round(elapsedMs),
    };
    const summary = planSummary(plan, placed, byId);
    deps.metrics.studentsPlaced.inc(placed);
    deps.metrics.studentsUnplaced.inc({ kind: 'unscheduled' }, unscheduled.length);
    deps.metrics.studentsUnplaced.inc({ kind: 'skipped' }, skipped.length);
    if (plan.status === 'INFEASIBLE' || unscheduled.length > input.wiggleRoom) {
      status = 'INFEASIBLE';
      throw new InfeasibleError('BAD_REQUEST', {
        error_type: 'INFEASIBLE',
        message: CALC_TEXTS.infeasible,
        skipped_students: skipped,
        unscheduled_students: unscheduled,
        best_plan: { timetable, placements: views, stats, summary, name },
      });
    }
    status = plan.status === 'OPTIMAL' ? 'OPTIMAL' : 'FEASIBLE';
    return { timetable, placements: views, unscheduled_students: unscheduled, skipped_students: skipped, stats, summary, status, name, run_id: runId };
  } catch (e) {
    if (e instanceof InfeasibleError) throw e;
    status = 'ERROR';
    deps.log.error({ err: e, classId, runId }, 'calculation failed');
    if (isAppError(e) && (e.code === 'TIMEOUT' || e.code === 'UNAVAILABLE')) throw e;
    throw new AppError('UNAVAILABLE', CALC_TEXTS.failed, { cause: e });
  } finally {
    const elapsed = performance.now() - started;
    deps.metrics.running.dec();
    deps.metrics.solves.inc({ status });
    deps.metrics.solveDuration.observe({ status }, elapsed / 1000);
    await progress.emit('done', status === 'ERROR' ? 'error' : status === 'INFEASIBLE' ? 'infeasible' : 'ok', placed ?? undefined);
    await deps.runs
      .finish(runId, status, placed, elapsed)
      .catch((err: unknown) => deps.log.warn({ err: (err as Error).message, runId }, 'solve run not recorded'));
  }
}

/** Durations come from the classes service (15..120); anything odd is rounded up to whole quarter hours, default 30. */
function lessonMinutes(duration: number): number {
  return duration > 0 ? durationToSlots(duration) * 15 : 30;
}

function emptyPlan(): SolvePlan {
  return { status: 'OPTIMAL', placements: [], unscheduled_students: [], skipped_students: [], stats: {}, reasons: {} };
}

function chosenTimesEmpty(problem: SolveProblem, id: string): boolean {
  const s = problem.students.find((x) => x.member_id === id);
  return !s || isEmptyTimes(s[problem.timePreferences[id] ?? 'available_times'] ?? {});
}

function skippedReason(problem: SolveProblem, id: string, info: ReadonlyMap<string, MemberInfo>): string {
  const s = problem.students.find((x) => x.member_id === id);
  if (!s) return CALC_TEXTS.reasonNoTimes;
  const times = s[problem.timePreferences[id] ?? 'available_times'];
  return isEmptyTimes(times) ? CALC_TEXTS.reasonNoTimes : CALC_TEXTS.reasonNoCommonWindow(info.get(id)?.duration ?? s.duration);
}

function checkPinned(list: CalcInput['pinned'], info: ReadonlyMap<string, MemberInfo>): PinnedLesson[] {
  const seen = new Set<string>();
  const taken = new Map<string, string>();
  for (const p of list) {
    const member = info.get(p.member_id)!;
    if (seen.has(p.member_id)) throw AppError.badRequest(CALC_TEXTS.pinnedTwice(member.name));
    seen.add(p.member_id);
    const end = p.slot + durationToSlots(member.duration);
    if (end > SLOTS_PER_DAY) throw AppError.badRequest(CALC_TEXTS.pinnedPastMidnight(member.name));
    for (let s = p.slot; s < end; s++) {
      const other = taken.get(`${p.day}:${s}`);
      if (other) throw AppError.badRequest(CALC_TEXTS.pinnedOverlap(info.get(other)!.name, member.name, p.day));
      taken.set(`${p.day}:${s}`, p.member_id);
    }
  }
  return list.map((p) => ({ member_id: p.member_id, day: p.day, start: `${Math.floor(p.slot / 4)}.${String((p.slot % 4) * 15).padStart(2, '0')}` }));
}

/** The engine keeps its own time limits; this only guards the HTTP answer against an engine that never returns. */
async function solveWithDeadline(deps: CalculateDeps, problem: SolveProblem, onProgress: (p: EngineProgress) => void): Promise<SolvePlan> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('TIMEOUT', CALC_TEXTS.tooSlow)), (deps.timeLimitS + 15) * 1000);
  });
  try {
    return await Promise.race([deps.solver.solve(problem, { onProgress, timeLimitS: deps.timeLimitS }), guard]);
  } finally {
    clearTimeout(timer);
  }
}
