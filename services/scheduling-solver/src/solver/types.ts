// Problem and plan formats of the timetable solver (bench/README.md), plus the
// solver's own additions: pinned lessons, statistics and German reasons.

/** Day key "0" (Monday) .. "6" (Sunday) -> quarter-hour labels such as "9.00", "14.30". */
export type TimesByDay = Record<string, string[]>;

export type TimeSource = 'available_times' | 'available_times_user_input';

export interface ProblemStudent {
  member_id: string;
  name: string;
  /** Lesson length in minutes, a positive multiple of 15. */
  duration: number;
  available_times: TimesByDay;
  available_times_user_input: TimesByDay;
  /** Preferred part of available_times (Wunschzeiten); optional. */
  preferred_times?: TimesByDay;
  /** Preferred part of available_times_user_input; optional. */
  preferred_times_user_input?: TimesByDay;
  /**
   * 'weekly' (default; absent or null too) or 'biweekly': a biweekly student has a lesson every 14
   * days. With one biweekly student the plan covers two weeks, A and B (bench/README.md).
   */
  frequency?: Frequency | null;
  /**
   * Optional filter of lesson starts (start labels by day), e.g. the starts at which a suitable room
   * is free for the whole lesson: a window whose start is not listed is no candidate (also not for
   * pins, previous lessons and fixes). Absent or null: every start. For a biweekly student in a
   * two-week plan it is week A's filter (see allowed_starts_b).
   */
  allowed_starts?: TimesByDay | null;
  /** Week B's filter of a biweekly student's starts; absent or null: the same as allowed_starts. */
  allowed_starts_b?: TimesByDay | null;
}

export type Frequency = 'weekly' | 'biweekly';

/** Week of a biweekly lesson in a two-week plan; null for a weekly lesson (it is in both weeks). */
export type Week = 'A' | 'B';

/** A lesson the teacher locked: it stays exactly here (day 0..6, start label). */
export interface PinnedLesson {
  member_id: string;
  day: number;
  start: string;
  /**
   * Week of a biweekly student's lesson ('A' when absent). Ignored for weekly students. In a
   * previous plan a biweekly student without a week counts as kept in either week.
   */
  week?: Week | null;
}

export interface Problem {
  wiggleRoom: number;
  teacherTimes: TimesByDay;
  students: ProblemStudent[];
  /** member_id -> which source holds the student's chosen times. */
  timePreferences?: Record<string, string>;
  pinned?: PinnedLesson[];
  /**
   * Lessons of an earlier plan (same shape as pins). With it the order is: most students placed,
   * then as few of these students as possible leave their lesson, then most lessons in preferred
   * times, then least idle time. Without it: placed, preferred, idle.
   */
  previous?: PinnedLesson[];
  /**
   * What counts more after placed (and kept) students: preferred times or compact days
   * (docs/product/planning.md "Solver goals"). Absent or null: { order: 'preferred' }.
   */
  priority?: Priority | null;
}

/**
 * 'preferred': most lessons in preferred times, then least idle time (the default).
 * 'compact': least idle time, then most lessons in preferred times.
 * 'weighted': least (idle minutes - gapMinutesPerPreferred x lessons in preferred times): one more
 * lesson in preferred times is worth at most that many more idle minutes (a tie goes to the lesson).
 */
export type Priority = { order: 'preferred' } | { order: 'compact' } | { order: 'weighted'; gapMinutesPerPreferred: number };

export type PlanStatus = 'OPTIMAL' | 'FEASIBLE' | 'INFEASIBLE';

export interface Placement {
  member_id: string;
  day: number;
  /** Label of the first slot. */
  start: string;
  /** Label of the first slot after the lesson. */
  end: string;
  /** 'A' or 'B' for a biweekly student (its lesson is in that week only); null for a weekly one. */
  week: Week | null;
}

/**
 * One change that places an unplaced student while everybody placed keeps a lesson (verified by
 * re-solving with it applied). Days 0-6, times as slot labels ("9.00"); `end` is exclusive.
 */
