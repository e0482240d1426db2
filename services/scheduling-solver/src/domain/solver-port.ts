/**
 * What the service needs from the solver engine (src/solver/**, owned by the engine's author).
 * Structural copies of the engine's Problem/Plan shapes keep this side compiling against the
 * fields it really uses; main.ts adapts the engine's SolverPool to `SolverPort`.
 */
import type { TimesMap } from '@stundenplan/timegrid';

export type TimeSource = 'available_times' | 'available_times_user_input';

export interface ProblemStudent {
  member_id: string;
  name: string;
  duration: number;
  available_times: TimesMap;
  available_times_user_input: TimesMap;
  preferred_times?: TimesMap;
  preferred_times_user_input?: TimesMap;
  /** 'biweekly': a lesson every other week, in week A or B of a two-week plan; 'weekly' (default) holds its slot in both. */
  frequency?: Frequency;
}

export type Frequency = 'weekly' | 'biweekly';

/** Week of a biweekly lesson; null for a weekly one (it is in both weeks). */
export type Week = 'A' | 'B';

export interface PinnedLesson {
  member_id: string;
  day: number;
  /** Slot label of the first quarter hour ("9.00"). */
  start: string;
  /** Week of a biweekly student's lesson (the engine takes 'A' when absent); ignored for weekly students. */
  week?: Week | null;
}

export interface SolveProblem {
  wiggleRoom: number;
  teacherTimes: TimesMap;
  students: ProblemStudent[];
  timePreferences: Record<string, TimeSource>;
  pinned?: PinnedLesson[];
  /** Lessons of a saved plan to keep where possible (stable re-planning). */
  previous?: PinnedLesson[];
}

export interface PlanPlacement {
  member_id: string;
  day: number;
  start: string;
  /** Label of the first slot after the lesson. */
  end: string;
  /** 'A' or 'B' for a biweekly student (the lesson is in that week only); null for a weekly one. */
  week: Week | null;
}

export interface SolvePlan {
  status: 'OPTIMAL' | 'FEASIBLE' | 'INFEASIBLE';
  placements: PlanPlacement[];
  unscheduled_students: string[];
  skipped_students: string[];
  stats?: object;
  reasons?: Record<string, string>;
  preferred_students?: string[];
  moved_students?: string[];
  /** member_id -> fixes of an unplaced student (times as slot labels "9.00"), when asked for. */
  fixes?: Record<string, EngineFix[]>;
  /** Students for whom some kind of fix was not decided within the budget. */
  fixes_incomplete?: string[];
}

/** The engine's fix of an unplaced student (src/solver/types.ts Fix). */
export type EngineFix =
  | { kind: 'teacher_time' | 'student_time'; day: number; start: string; end: string }
  | { kind: 'move_other'; member_id: string; name: string; to: { day: number; start: string; week: Week | null } }
  | { kind: 'shorter'; duration: number };

export type EngineStage = 'first-plan' | 'maximum-proven' | 'compacting' | 'done';

export interface EngineProgress {
  stage: EngineStage;
  /** Students placed in the best plan known at this point. */
  placed?: number;
  idleMinutes?: number;
  elapsedMs?: number;
}

export interface SolverPort {
  solve(problem: SolveProblem, opts: { onProgress?: (progress: EngineProgress) => void; timeLimitS?: number }): Promise<SolvePlan>;
  close(): Promise<void>;
}
