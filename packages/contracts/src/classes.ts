// docs/product/api.md "Classes and members" (classes service); the student course actions and the public registration
// checks are class-students.ts, part of this area.
import { z } from 'zod';
import { messageEndpoint, timesMap, timesMapInput } from './common.js';
import { defineEndpoint } from './endpoint.js';

/** docs/product/data.md Class. */
export const classEntity = z.object({
  class_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_group: z.boolean(),
  register_shortcut: z.string(),
  teacher_id: z.string(),
  created_at: z.string(),
  member_count: z.number().int(),
  deadline: z.string().nullable(),
  allow_late_changes: z.boolean(),
  auto_reminders: z.boolean(),
  /** GET /api/me/classes only. */
  answered_count: z.number().int().nullable().optional(),
});

/** docs/product/classes.md 14-day lessons: a lesson every week (default) or every other week. */
export const memberFrequency = z.enum(['weekly', 'biweekly']);

/** docs/product/data.md Class member. */
export const member = z.object({
  member_id: z.string(),
  class_id: z.string(),
  user_id: z.string().nullable(),
  student_id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  duration: z.number(),
  frequency: memberFrequency,
  created_at: z.string(),
  updated_at: z.string(),
});

/** docs/product/school.md: a member's equipment needs, sites (null = the class's) and family label. */
const memberSchoolFields = {
  needs: z.array(z.string()).nullable().meta({ description: 'Equipment tags this member’s lessons need; null: the class’s needs.' }),
  sites: z.array(z.string()).nullable().meta({ description: 'Site ids where this member’s lessons may take place; null: the class’s sites.' }),
  family: z.string().nullable().meta({ description: 'A free label for siblings, e.g. “Familie Vogel”; null: none.' }),
};

/** A member of GET classes/{classId}/members: with the times. */
export const memberWithTimes = member.extend({
  ...memberSchoolFields,
  available_times: timesMap,
  available_times_user_input: timesMap,
  available_times_user_input_last_modified: z.string().nullable(),
  preferred_times: timesMap,
  preferred_times_user_input: timesMap,
});

