/**
 * What the service needs from the solver engine (src/solver/**): `SolverPort`, which
 * solver-adapter.ts builds from the engine's SolverPool. The problem and plan are the engine's own
 * types (src/solver/types.ts, the one definition), under the names this side uses.
 */
import type { Fix, Placement, Plan, Problem, SolveProgress, TimeSource } from '../solver/types.js';

export type { PinnedLesson, PlanStats, Priority, TimeSource, Week } from '../solver/types.js';

/** The engine's problem as the service builds it: every student's chosen source is named. */
export type SolveProblem = Problem & { timePreferences: Record<string, TimeSource> };

/** The engine's plan; an empty class gets one without statistics (nothing was solved). */
export type SolvePlan = Omit<Plan, 'stats'> & { stats?: Plan['stats'] };

export type PlanPlacement = Placement;

/** The engine's fix of an unplaced student. */
export type EngineFix = Fix;

/** A progress report of the engine, without the plan it may carry. */
export type EngineProgress = Omit<SolveProgress, 'plan'>;

export interface SolverPort {
  solve(problem: SolveProblem, opts: { onProgress?: (progress: EngineProgress) => void; timeLimitS?: number }): Promise<SolvePlan>;
  close(): Promise<void>;
}
