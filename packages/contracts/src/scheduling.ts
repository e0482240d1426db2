// docs/product/api.md "Schedules and calculation" (scheduling-solver service).
import { tryLabelToSlot } from '@stundenplan/timegrid';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** Week of a biweekly lesson (docs/product/planning.md "14-day lessons"). */
export const lessonWeek = z.enum(['A', 'B']);

/**
 * Saved form: day index "0"…"6" -> [slot label, member_id] pairs, one per occupied quarter hour; a biweekly
 * lesson's quarter hours carry its week as a third element, [slot label, member_id, "A" | "B"] (null there = weekly).
 */
export const savedTimes = z.record(z.string(), z.array(z.union([z.tuple([z.string(), z.string()]), z.tuple([z.string(), z.string(), lessonWeek.nullable()])])));

export const scheduleSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  class_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A saved lesson's room as it was when the schedule was saved (name and site are a snapshot). */
export const savedRoom = z.object({ id: z.string(), name: z.string(), site_id: z.string(), site_name: z.string() });
export const scheduleDetail = scheduleSummary.extend({
  available_times: savedTimes,
  pinned: z.array(z.string()),
  /** member_id -> room id ({} without rooms), the shape of the save body's `rooms`. */
  rooms: z.record(z.string(), z.string()),
  /** member_id -> the room with its name and site as saved, for showing without asking the school. */
  room_details: z.record(z.string(), savedRoom),
});
export const scheduleBody = z.object({
  name: z.string(),
  description: z.string().nullish(),
  class_id: z.string().optional(),
  available_times: savedTimes,
  pinned: z.array(z.string()).optional(),
  /** member_id -> room id of the lesson (a class with a school only; members of the class, rooms of its school). */
  rooms: z.record(z.string(), z.string()).nullish(),
});

