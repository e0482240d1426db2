// docs/product/semester.md "Swaps": two students of a class exchange their lessons for one date or, without
// a date, their weekly slots for the rest of the semester (notification service).
import { z } from 'zod';
import { id } from './common.js';
import { defineEndpoint } from './endpoint.js';

const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD, Europe/Berlin).` });
/** A UUID the request names (the service answers a malformed one with its German 400). */
const uuid = id.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);

export const swapStatus = z
  .enum(['pending', 'awaiting_approval', 'swapped', 'declined'])
  .meta({ description: 'pending: the other student has not answered; awaiting_approval: accepted, the teacher approves; swapped; declined.' });

const studentErrors = { 401: 'Not logged in.', 403: 'Not a student.' };

/** One lesson a swap exchanges: its day and times (for a weekly swap the first pair's). */
const swapLesson = z
  .object({
    date: day('The lesson’s day'),
    start: z.string().meta({ description: 'HH:MM, Europe/Berlin.' }),
    end: z.string().meta({ description: 'HH:MM, Europe/Berlin.' }),
  })
  .meta({ description: 'A lesson the swap exchanges; for a weekly swap the first one.' });
const swapLessons = {
  lesson: swapLesson.nullable().meta({ description: 'The asking (options: the caller’s) lesson; null once the swap no longer fits or is answered.' }),
  with_lesson: swapLesson.nullable().meta({ description: 'The other student’s lesson; null as lesson.' }),
};

export const swapOptions = defineEndpoint({
  id: 'listSwapOptions',
  method: 'GET',
  path: '/api/lessons/swap-options',
  summary: 'Classmates whose lesson the student could take and who could take theirs, with both lessons’ times.',
  access: 'student',
  service: 'notification',
  query: z.object({
    class_id: uuid,
    member_id: uuid.meta({ description: 'The caller’s own membership.' }),
    date: day('The caller’s lesson to swap; without it the weekly slot for the rest of the semester').optional(),
  }),
  answer: z.object({
    date: day('The lesson asked about').nullable(),
    options: z.array(
      z.object({
        member_id: id,
        name: z.string().meta({ description: 'First name and initial only (“Lena V.”).' }),
        lesson: swapLesson.meta({ description: 'The caller’s lesson the swap gives away (weekly: the first one).' }),
        with_lesson: swapLesson.meta({ description: 'The classmate’s lesson the caller would take (weekly: the first one).' }),
      }),
    ),
  }),
  errors: { 400: 'Invalid id or date (German detail).', ...studentErrors, 404: 'Not the caller’s membership, or no lesson on that date.' },
});

export const createSwapRequest = defineEndpoint({
  id: 'createSwapRequest',
  method: 'POST',
  path: '/api/lessons/swap-requests',
  summary: 'Ask a classmate to swap lessons; mails them.',
  access: 'student',
  service: 'notification',
  body: z.object({
    class_id: uuid,
    member_id: uuid.meta({ description: 'The caller’s own membership.' }),
    with_member_id: uuid.meta({ description: 'A member named by the swap options.' }),
    date: day('The caller’s lesson to swap; null or absent: the weekly slots from today on').nullable().optional(),
  }),
  answer: z.object({ request_id: id, message: z.string() }),
  status: 201,
  errors: {
    400: 'Invalid input (German detail).',
    ...studentErrors,
    404: 'Not the caller’s membership, or no such classmate.',
    409: 'The lessons do not fit each other, or a request is already open.',
    429: 'Too many requests, or over the teacher’s mail budget.',
  },
});

const decisionAnswer = z.object({ status: swapStatus, message: z.string() });

export const acceptSwapRequest = defineEndpoint({
  id: 'acceptSwapRequest',
  method: 'POST',
  path: '/api/lessons/swap-requests/{requestId}/accept',
  summary: 'The asked student accepts: the lessons are swapped (or wait for the teacher’s approval).',
  access: 'student',
  service: 'notification',
  answer: decisionAnswer,
  errors: {
    400: 'Invalid id.',
    ...studentErrors,
    404: 'Unknown request, or not asked of the caller.',
    409: 'Already answered, or the lessons no longer fit (German detail).',
  },
});

export const declineSwapRequest = defineEndpoint({
  id: 'declineSwapRequest',
  method: 'POST',
  path: '/api/lessons/swap-requests/{requestId}/decline',
  summary: 'The asked student declines an open request, or the class’s teacher one awaiting approval.',
  access: 'user',
  service: 'notification',
  answer: decisionAnswer,
  errors: { 400: 'Invalid id.', 401: 'Not logged in.', 404: 'Unknown request, or not the caller’s to answer.', 409: 'Already answered.' },
});

export const approveSwapRequest = defineEndpoint({
  id: 'approveSwapRequest',
  method: 'POST',
  path: '/api/lessons/swap-requests/{requestId}/approve',
  summary: 'The class’s teacher approves an accepted swap (lesson rule swaps_need_approval).',
  access: 'owner',
  service: 'notification',
  answer: decisionAnswer,
  errors: {
    400: 'Invalid id.',
    401: 'Not logged in.',
    403: 'Not a teacher.',
    404: 'Unknown request or another teacher’s class.',
    409: 'Not awaiting approval, or the lessons no longer fit (German detail).',
  },
});

export const mySwapRequests = defineEndpoint({
  id: 'listMySwapRequests',
  method: 'GET',
  path: '/api/me/swap-requests',
  summary: 'The student’s swap requests, asked by them or of them.',
  access: 'student',
  service: 'notification',
  answer: z.object({
    requests: z.array(
      z.object({
        request_id: id,
        class_id: id,
        class_name: z.string(),
        member_id: id.meta({ description: 'The caller’s membership in it.' }),
        incoming: z.boolean().meta({ description: 'true: asked of the caller (they accept or decline).' }),
        with_name: z.string().meta({ description: 'The other student: first name and initial.' }),
        date: day('The swapped date; null: the weekly slots from from_date on').nullable(),
        from_date: day('First date the swap covers'),
        status: swapStatus,
        created_at: z.string(),
        lesson: swapLesson.nullable().meta({ description: 'The caller’s lesson the swap exchanges while it is open; null otherwise.' }),
        with_lesson: swapLesson.nullable().meta({ description: 'The other student’s lesson while the request is open; null otherwise.' }),
      }),
    ),
  }),
  errors: studentErrors,
});

export const classSwapRequests = defineEndpoint({
  id: 'listClassSwapRequests',
  method: 'GET',
  path: '/api/classes/{classId}/swap-requests',
  summary: 'Every swap request of the class, newest first.',
  access: 'owner',
  service: 'notification',
  answer: z.object({
    requests: z.array(
      z.object({
        request_id: id,
        member_id: id,
        name: z.string(),
        with_member_id: id,
        with_name: z.string(),
        date: day('The swapped date; null: the weekly slots from from_date on').nullable(),
        from_date: day('First date the swap covers'),
        status: swapStatus,
        created_at: z.string(),
        ...swapLessons,
      }),
    ),
  }),
  errors: { 401: 'Not logged in.', 403: 'Not a teacher.', 404: "Unknown or another teacher's class: 'Klasse/Kurs nicht gefunden'." },
});

export const swapDates = defineEndpoint({
  id: 'listMySwapDates',
  method: 'GET',
  path: '/api/me/swap-dates',
  summary: 'The student’s planned lessons from today on that at least one classmate could swap (where “Tauschen” is offered).',
  access: 'student',
  service: 'notification',
  answer: z.object({ dates: z.array(z.object({ class_id: id, member_id: id, date: day('A lesson somebody could swap') })) }),
  errors: studentErrors,
});
