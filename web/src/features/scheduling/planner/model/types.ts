import type { LessonWeek } from '@stundenplan/timegrid';
import type { AnswerOf } from '@stundenplan/contracts';
import type { scheduling } from '@stundenplan/contracts/routes';
import type { MemberDto } from '../../../../shared/data/classes';

/** docs/product/data.md "Time preferences": which of a member's two time sources the planner uses. */
export type TimeSource = 'available_times' | 'available_times_user_input';

/**
 * A class member as GET classes/{id}/members answers (docs/product/data.md "Class member"): the shared member shape,
 * with everything but id, name and duration optional (the planner copes without them).
 */
export type PlannerMember = Pick<MemberDto, 'member_id' | 'name' | 'duration'> & Partial<Omit<MemberDto, 'member_id' | 'name' | 'duration'>>;

/** One placed lesson: `start` is the first slot, `end` the exclusive end slot (docs/product/data.md set_time_from_to). */
export interface Placement {
  memberId: string;
  day: number;
  start: number;
  end: number;
  /** Locked by the teacher: sent as `pinned` to the calculation so it stays. */
  pinned: boolean;
  /** A biweekly student's lesson: in A or B weeks of the semester; absent (or null) for a weekly lesson. */
  week?: LessonWeek | null;
  /** The lesson's room (a class with a school): from the calculation, a loaded schedule or the teacher's choice. */
  room?: PlannerRoom | null;
  /** Moved since its room was chosen: the room stays only if room-options still lists it (useRoomRecheck). */
  roomUnchecked?: boolean;
}

/** A school room of a lesson, with its site (docs/product/school-rooms-in-plans.md). */
export interface PlannerRoom {
  id: string;
  name: string;
  site_id: string;
  site_name: string;
}

/**
 * A schedule entry that does not match the class (docs/product/planning.md "Loading a schedule"): a member that is not
 * in the class, or a run of slots whose length differs from the member's duration. Shown in the grid
 * as 'ERROR: ...'.
 */
export interface ErrorEntry {
  key: string;
  /** Display name, always starting with 'ERROR: '. */
  name: string;
  memberId: string;
  /** True when the member id is not in the class (SPEC tooltip 'Fehler: Fehlende Studentendaten'). */
  unknownMember: boolean;
  day: number;
  start: number;
  end: number;
}

/** Saved form (docs/product/data.md): day index "0".."6" -> [slot label, member_id(, week)] entries sorted by time. */
export type SavedEntry = [label: string, memberId: string] | [label: string, memberId: string, week: LessonWeek | null];
export type SavedTimes = Record<string, SavedEntry[]>;

/** Working form (docs/product/data.md): day name -> "HH:MM" -> member_id ('' = free). */
export type WorkingForm = Record<string, Record<string, string>>;

/** Listing entry of GET classes/{id}/schedules. */
/** A saved schedule as the lists answer it (GET classes/{id}/schedules). */
export type ScheduleSummary = AnswerOf<typeof scheduling.listClassSchedules>['schedules'][number];

/** GET schedules/{id}. */
export type ScheduleDetail = AnswerOf<typeof scheduling.getSchedule>;

/** Visible slot range of the grid: rows start .. end-1 (end exclusive). */
export interface VisibleRange {
  start: number;
  end: number;
}

/** The plan shown in the grid. */
export interface PlanContent {
  placements: Placement[];
  errors: ErrorEntry[];
}