export type Fix =
  /** Add this span to the teacher's times. */
  | { kind: 'teacher_time'; day: number; start: string; end: string }
  /** Add this span to the student's chosen times. */
  | { kind: 'student_time'; day: number; start: string; end: string }
  /** Move (and pin) this other student's lesson here. */
  | { kind: 'move_other'; member_id: string; name: string; to: { day: number; start: string; week: Week | null } }
  /** Give the student this shorter lesson length (minutes). */
  | { kind: 'shorter'; duration: number };

export interface StageTimings {
  /** Reading the problem and building candidate windows. */
  prepareMs: number;
  /** Greedy start plan and local search. */
  heuristicMs: number;
  /** Stage 1: maximum number of placed students. */
  maximizeMs: number;
  /** Stage "stable", right after stage 1: fewest students moved from the previous plan (0 without one). */
  stabilizeMs?: number;
  /** Stage "preferred": most lessons inside preferred times (0 when the problem has none). */
  preferMs?: number;
  /** Stage 2, the last one: minimum idle minutes at the values of the stages before it. */
  compactMs: number;
  /** Fixes for the unplaced students (0 unless asked for). */
  fixesMs?: number;
  totalMs: number;
}

export interface PlanStats {
  placed: number;
  idleMinutes: number;
  /** The placed count is the proven maximum. */
  placedProven: boolean;
  /** The idle minutes are the proven minimum at the values of the stages before (placed, moved, preferred). */
  idleProven: boolean;
  /** Lessons lying entirely inside the student's preferred times (of the chosen source). */
  preferredPlaced: number;
  /** The preferred count is the proven maximum at the placed and moved counts. */
  preferredProven: boolean;
  /** Students of the previous plan that are not at their previous lesson (0 without one). */
  moved: number;
  /** The moved count is the proven minimum at the placed count (stage order placed > moved > preferred > idle). */
  movedProven: boolean;
  stages: StageTimings;
}

export interface Plan {
  status: PlanStatus;
  placements: Placement[];
  /** Active students (with at least one usable window) that were not placed. */
  unscheduled_students: string[];
  /** Students without any usable window. */
  skipped_students: string[];
  stats: PlanStats;
  /** member_id -> German explanation, for every unscheduled or skipped student. */
  reasons: Record<string, string>;
  /** Students whose lesson lies entirely inside their preferred times. */
  preferred_students?: string[];
  /** Students of the previous plan that are not at their previous lesson (placed elsewhere or not at all). */
  moved_students?: string[];
  /** With options.fixes: member_id -> verified fixes, for every unscheduled and skipped student. */
  fixes?: Record<string, Fix[]>;
  /** With options.fixes: students for whom some kind of fix was not decided within the budget (left out). */
  fixes_incomplete?: string[];
}

export type ProgressStage = 'first-plan' | 'maximum-proven' | 'compacting' | 'done';

export interface SolveProgress {
  stage: ProgressStage;
  /** Students placed in the best plan known at this point. */
  placed: number;
  idleMinutes: number;
  elapsedMs: number;
  /** The plan known at this point ('first-plan' and 'done'). */
  plan?: Plan;
}

export interface SolveOptions {
  /** Overall budget in seconds for both MIP stages (the heuristic is not cut). Default 8. */
  timeLimitSec?: number;
  /** Budget of stage 1 (maximum placed). Default: the overall budget. */
  maximizeTimeLimitSec?: number;
  /** Budget of stage 2 (compacting). Default: what is left of the overall budget. */
  compactTimeLimitSec?: number;
  /** false: heuristic only, no HiGHS (statuses then stay FEASIBLE unless trivially proven). */
  useMip?: boolean;
  /** Run stage 2 also when the plan is INFEASIBLE. Default false (the count is what matters). */
  compactInfeasible?: boolean;
  /**
   * Use a second thread for this solve (second local-search start, bound-proving MIP runs).
   * Changes only the speed, never the plan. Default false (the pool runs one thread per solve).
   */
  parallel?: boolean;
  /** Also find fixes for the unplaced students (Plan.fixes). Default false. */
  fixes?: boolean;
  /** Budget for the fixes in seconds after the plan (default 2); never past the overall budget. */
  fixesTimeLimitSec?: number;
  /** Scales the local-search iteration counts (default 1). */
  heuristicEffort?: number;
  onProgress?: (progress: SolveProgress) => void;
  /** Diagnostic log lines (the CLI sends them to stderr). */
  log?: (line: string) => void;
}
