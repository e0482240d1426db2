// docs/privacy/: a copy of everything the product stores about the caller (DSGVO Art. 15 and 20). The auth
// service composes it from each service's own part (gRPC PersonalDataService, proto/stundenplan/privacy/v1).
import { z } from 'zod';
import { id, timesMap } from './common.js';
import { defineEndpoint } from './endpoint.js';

const instant = (description: string) => z.string().meta({ description: `${description} (ISO 8601, UTC).` });
const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD).` });

export const exportAccount = z.object({
  user_id: id,
  name: z.string(),
  email: z.string(),
  role: z.enum(['teacher', 'student']),
  institution: z.string().nullable(),
  duration: z.number().int().nullable().meta({ description: 'Default lesson length in minutes (teachers).' }),
  has_profile_picture: z.boolean(),
  email_confirmed_at: instant('When the address was confirmed').nullable(),
  created_at: instant('When the account was made'),
  updated_at: instant('Last change of the account'),
  last_sign_in_at: instant('Last sign-in').nullable(),
  sessions: z.array(z.object({ created_at: instant('Sign-in'), expires_at: instant('End'), ended_at: instant('Signed out').nullable() })),
  university_logins: z
    .array(z.object({ issuer: z.string(), subject: z.string(), linked_at: instant('Linked') }))
    .meta({ description: 'Identities at a university issuer (university sign-in) linked to the account.' }),
});

const exportMember = z.object({
  member_id: id,
  name: z.string(),
  email: z.string().nullable(),
  registered: z.boolean().meta({ description: 'True when the member has an account of their own.' }),
  duration: z.number().int(),
  frequency: z.string(),
  added_at: instant('Added to the class'),
});

export const exportClasses = z.object({
  /** Students: the classes they are a member of, with what the teacher entered about them there. */
  memberships: z.array(
    z.object({
      class_id: id,
      class_name: z.string(),
      teacher_name: z.string().nullable(),
      member_id: id,
      name: z.string(),
      duration: z.number().int(),
      frequency: z.string(),
      added_at: instant('Added to the class'),
    }),
  ),
  /** Teachers: their classes with their members (what the class page shows). */
  classes: z.array(
    z.object({
      class_id: id,
      name: z.string(),
      description: z.string().nullable(),
      is_group: z.boolean(),
      created_at: instant('Made'),
      deadline: day('Deadline for times').nullable(),
      semester: z.object({ first_day: day('First day'), last_day: day('Last day'), state: z.string() }).nullable(),
      members: z.array(exportMember),
    }),
  ),
  invitations: z.array(z.object({ email: z.string(), class_id: id.nullable(), sent_at: instant('Sent') })),
});

const ownTimes = z.object({ available_times: timesMap, preferred_times: timesMap, last_modified: instant('Last change').nullable() });

export const exportAvailability = z.object({
  own_times: ownTimes.nullable().meta({ description: 'Students: their own times and preferred times.' }),
  /** Times kept per class membership (entered by the teacher, or copied for a class). */
  member_times: z.array(z.object({ class_id: id, member_id: id, available_times: timesMap, preferred_times: timesMap, updated_at: instant('Last change') })),
  /** Teachers: their own times per class. */
  teacher_times: z.array(z.object({ class_id: id, available_times: timesMap, updated_at: instant('Last change') })),
});

const exportLesson = z.object({
  class_id: id,
  class_name: z.string().nullable(),
  name: z.string(),
  date: day('Day'),
  start: z.string(),
  end: z.string(),
  week: z.enum(['A', 'B']).nullable(),
  status: z
    .enum(['planned', 'holiday', 'break', 'cancelled', 'makeup', 'swapped'])
    .meta({ description: 'planned; falling out (holiday, break); or changed during the semester (cancelled, makeup, swapped).' }),
});

export const exportNotification = z.object({
  lessons: z.array(exportLesson).meta({ description: 'Students: their own dated lessons; teachers: the dated lessons of their classes.' }),
  mails: z.array(z.object({ subject: z.string(), created_at: instant('Made'), sent_at: instant('Sent').nullable(), status: z.string() })),
  calendar_subscription: z
    .object({ created_at: instant('Made') })
    .nullable()
    .meta({ description: 'The private calendar link (never the link itself).' }),
  contact_messages: z.array(z.object({ type: z.string(), subject: z.string(), message: z.string(), created_at: instant('Sent') })),
  schedule_sendings: z.array(z.object({ class_id: id, schedule_name: z.string().nullable(), recipient_count: z.number().int(), created_at: instant('Sent') })),
  /** A student's own cancelled lessons; a teacher's of their classes. */
  cancellations: z.array(
    z.object({
      class_id: id,
      member_id: id,
      date: day('Cancelled lesson'),
      start: z.string(),
      end: z.string(),
      by_role: z.string(),
      reason: z.string().nullable(),
      created_at: instant('Cancelled'),
    }),
  ),
  makeups: z.array(
    z.object({
      class_id: id,
      member_id: id,
      cancelled_date: day('Cancelled lesson'),
      expires_on: day('Last day'),
      booked_date: day('Booked day').nullable(),
      booked_start: z.string().nullable(),
      booked_end: z.string().nullable(),
      booked_at: instant('Booked').nullable(),
    }),
  ),
  /** Swaps the person asked for or was asked, without the other student; a teacher's of their classes. */
  swaps: z.array(
    z.object({
      class_id: id,
      asked: z.boolean().nullable().meta({
        description: 'true: the person was asked (the asked student, who accepts or declines); false: they asked for it; null: a swap in a teacher’s class.',
      }),
      date: day('Swapped day').nullable(),
      from_date: day('From'),
      status: z.string(),
      created_at: instant('Asked'),
      decided_at: instant('Answered').nullable(),
    }),
  ),
});

export const exportSchool = z.object({
  /** Teachers: the schools whose administration (Schulverwaltung) they belong to, with the name and address kept there. */
  administrations: z.array(
    z.object({ school_id: id, school_name: z.string(), name: z.string(), email: z.string(), added_at: instant('Made an administrator') }),
  ),
  /** The weekly lessons of sent plans in a school's rooms: a teacher's as the teacher, a student's as the pupil (no other person named). */
  room_bookings: z.array(
    z.object({
      school_id: id,
      class_id: id,
      room_name: z.string(),
      site_name: z.string(),
      day: z.number().int().meta({ description: '0 = Monday … 6 = Sunday.' }),
      start: z.string().meta({ description: 'Start as a slot label ("9.00").' }),
      end: z.string().meta({ description: 'End (exclusive) as a slot boundary label ("9.30").' }),
      week: z.enum(['A', 'B']).nullable().meta({ description: 'A or B: only in that week of a two-week plan; null: every week.' }),
      from: day('First day of the plan'),
      until: day('Last day of the plan'),
    }),
  ),
});

export const personalDataExport = z.object({
  format: z.literal('stundenplan-assistent.personal-data.v1'),
  exported_at: instant('When this copy was made'),
  account: exportAccount,
  classes: exportClasses,
  availability: exportAvailability,
  notification: exportNotification,
  school: exportSchool,
});

export const exportMyData = defineEndpoint({
  id: 'exportMyData',
  method: 'GET',
  path: '/api/me/export',
  summary:
    'A copy of everything the product stores about the caller: JSON (two-space indented), sent as a file (Content-Disposition: attachment; filename="meine-daten-YYYY-MM-DD.json").',
  access: 'user',
  service: 'auth',
  answer: personalDataExport,
  errors: { 401: 'Not logged in.', 429: 'Too many copies in a short time.', 502: 'A service could not answer; no partial copy is given.' },
});
