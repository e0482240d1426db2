// docs/product/semester.md: the semester of a class (classes service) and the dated lessons of the plan
// last sent (notification service).
import { z } from 'zod';
import { id, messageAnswer } from './common.js';
import { defineEndpoint } from './endpoint.js';

const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD, Europe/Berlin).` });

const semesterBreak = z.object({ from: day('First day of the break'), to: day('Last day of the break'), label: z.string() });

/** GET answer; every field null (breaks and holidays empty) while the class has no semester. */
const semesterAnswer = z.object({
  first_day: day('First day').nullable(),
  last_day: day('Last day').nullable(),
  state: z.string().nullable().meta({ description: 'Bundesland: BW BY BE BB HB HH HE MV NI NW RP SL SN ST SH TH.' }),
  breaks: z.array(semesterBreak),
  holidays: z.array(z.object({ date: day('The holiday'), name: z.string() })).meta({ description: 'Statutory public holidays of the state in the semester.' }),
});

/** The room of a lesson of a class of a school, as it was when the plan was sent (docs/product/school-rooms-for-students.md). */
export const lessonRoom = z
  .object({
    id,
    name: z.string().meta({ description: 'The room’s name, e.g. “Raum 1.01”.' }),
    site_id: id,
    site_name: z.string().meta({ description: 'The site’s name, e.g. “Hauptstelle”.' }),
  })
  .meta({ description: 'Where the lesson takes place; shown as “{name}, {site_name}” (“Raum 1.01, Hauptstelle”).' });

const datedLesson = z.object({
  member_id: id,
  name: z.string(),
  date: day('The lesson’s day'),
  start: z.string().meta({ description: 'HH:MM, Europe/Berlin.' }),
  end: z.string().meta({ description: 'HH:MM, Europe/Berlin (24:00 at midnight).' }),
  status: z.enum(['planned', 'holiday', 'break', 'cancelled', 'makeup', 'swapped']),
  reason: z.string().nullable().meta({
    description:
      'The holiday’s name, the break’s label, the cancellation’s reason (null when none was given), the swap (“Getauscht mit Lena V.”) or the make-up (“Nachholtermin für den 13.01.2027”); null when planned.',
  }),
  makeup_id: id.optional().meta({ description: 'A cancelled lesson’s make-up or a make-up lesson: its id.' }),
  cancelled_by: z
    .enum(['teacher', 'student'])
    .optional()
    .meta({ description: 'A cancelled lesson: who cancelled it (the teacher may withdraw any cancellation, a student only their own).' }),
  week: z.enum(['A', 'B']).nullable().meta({ description: 'A or B: a biweekly lesson, dated in the semester’s A or B weeks only; null for a weekly lesson.' }),
  room: lessonRoom.optional().meta({
    description:
      'A class of a school: the room of the plan’s lesson when the plan had one (a swapped lesson has the room of the time it took). Absent for a class without a school, a lesson without a room and a make-up.',
  }),
});

const ownerErrors = { 401: 'Not logged in.', 403: 'Not a teacher.', 404: "Unknown or another teacher's class: 'Klasse/Kurs nicht gefunden'." };

export const getSemester = defineEndpoint({
  id: 'getSemester',
  method: 'GET',
  path: '/api/classes/{classId}/semester',
  summary: 'The class’s semester with the public holidays of its state.',
  access: 'owner',
  service: 'classes',
  answer: semesterAnswer,
  errors: ownerErrors,
});

export const setSemester = defineEndpoint({
  id: 'setSemester',
  method: 'PUT',
  path: '/api/classes/{classId}/semester',
  summary: 'Set or replace the class’s semester.',
  access: 'owner',
  service: 'classes',
  body: z.object({
    first_day: day('First day'),
    last_day: day('Last day, at most 400 days after the first counting both'),
    state: z.string().meta({ description: 'Bundesland: BW BY BE BB HB HH HE MV NI NW RP SL SN ST SH TH.' }),
    breaks: z.array(semesterBreak).max(30).optional(),
  }),
  answer: semesterAnswer.extend({ message: z.string() }),
  errors: { 400: 'Invalid input (German detail).', ...ownerErrors },
});

export const deleteSemester = defineEndpoint({
  id: 'deleteSemester',
  method: 'DELETE',
  path: '/api/classes/{classId}/semester',
  summary: 'Remove the class’s semester (weekly series again).',
  access: 'owner',
  service: 'classes',
  answer: messageAnswer,
  errors: ownerErrors,
});

export const classLessons = defineEndpoint({
  id: 'listClassLessons',
  method: 'GET',
  path: '/api/classes/{classId}/lessons',
  summary: 'Every dated lesson of the plan last sent, by date.',
  access: 'owner',
  service: 'notification',
  answer: z.object({ lessons: z.array(datedLesson) }),
  errors: ownerErrors,
});

export const myLessons = defineEndpoint({
  id: 'listMyLessons',
  method: 'GET',
  path: '/api/me/lessons',
  summary: 'The student’s own dated lessons in all their classes.',
  access: 'student',
  service: 'notification',
  answer: z.object({
    lessons: z.array(
      datedLesson.extend({
        class_id: id,
        class_name: z.string(),
        cancel_notice_hours: z.number().int().meta({ description: 'The class’s rule: a cancellation gives a make-up only this many hours before the lesson.' }),
        cancel_in_time_until: z.string().meta({
          description: 'The last moment (ISO 8601, UTC) a cancellation of this lesson still gives a make-up: its start minus cancel_notice_hours.',
        }),
      }),
    ),
  }),
  errors: { 401: 'Not logged in.', 403: 'Not a student.' },
});
