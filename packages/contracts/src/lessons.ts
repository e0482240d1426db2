// docs/product/semester.md "During the semester": the class's lesson rules, cancelling one dated lesson and the
// make-up lessons it gives (notification service; the suggestions are computed by the scheduling solver).
import { z } from 'zod';
import { id } from './common.js';
import { defineEndpoint } from './endpoint.js';

const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD, Europe/Berlin).` });
const clock = (description: string) => z.string().meta({ description: `${description} (HH:MM, Europe/Berlin).` });

/** The class's rules for the semester; defaults 24, 4, false until the teacher sets them. */
export const lessonRules = z.object({
  cancel_notice_hours: z
    .number()
    .int()
    .min(0)
    .max(336)
    .meta({ description: 'A student’s cancellation gives a make-up only this many hours before the lesson (default 24).' }),
  makeup_weeks: z.number().int().min(1).max(26).meta({ description: 'A make-up can be booked up to this many weeks after the cancelled date (default 4).' }),
  swaps_need_approval: z.boolean().meta({ description: 'Swaps between students need the teacher’s approval (default false).' }),
});
export type LessonRules = z.infer<typeof lessonRules>;

export const makeup = z.object({
  makeup_id: id,
  member_id: id,
  /** Teacher's list: the member's name; the student's list: the class. */
  name: z.string().meta({ description: 'The member’s name (teacher’s list) or the class name (student’s list).' }),
  class_id: id,
  cancelled_date: day('The cancelled lesson’s day'),
  status: z.enum(['open', 'booked', 'expired']),
  booked: z
    .object({ date: day('The make-up’s day'), start: clock('Start'), end: clock('End') })
    .nullable()
    .meta({ description: 'The booked make-up lesson; null while open or expired.' }),
  expires_on: day('Last day a make-up can take place'),
});
export type Makeup = z.infer<typeof makeup>;

export const makeupSuggestion = z.object({
  date: day('The day'),
  start: clock('Start'),
  end: clock('End'),
  idle_added_minutes: z.number().int().meta({ description: 'Idle minutes the lesson adds to the teacher’s day (0 = none).' }),
});

const ownerErrors = { 401: 'Not logged in.', 403: 'Not a teacher.', 404: "Unknown or another teacher's class: 'Klasse/Kurs nicht gefunden'." };

export const getLessonRules = defineEndpoint({
  id: 'getLessonRules',
  method: 'GET',
  path: '/api/classes/{classId}/lesson-rules',
  summary: 'The class’s rules for cancellations, make-ups and swaps (defaults until set).',
  access: 'owner',
  service: 'notification',
  answer: lessonRules,
  errors: ownerErrors,
});

export const setLessonRules = defineEndpoint({
  id: 'setLessonRules',
  method: 'PUT',
  path: '/api/classes/{classId}/lesson-rules',
  summary: 'Set the class’s rules for cancellations, make-ups and swaps.',
  access: 'owner',
  service: 'notification',
  body: lessonRules,
  answer: lessonRules.extend({ message: z.string() }),
  errors: { 400: 'Invalid input (German detail).', ...ownerErrors },
});

export const cancelLesson = defineEndpoint({
  id: 'cancelLesson',
  method: 'POST',
  path: '/api/lessons/cancel',
  summary: 'Cancel one dated lesson (the class’s teacher or the student of that membership).',
  access: 'user',
  service: 'notification',
  body: z.object({
    class_id: id,
    member_id: id,
    date: day('The lesson’s day'),
    reason: z.string().nullish().meta({ description: 'Shown to the teacher; at most 500 characters (without leading and trailing spaces).' }),
  }),
  answer: z.object({
    status: z.literal('cancelled'),
    makeup_id: id.nullable().meta({ description: 'The make-up entitlement; null when none is due (a student’s late cancellation).' }),
    message: z.string(),
  }),
  errors: {
    400: 'Invalid input (German detail).',
    401: 'Not logged in.',
    404: 'Unknown class or membership, or no lesson of that member on that date (German detail).',
    409: 'The date is past or the lesson is already cancelled (German detail).',
    429: 'Too many requests, or the teacher’s daily mail budget is used up.',
  },
});

export const cancelledLesson = z.object({
  class_id: id,
  class_name: z.string(),
  member_id: id,
  name: z.string().meta({ description: 'The member’s name.' }),
  date: day('The lesson’s day'),
  start: clock('Start'),
  end: clock('End'),
  makeup_id: id.meta({ description: 'The make-up the student may book.' }),
});

export const cancelDay = defineEndpoint({
  id: 'cancelDay',
  method: 'POST',
  path: '/api/lessons/cancel-day',
  summary: 'The teacher cancels every lesson of a day still ahead (“Ich bin krank”), each with a make-up; in all their classes or in one.',
  access: 'teacher',
  service: 'notification',
  body: z.object({
    date: day('The day'),
    class_id: id.nullish().meta({ description: 'Only this class; without it every class of the teacher.' }),
    reason: z.string().nullish().meta({ description: 'Told to each student; at most 500 characters (without leading and trailing spaces).' }),
  }),
  answer: z.object({
    status: z.literal('cancelled'),
    cancelled: z.array(cancelledLesson).meta({ description: 'The lessons cancelled now, by class, start and name.' }),
    skipped: z.number().int().meta({ description: 'Lessons of the day left as they are: already cancelled or already begun.' }),
    message: z.string(),
  }),
  errors: {
    400: 'Invalid input (German detail).',
    401: 'Not logged in.',
    403: 'Not a teacher.',
    404: 'Unknown or another teacher’s class, or no lesson left to cancel that day (German detail).',
    409: 'The day is past (German detail).',
    429: 'Too many requests.',
  },
});

export const withdrawCancellation = defineEndpoint({
  id: 'withdrawCancellation',
  method: 'POST',
  path: '/api/lessons/withdraw-cancellation',
  summary:
    'Withdraw a cancellation while the lesson is still ahead: the class’s teacher (any) or the student who cancelled; refused once its make-up is booked.',
  access: 'user',
  service: 'notification',
  body: z.object({ class_id: id, member_id: id, date: day('The cancelled lesson’s day') }),
  answer: z.object({
    status: z.enum(['planned', 'swapped']).meta({ description: 'The lesson’s status again.' }),
    message: z.string(),
  }),
  errors: {
    400: 'Invalid input (German detail).',
    401: 'Not logged in.',
    403: 'A student withdrawing the teacher’s cancellation (German detail).',
    404: 'Unknown class or membership, or no cancellation that day (German detail).',
    409: 'The lesson has begun or is past, or its make-up is already booked (German detail).',
    429: 'Too many requests.',
  },
});

export const classMakeups = defineEndpoint({
  id: 'listClassMakeups',
  method: 'GET',
  path: '/api/classes/{classId}/makeups',
  summary: 'The make-up entitlements of the class’s members.',
  access: 'owner',
  service: 'notification',
  answer: z.object({ makeups: z.array(makeup) }),
  errors: ownerErrors,
});

export const myMakeups = defineEndpoint({
  id: 'listMyMakeups',
  method: 'GET',
  path: '/api/me/makeups',
  summary: 'The student’s own make-up entitlements in all their classes.',
  access: 'student',
  service: 'notification',
  answer: z.object({ makeups: z.array(makeup) }),
  errors: { 401: 'Not logged in.', 403: 'Not a student.' },
});

const makeupErrors = {
  400: 'Invalid input (German detail).',
  401: 'Not logged in.',
  404: "Unknown make-up or another's: 'Nachholtermin nicht gefunden'.",
};

export const makeupSuggestions = defineEndpoint({
  id: 'listMakeupSuggestions',
  method: 'GET',
  path: '/api/makeups/{makeupId}/suggestions',
  summary: 'Times for the make-up (three unless limit says more), best first (fewest idle minutes for the teacher, then earliest).',
  access: 'user',
  service: 'notification',
  query: z.object({
    limit: z
      .string()
      .regex(/^([1-9]|1[0-2])$/)
      .optional()
      .meta({ description: 'How many times at most, 1 to 12 (default 3): “Weitere Zeiten” asks for more.' }),
  }),
  answer: z.object({ suggestions: z.array(makeupSuggestion).max(12) }),
  errors: { ...makeupErrors, 409: 'The make-up is booked or expired (German detail).' },
});

export const bookMakeup = defineEndpoint({
  id: 'bookMakeup',
  method: 'POST',
  path: '/api/makeups/{makeupId}/book',
  summary: 'Book the make-up at one of its valid times (the teacher or the student).',
  access: 'user',
  service: 'notification',
  body: z.object({ date: day('The day'), start: clock('Start') }),
  answer: z.object({ makeup: makeup, message: z.string() }),
  errors: {
    ...makeupErrors,
    409: 'The time is taken, not valid, or the make-up is booked or expired (German detail).',
    429: 'Too many requests, or the teacher’s daily mail budget is used up.',
  },
});
