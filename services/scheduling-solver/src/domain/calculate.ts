/**
 * POST /api/cp-sat-berechnung-from-db as a short story: parse the body, authorize and load the class
 * (ListMembers), gather the times (and the class's school), with a school the rooms (ADR 0034), solve,
 * explain. Each step is a named call.
 */
import { AppError, isAppError, type KeyValueStore, type Logger } from '@stundenplan/base';
import type { AvailabilityClient } from '../clients/availability-client.js';
import type { ClassesClient } from '../clients/classes-client.js';
import type { SchoolClient } from '../clients/school-client.js';
import type { ScheduleRepository } from '../data/schedule-repository.js';
import type { SolveRunRepository, SolveRunStatus } from '../data/solve-run-repository.js';
import { listOwnedMembers } from './access.js';
import { loadRoomPlanning, roomsContext, solveWithRooms, withRooms, type RoomsContext } from './calculation-rooms.js';
import { buildProblem, chosenTimes, rosterOf, type ChosenTimes, type Roster } from './calculation-problem.js';
import { CALC_TEXTS, type CalculationAnswer } from './calculation-texts.js';
import { explainPlan, infeasible, InfeasibleError } from './explain-plan.js';
import { parseCalculationBody, type CalcInput } from './parse-calculation.js';
import { loadPreviousLessons } from './previous-plan.js';
import { ProgressPublisher } from './progress.js';
import type { SolverMetrics } from './solver-metrics.js';
import type { EngineProgress, SolvePlan, SolveProblem, SolverPort } from './solver-port.js';
import { timetableFrom } from './timetable.js';

export { CALC_TEXTS, type CalculationAnswer, type StudentNote } from './calculation-texts.js';
export { defaultPreference } from './calculation-problem.js';
export { parseCalculationBody } from './parse-calculation.js';

export interface CalculateDeps {
  classes: ClassesClient;
  availability: AvailabilityClient;
  /** Rooms, travel and bookings of the class's school (only asked when the class has a school). */
  school: SchoolClient;
  solver: SolverPort;
  runs: SolveRunRepository;
  /** Saved schedules (previous_schedule_id). */
  schedules: Pick<ScheduleRepository, 'findById'>;
  store: KeyValueStore;
  metrics: SolverMetrics;
  log: Logger;
  timeLimitS: number;
  /** The guard around one solve (ms): the engine keeps its own limits, this only answers when it never returns. */
  solveDeadlineMs: number;
  now?: () => Date;
}

export async function calculate(deps: CalculateDeps, teacherId: string, body: unknown): Promise<CalculationAnswer> {
  const input = parseCalculationBody(body);
  const { classId, members } = await listOwnedMembers(deps.classes, input.classId, teacherId);
  const roster = rosterOf(members, input);
  const previous = await loadPreviousLessons(deps.schedules, input.previousScheduleId, classId, teacherId);
  // Own times only of verified members: the teacher never sees (nor plans with) an unverified student's times.
  // The class info only for its school (ListMembers above already checked the owner).
  const [planning, info] = await Promise.all([
    deps.availability.getPlanningData(
      classId,
      members.map((m) => ({ memberId: m.memberId, userId: m.verified ? m.userId : '' })),
    ),
    deps.classes.getClass(classId, teacherId),
  ]);
  if (planning.teacherTimes.isEmpty()) return refuseWithoutTeacherTimes(deps, classId, teacherId, roster);
  const chosen = chosenTimes(roster, input, planning);
  const problem = buildProblem(input, roster, planning, chosen, previous);
  const school = info.school;
  const rooms = school ? roomsContext(await loadRoomPlanning(deps.school, school.schoolId, teacherId, classId), school, roster) : undefined;
  // Refuses (400) a pinned lesson without a free suitable room before anything is solved.
  if (rooms) withRooms(problem, roster, rooms);
  return solveAndExplain(deps, { classId, teacherId, input, roster, chosen, problem, rooms });
}