const ownerErrors = { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher.', 404: 'Unknown class or schedule (or another teacher’s).' };
const conflict = {
  description: 'A schedule of this name exists.',
  schema: z.object({ detail: z.string(), existing_id: z.string() }),
};

export const listClassSchedules = defineEndpoint({
  id: 'listClassSchedules',
  method: 'GET',
  path: '/api/classes/{classId}/schedules',
  summary: 'The saved schedules of a class, newest first.',
  access: 'owner',
  service: 'scheduling-solver',
  answer: z.object({ schedules: z.array(scheduleSummary) }),
  errors: ownerErrors,
});

export const listSchedules = defineEndpoint({
  id: 'listSchedules',
  method: 'GET',
  path: '/api/schedules',
  summary: 'The saved schedules of a class as a bare list.',
  access: 'owner',
  service: 'scheduling-solver',
  query: z.object({ class_id: z.string() }),
  answer: z.array(scheduleSummary),
  errors: ownerErrors,
});

export const getSchedule = defineEndpoint({
  id: 'getSchedule',
  method: 'GET',
  path: '/api/schedules/{scheduleId}',
  summary: 'One saved schedule with its lessons.',
  access: 'owner',
  service: 'scheduling-solver',
  answer: scheduleDetail,
  errors: ownerErrors,
});

export const createSchedule = defineEndpoint({
  id: 'createSchedule',
  method: 'POST',
  path: '/api/classes/{classId}/schedules',
  summary: 'Save a new schedule (the same one again within 60 seconds is answered with the first).',
  access: 'owner',
  service: 'scheduling-solver',
  body: scheduleBody,
  answer: scheduleSummary,
  status: 201,
  errors: { ...ownerErrors, 409: conflict },
});

export const updateSchedule = defineEndpoint({
  id: 'updateSchedule',
  method: 'POST',
  path: '/api/classes/{classId}/schedules/{scheduleId}',
  summary: 'Update a saved schedule.',
  access: 'owner',
  service: 'scheduling-solver',
  body: scheduleBody,
  answer: scheduleSummary,
  errors: { ...ownerErrors, 409: conflict },
});

export const putSchedule = defineEndpoint({
  id: 'putSchedule',
  method: 'PUT',
  path: '/api/classes/{classId}/schedules/{scheduleId}',
  summary: 'Idempotent save under this id: 200 updated, 201 created.',
  access: 'owner',
  service: 'scheduling-solver',
  body: scheduleBody,
  answer: scheduleSummary,
  errors: { ...ownerErrors, 409: conflict },
});

export const deleteSchedule = defineEndpoint({
  id: 'deleteSchedule',
  method: 'DELETE',
  path: '/api/classes/{classId}/schedules/{scheduleId}',
  summary: 'Delete a saved schedule.',
  access: 'owner',
  service: 'scheduling-solver',
  answer: z.object({ id: z.string(), message: z.string() }),
  errors: ownerErrors,
});

/** docs/product/data.md Time preferences. */
export const timeSource = z.enum(['available_times', 'available_times_user_input']);

/** Order of the last two solver goals (preferred times, compact days). */
export const calculationPriority = z.enum(['preferred_first', 'compact_first', 'weighted']);

/** Default of `gap_minutes_per_preferred` with priority 'weighted'. */
export const DEFAULT_GAP_MINUTES_PER_PREFERRED = 30;

/** Body of the calculation; the service maps each failing field to its German message. */
export const calculationBody = z.object({
  selectedClass: z.string().min(1),
  wiggleRoom: z.union([z.number().int().min(0).max(99), z.string().regex(/^\s*\d{1,2}\s*$/)]),
  timePreferences: z.record(z.string(), timeSource).nullish(),
  pinned: z
    .array(
      z.object({
        member_id: z.string().min(1),
        day: z.union([z.number().int().min(0).max(6), z.string().regex(/^[0-6]$/)]),
        /** A slot label ("9.00") or a slot index. */
        start: z.union([z.string().refine((label) => tryLabelToSlot(label) !== undefined), z.number().int().min(0).max(95)]),
        /** Week of a biweekly student's lesson (default A); ignored for weekly students. */
        week: lessonWeek.nullish(),
      }),
    )
    .max(1000)
    .nullish(),
  /** Stay close to this saved schedule ('Möglichst wenige Änderungen'). */
  previous_schedule_id: z.string().nullish(),
  /**
   * What counts more after the placed (and kept) students, docs/product/planning.md "Solver goals":
   * 'preferred_first' (absent: 'Wunschzeiten zuerst'), 'compact_first' ('Kompakte Tage zuerst') or
   * 'weighted' (at most `gap_minutes_per_preferred` more gap minutes per lesson in preferred times).
   */
  priority: calculationPriority.nullish(),
  /** With priority 'weighted': minutes of gap one more lesson in preferred times is worth (default 30). */
  gap_minutes_per_preferred: z.number().int().min(0).max(600).nullish(),
});

/**
 * The room of a lesson (issue 40, docs/product/school-rooms-in-plans.md): only for a class with a school;
 * a class without a school answers placements without the `room` key.
 */
export const lessonRoom = z.object({
  id: z.string(),
  name: z.string(),
  site_id: z.string(),
  site_name: z.string(),
});

export const placement = z.object({
  member_id: z.string(),
  name: z.string(),
  day: z.number().int().min(0).max(6),
  day_name: z.string(),
  start: z.string(),
  end: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** Start slot and exclusive end slot. */
  set_time_from_to: z.tuple([z.number().int(), z.number().int()]),
  duration: z.number(),
  pinned: z.boolean(),
  /** 'A' or 'B' for a biweekly student (the lesson is in that week only); null for a weekly one. */
  week: lessonWeek.nullable(),
  /** The lesson's room (class with a school only); absent without a school. */
  room: lessonRoom.optional(),
});

const fixDay = z.number().int().min(0).max(6);
/** "HH:MM" (the end of a span is exclusive; "24:00" ends the day). */
const fixTime = z.string().regex(/^\d{2}:\d{2}$/);

/**
 * One change that places an unplaced student while everybody placed keeps a lesson, verified by re-solving
 * with it applied (docs/product/planning.md "Fixes"): add a span to the teacher's times, add a span to the
 * student's times, move (and lock) one other lesson, or a shorter lesson (minutes).
 */
export const studentFix = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('teacher_time'), day: fixDay, start: fixTime, end: fixTime }),
  z.object({ kind: z.literal('student_time'), day: fixDay, start: fixTime, end: fixTime }),
  z.object({
    kind: z.literal('move_other'),
    member_id: z.string(),
    name: z.string(),
    /** Week of a biweekly student's lesson; null for a weekly one. */
    to: z.object({ day: fixDay, start: fixTime, week: lessonWeek.nullable() }),
  }),
  z.object({ kind: z.literal('shorter'), duration: z.number().int().positive() }),
]);