const deadlineSettings = z.object({ deadline: z.string().nullable(), allow_late_changes: z.boolean(), auto_reminders: z.boolean() });
const membersAnswer = z.object({ message: z.string(), members: z.array(member) });
const ownerErrors = { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher, or another teacher’s class.', 404: 'Unknown class.' };

export const myClasses = defineEndpoint({
  id: 'listMyClasses',
  method: 'GET',
  path: '/api/me/classes',
  summary: 'The teacher’s classes, oldest first.',
  access: 'teacher',
  service: 'classes',
  answer: z.object({ classes: z.array(classEntity) }),
  errors: { 401: 'Not logged in.', 403: 'Not a teacher.' },
});

export const generateShortcut = defineEndpoint({
  id: 'generateRegisterShortcut',
  method: 'GET',
  path: '/api/generate-register-shortcut',
  summary: 'A free registration code for a new class.',
  access: 'teacher',
  service: 'classes',
  answer: z.object({ register_shortcut: z.string() }),
  errors: { 401: 'Not logged in.', 403: 'Not a teacher.' },
});

export const createClass = defineEndpoint({
  id: 'createClass',
  method: 'POST',
  path: '/api/classes',
  summary: 'Create a class.',
  access: 'teacher',
  service: 'classes',
  // A proposed code or group flag of another type is ignored (a fresh code; not a group).
  body: z.object({
    name: z.string(),
    description: z.string().nullish(),
    is_group: z.boolean().optional().catch(undefined),
    register_shortcut: z
      .string()
      .nullish()
      .catch(undefined)
      .meta({ description: 'The code GET /api/generate-register-shortcut proposed; null or absent when none could be proposed: the server gives one.' }),
  }),
  answer: classEntity,
  status: 201,
  errors: { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher.', 409: 'Code or name taken.' },
});

export const updateClass = defineEndpoint({
  id: 'updateClass',
  method: 'PUT',
  path: '/api/classes/{classId}',
  summary: 'Rename a class or change its description (description left out = unchanged).',
  access: 'owner',
  service: 'classes',
  body: z.object({ name: z.string(), description: z.string().nullish() }),
  answer: classEntity,
  errors: ownerErrors,
});

export const deleteClass = messageEndpoint({
  id: 'deleteClass',
  method: 'DELETE',
  path: '/api/classes/{classId}',
  summary: 'Delete a class with its members.',
  access: 'owner',
  service: 'classes',
  errors: ownerErrors,
});

export const getDeadline = defineEndpoint({
  id: 'getDeadline',
  method: 'GET',
  path: '/api/classes/{classId}/deadline',
  summary: 'The deadline for the students’ times.',
  access: 'owner',
  service: 'classes',
  answer: deadlineSettings,
  errors: ownerErrors,
});

export const setDeadline = defineEndpoint({
  id: 'setDeadline',
  method: 'PUT',
  path: '/api/classes/{classId}/deadline',
  summary: 'Set or clear the deadline.',
  access: 'owner',
  service: 'classes',
  body: z.object({ deadline: z.string().nullable(), allow_late_changes: z.boolean().optional(), auto_reminders: z.boolean().optional() }),
  answer: deadlineSettings.extend({ message: z.string() }),
  errors: ownerErrors,
});

export const remind = defineEndpoint({
  id: 'remindMembers',
  method: 'POST',
  path: '/api/classes/{classId}/remind',
  summary: 'Remind the members without times by mail.',
  access: 'owner',
  service: 'classes',
  answer: z.object({ recipient_count: z.number().int(), message: z.string() }),
  errors: { ...ownerErrors, 429: 'Over the mail budget.' },
});

/** A span of one day, "HH:MM" on the quarter hour, end exclusive ("24:00" ends the day). */
const quarterTime = z.string().regex(/^(?:[01]\d|2[0-3]):(?:00|15|30|45)$|^24:00$/);

export const requestTimes = defineEndpoint({
  id: 'requestMemberTimes',
  method: 'POST',
  path: '/api/classes/{classId}/members/{memberId}/request-times',
  summary: 'Ask a verified member by mail to add one concrete window to their times (once a day per member).',
  access: 'owner',
  service: 'classes',
  body: z.object({ day: z.number().int().min(0).max(6), start: quarterTime, end: quarterTime }),
  answer: z.object({ message: z.string() }),
  errors: {
    ...ownerErrors,
    400: 'Invalid window, or the member is not verified or has no e-mail.',
    404: 'Unknown class or member.',
    409: 'This member was already asked (or reminded) today.',
    429: 'Over the mail budget.',
  },
});

export const listMembers = defineEndpoint({
  id: 'listMembers',
  method: 'GET',
  path: '/api/classes/{classId}/members',
  summary: 'The members of a class with their times.',
  access: 'owner',
  service: 'classes',
  answer: z.object({ members: z.array(memberWithTimes) }),
  errors: ownerErrors,
});

export const newMemberInput = z.object({
  name: z.string(),
  email: z.string().nullish(),
  duration: z.union([z.number(), z.string()]).nullish(),
  frequency: memberFrequency.nullish().meta({ description: "'weekly' (default when absent or null) or 'biweekly'." }),
});
export const registeredMemberInput = z.object({
  student_id: z.string(),
  duration: z.union([z.number(), z.string()]).nullish(),
  frequency: memberFrequency.nullish().meta({ description: "'weekly' or 'biweekly'; absent or null: weekly (a linked row keeps its own)." }),
});

export const addNewMembers = defineEndpoint({
  id: 'addNewMembers',
  method: 'POST',
  path: '/api/classes/{classId}/members/new',
  summary: 'Add members who have no account yet.',
  access: 'owner',
  service: 'classes',
  body: z.object({ students: z.array(newMemberInput) }),
  answer: membersAnswer,
  status: 201,
  errors: { ...ownerErrors, 409: 'E-mail already in the class.' },
});

export const addRegisteredMembers = defineEndpoint({
  id: 'addRegisteredMembers',
  method: 'POST',
  path: '/api/classes/{classId}/members',
  summary: 'Add registered students.',
  access: 'owner',
  service: 'classes',
  body: z.object({ students: z.array(registeredMemberInput) }),
  answer: membersAnswer,
  status: 201,
  errors: { ...ownerErrors, 404: 'Unknown class or student.', 409: 'Student already in the class.', 429: 'Over the mail budget.' },
});

export const updateMember = defineEndpoint({
  id: 'updateMember',
  method: 'PUT',
  path: '/api/classes/{classId}/members/{memberId}/update',
  summary: 'Change a member (e-mail, name, duration, frequency, times, needs, sites, family) or link it to an account.',
  access: 'owner',
  service: 'classes',
  body: z.object({
    email: z.string().nullish(),
    name: z.string().optional(),
    duration: z.union([z.number(), z.string()]).optional(),
    frequency: memberFrequency.optional(),
    available_times: timesMapInput.optional(),
    preferred_times: timesMapInput.optional(),
    user_id: z.string().nullish().meta({ description: 'Link to this registered student (the member’s e-mail must be theirs); null: no link.' }),
    needs: z.array(z.string()).nullable().optional().meta({ description: 'Equipment tags (1-40 characters, at most 20); null: the class’s needs.' }),
    sites: z
      .array(z.string())
      .nullable()
      .optional()
      .meta({ description: 'Site ids of the class’s school (at most 50); null: the class’s sites. Needs a class with a school.' }),
    family: z.string().nullable().optional().meta({ description: 'At most 100 characters; null or empty: none.' }),
  }),
  // The times only when the update set times (or linked): as the availability service stored them.
  answer: member.extend({ ...memberSchoolFields, available_times: timesMap.optional(), preferred_times: timesMap.optional() }),
  errors: { ...ownerErrors, 404: 'Unknown class or member.', 409: 'E-mail or student already in the class.' },
});

export const removeMember = messageEndpoint({
  id: 'removeMember',
  method: 'DELETE',
  path: '/api/classes/{classId}/members/{memberId}',
  summary: 'Remove a member from the class.',
  access: 'owner',
  service: 'classes',
  errors: ownerErrors,
});

/** A free text of an invitation body, at most 200 characters. */
const inviteText = z.string().max(200);

export const inviteStudent = messageEndpoint({
  id: 'inviteStudent',
  method: 'POST',
  path: '/api/classes/{classId}/invite-student',
  summary: 'Mail the registration link to a member.',
  access: 'owner',
  service: 'classes',
  // The mail goes to the member's stored address with the class's name and code; the texts are only checked.
  body: z.object({
    member_id: z.string(),
    email: inviteText.nullish().meta({ description: 'The member’s stored e-mail (another address is refused).' }),
    name: inviteText.nullish(),
    class_name: inviteText.nullish(),
    register_shortcut: inviteText.nullish(),
  }),
  errors: { ...ownerErrors, 404: 'Unknown class or member.', 429: 'Over the mail budget or invitations of this member.' },
});

export * from './class-students.js';