/** No teacher times: nothing to solve; the run is recorded and every student is listed as skipped. */
async function refuseWithoutTeacherTimes(deps: CalculateDeps, classId: string, teacherId: string, roster: Roster): Promise<never> {
  const started = performance.now();
  const runId = await deps.runs.start(classId, teacherId, roster.members.length);
  await deps.runs.finish(runId, 'NO_TEACHER_TIMES', 0, performance.now() - started);
  deps.metrics.solves.inc({ status: 'NO_TEACHER_TIMES' });
  throw AppError.badRequest({
    error_type: 'INFEASIBLE',
    message: CALC_TEXTS.noTeacherTimes,
    // Nothing was solved, so no fix was looked for (fixes_complete false).
    skipped_students: roster.members.map((m) => ({ member_id: m.memberId, name: m.name, reason: CALC_TEXTS.noTeacherTimes, fixes: [], fixes_complete: false })),
    unscheduled_students: [],
    best_plan: { timetable: timetableFrom([]), placements: [] },
  });
}

interface Calculation {
  classId: string;
  teacherId: string;
  input: CalcInput;
  roster: Roster;
  chosen: ReadonlyMap<string, ChosenTimes>;
  problem: SolveProblem;
  /** Only for a class with a school. */
  rooms?: RoomsContext | undefined;
}

/** One recorded solve run with progress events and metrics; the plan explained, or the German refusal. */
async function solveAndExplain(deps: CalculateDeps, c: Calculation): Promise<CalculationAnswer> {
  const name = CALC_TEXTS.planName(deps.now?.() ?? new Date());
  const started = performance.now();
  const runId = await deps.runs.start(c.classId, c.teacherId, c.roster.members.length);
  const progress = new ProgressPublisher(deps.store, deps.log, c.teacherId, runId, c.classId);
  await progress.emit('started');
  let status: SolveRunStatus = 'ERROR';
  let placed: number | null = null;
  deps.metrics.running.inc();
  try {
    // The engine's own 'done' comes before the answer is built; the final 'done' (with its result) is sent below.
    const onProgress = (p: EngineProgress) => {
      if (p.stage !== 'done') void progress.emit(p.stage, undefined, p.placed);
    };
    const solve = (p: SolveProblem) => solveWithDeadline(deps, p, onProgress);
    const roomed = c.rooms && c.roster.members.length > 0 ? await solveWithRooms(c.problem, c.roster, c.rooms, solve) : undefined;
    const plan: SolvePlan = roomed ? roomed.plan : c.roster.members.length === 0 ? emptyPlan() : await solve(c.problem);
    const explained = explainPlan(plan, c.roster, c.chosen, c.input.wiggleRoom, performance.now() - started, roomed?.rooms);
    // A repaired (or still travel-infeasible) plan is not proven optimal: the forbidden starts were cut by hand.
    const roomsHonest = !roomed || (roomed.repairs === 0 && roomed.travelConflicts.length === 0);
    if (roomed) {
      explained.stats.rooms = { repairs: roomed.repairs, travel_conflicts: roomed.travelConflicts };
      if (!roomsHonest) explained.summary = { ...explained.summary, proven: false };
    }
    placed = explained.placed;
    deps.metrics.studentsPlaced.inc(placed);
    deps.metrics.studentsUnplaced.inc({ kind: 'unscheduled' }, explained.unscheduled.length);
    deps.metrics.studentsUnplaced.inc({ kind: 'skipped' }, explained.skipped.length);
    if (explained.infeasible) {
      status = 'INFEASIBLE';
      throw infeasible(explained, name);
    }
    status = plan.status === 'OPTIMAL' && roomsHonest ? 'OPTIMAL' : 'FEASIBLE';
    const { timetable, placements, unscheduled, skipped, stats, summary } = explained;
    return { timetable, placements, unscheduled_students: unscheduled, skipped_students: skipped, stats, summary, status, name, run_id: runId };
  } catch (e) {
    if (e instanceof InfeasibleError) throw e;
    status = 'ERROR';
    deps.log.error({ err: e, classId: c.classId, runId }, 'calculation failed');
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

function emptyPlan(): SolvePlan {
  return { status: 'OPTIMAL', placements: [], unscheduled_students: [], skipped_students: [], reasons: {} };
}

/** The engine keeps its own time limits; this only guards the HTTP answer against an engine that never returns. */
async function solveWithDeadline(deps: CalculateDeps, problem: SolveProblem, onProgress: (p: EngineProgress) => void): Promise<SolvePlan> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('TIMEOUT', CALC_TEXTS.tooSlow)), deps.solveDeadlineMs);
  });
  try {
    return await Promise.race([deps.solver.solve(problem, { onProgress, timeLimitS: deps.timeLimitS }), guard]);
  } finally {
    clearTimeout(timer);
  }
}