/**
 * A student left out. `fixes` (present in every calculation answer; empty: 'Keine einzelne Änderung reicht aus.')
 * and `fixes_complete` (false: the time budget ended before every kind was settled; such a kind is left out, or
 * its listed fix works but a better one of that kind may exist).
 */
export const studentNote = z.object({
  member_id: z.string(),
  name: z.string(),
  reason: z.string(),
  fixes: z.array(studentFix).optional(),
  fixes_complete: z.boolean().optional(),
});

/** The stage values of a plan. */
export const planSummary = z.object({
  placed: z.number().int(),
  preferred_placed: z.number().int(),
  idle_minutes: z.number(),
  moved: z.number().int(),
  proven: z.boolean(),
  preferred_member_ids: z.array(z.string()),
  moved_member_ids: z.array(z.string()),
});

/** Working form: German day name -> "HH:MM" -> member_id ("" free). */
export const workingTimetable = z.record(z.string(), z.record(z.string(), z.string()));

export const calculationAnswer = z.object({
  timetable: workingTimetable,
  placements: z.array(placement),
  unscheduled_students: z.array(studentNote),
  skipped_students: z.array(studentNote),
  stats: z.record(z.string(), z.unknown()),
  summary: planSummary,
  status: z.enum(['OPTIMAL', 'FEASIBLE']),
  name: z.string(),
  run_id: z.string(),
});

/** The best partial plan of a refusal (no teacher times: only timetable and placements). */
export const bestPlan = calculationAnswer.pick({ timetable: true, placements: true }).extend({
  stats: z.record(z.string(), z.unknown()).optional(),
  summary: planSummary.optional(),
  name: z.string().optional(),
});

/** The object detail of a 400 refusal of the calculation. */
export const calculationRefusal = z.object({
  error_type: z.string(),
  message: z.string(),
  skipped_students: z.array(studentNote),
  unscheduled_students: z.array(studentNote),
  best_plan: bestPlan,
});

export const calculate = defineEndpoint({
  id: 'calculate',
  method: 'POST',
  path: '/api/cp-sat-berechnung-from-db',
  summary: 'Calculate a schedule for the teacher’s class.',
  access: 'teacher',
  service: 'scheduling-solver',
  body: calculationBody,
  answer: calculationAnswer,
  errors: {
    400: {
      description: 'Invalid input (string detail), or more students unplaced than the wiggle room allows / no teacher times (object detail).',
      schema: z.object({ detail: z.union([z.string(), calculationRefusal]) }),
    },
    401: 'Not logged in.',
    403: 'Not a teacher.',
    404: 'Unknown class or previous schedule.',
    502: 'The engine failed.',
    504: 'The engine ran out of time without a plan.',
  },
});

export const roomOptions = defineEndpoint({
  id: 'roomOptions',
  method: 'GET',
  path: '/api/classes/{classId}/room-options',
  summary: 'The free suitable rooms for one lesson of a member (a class with a school): the planner’s room choice.',
  access: 'owner',
  service: 'scheduling-solver',
  query: z.object({
    member_id: z.string().meta({ description: 'A member of the class; its lesson length, needs and sites count.' }),
    day: z.string().meta({ description: 'The lesson’s day, "0" (Monday) to "6" (Sunday).' }),
    start: z.string().meta({ description: 'The lesson’s start as a slot label ("9.00").' }),
    week: lessonWeek
      .optional()
      .meta({ description: 'A biweekly member: the week of the lesson (default A); ignored for a weekly member (its room must be free in both).' }),
  }),
  answer: z.object({
    rooms: z.array(savedRoom).meta({
      description:
        'The school’s rooms at one of the member’s sites with every needed tag, open for the whole lesson and not booked by another class’s sent plan then; in the school’s order. Empty: none.',
    }),
  }),
  errors: {
    400: 'Invalid input, a member not in the class, or a class without a school (German detail).',
    401: 'Not logged in.',
    403: 'Not a teacher.',
    404: 'Unknown or another teacher’s class.',
    503: 'The school service cannot answer.',
  },
});

export const progress = defineEndpoint({
  id: 'progress',
  method: 'GET',
  path: '/api/progress',
  summary: 'Server-sent events of the teacher’s running calculations ({ run_id, class_id, stage, percent, label, at }).',
  access: 'teacher',
  service: 'scheduling-solver',
  answer: undefined,
  answerKind: 'text/event-stream',
  errors: { 401: 'Not logged in.', 403: 'Not a teacher.' },
});
