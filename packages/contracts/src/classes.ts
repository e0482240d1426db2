// docs/product/api.md "Classes and members", "Student course actions" and the public registration checks (classes service).
import { z } from 'zod';
import { messageAnswer, timesMap } from './common.js';
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

/** A member of GET classes/{classId}/members: with the times. */
export const memberWithTimes = member.extend({
  available_times: timesMap,
  available_times_user_input: timesMap,
  available_times_user_input_last_modified: z.string().nullable(),
  preferred_times: timesMap,
  preferred_times_user_input: timesMap,
});

export const studentSearchResult = z.object({ user_id: z.string(), name: z.string(), email: z.string(), duration: z.number().nullable() });

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
  body: z.object({ name: z.string(), description: z.string().nullish(), is_group: z.boolean().optional(), register_shortcut: z.string().optional() }),
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

export const deleteClass = defineEndpoint({
  id: 'deleteClass',
  method: 'DELETE',
  path: '/api/classes/{classId}',
  summary: 'Delete a class with its members.',
  access: 'owner',
  service: 'classes',
  answer: messageAnswer,
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
  duration: z.union([z.number(), z.string()]).nullish(),
  email: z.string().nullish(),
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
  errors: ownerErrors,
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
  errors: ownerErrors,
});

export const updateMember = defineEndpoint({
  id: 'updateMember',
  method: 'PUT',
  path: '/api/classes/{classId}/members/{memberId}/update',
  summary: 'Change a member (e-mail, name, duration, frequency, times) or link it to an account.',
  access: 'owner',
  service: 'classes',
  body: z.object({
    email: z.string().nullish(),
    name: z.string().optional(),
    duration: z.union([z.number(), z.string()]).optional(),
    frequency: memberFrequency.optional(),
    available_times: timesMap.optional(),
    preferred_times: timesMap.optional(),
    user_id: z.string().optional(),
  }),
  answer: member,
  errors: ownerErrors,
});

export const removeMember = defineEndpoint({
  id: 'removeMember',
  method: 'DELETE',
  path: '/api/classes/{classId}/members/{memberId}',
  summary: 'Remove a member from the class.',
  access: 'owner',
  service: 'classes',
  answer: messageAnswer,
  errors: ownerErrors,
});

export const inviteStudent = defineEndpoint({
  id: 'inviteStudent',
  method: 'POST',
  path: '/api/classes/{classId}/invite-student',
  summary: 'Mail the registration link to a member.',
  access: 'owner',
  service: 'classes',
  body: z.object({
    member_id: z.string(),
    email: z.string(),
    name: z.string().optional(),
    class_name: z.string().optional(),
    register_shortcut: z.string().optional(),
  }),
  answer: messageAnswer,
  errors: { ...ownerErrors, 429: 'Over the mail budget.' },
});

export const searchStudents = defineEndpoint({
  id: 'searchStudents',
  method: 'POST',
  path: '/api/search-students',
  summary: 'Registered students by name or e-mail, at most 20.',
  access: 'teacher',
  service: 'classes',
  body: z.object({ query_string: z.string() }),
  answer: z.object({ students: z.array(studentSearchResult) }),
  errors: { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher.' },
});

export const existingStudent = z.object({ user_id: z.string(), name: z.string(), available_times: timesMap });

export const checkStudentExists = defineEndpoint({
  id: 'checkStudentExists',
  method: 'POST',
  path: '/api/check-student-exists',
  summary: 'Which of these e-mails belong to registered students (at most 99).',
  access: 'teacher',
  service: 'classes',
  body: z.union([z.array(z.string()), z.object({ emails: z.array(z.string()) })]),
  answer: z.object({ existing_students: z.record(z.string(), existingStudent) }),
  errors: { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher.' },
});

export const joinClass = defineEndpoint({
  id: 'joinClass',
  method: 'POST',
  path: '/api/students/join-class',
  summary: 'A student joins a class with its code.',
  access: 'student',
  service: 'classes',
  body: z.object({ register_shortcut: z.string(), duration: z.union([z.number(), z.string()]).optional() }),
  answer: z.object({ class_name: z.string(), class_id: z.string(), member_id: z.string() }),
  errors: { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a student.', 404: 'Unknown code.', 409: 'Already a member.' },
});

export const verifyClass = defineEndpoint({
  id: 'verifyClass',
  method: 'POST',
  path: '/api/students/verify-class',
  summary: 'A student confirms a membership the teacher made.',
  access: 'student',
  service: 'classes',
  body: z.object({ class_id: z.string(), member_id: z.string() }),
  answer: z.object({ class_name: z.string() }),
  errors: { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a student or not the own membership.', 404: 'Unknown membership.' },
});

export const leaveClass = defineEndpoint({
  id: 'leaveClass',
  method: 'DELETE',
  path: '/api/students/leave-class/{memberId}',
  summary: 'A student leaves a class.',
  access: 'student',
  service: 'classes',
  answer: z.object({ class_name: z.string() }),
  errors: { 401: 'Not logged in.', 403: 'Not a student or not the own membership.', 404: 'Unknown membership.' },
});

export const registerShortcutInfo = z.object({
  valid: z.boolean(),
  class_id: z.string(),
  teacher_name: z.string().nullable(),
  institution_name: z.string().nullable(),
  institution_id: z.string().nullable(),
  class_name: z.string(),
  class_description: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  duration: z.number().nullable(),
});

export const validateRegisterShortcut = defineEndpoint({
  id: 'validateRegisterShortcut',
  method: 'GET',
  path: '/api/auth/validate-register-shortcut/{code}',
  summary: 'The class behind a registration code (and the prefilled member with memberId).',
  access: 'public',
  service: 'classes',
  query: z.object({ memberId: z.string().optional() }),
  answer: registerShortcutInfo,
  errors: { 404: 'Unknown code.' },
});

export const validateMemberId = defineEndpoint({
  id: 'validateMemberId',
  method: 'GET',
  path: '/api/auth/validate-member-id',
  summary: 'Whether an invitation’s member id is still open for registration.',
  access: 'public',
  service: 'classes',
  query: z.object({ member_id: z.string(), class_id: z.string() }),
  answer: z.object({ valid: z.boolean(), name: z.string(), email: z.string().nullable(), duration: z.number() }),
  errors: { 404: 'Unknown or already registered member.' },
});
