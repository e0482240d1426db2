// docs/product/api.md "Student course actions", the teacher's student search and the public registration checks
// (classes service); exported with the classes area (classes.ts).
import { z } from 'zod';
import { timesMap } from './common.js';
import { defineEndpoint } from './endpoint.js';

export const studentSearchResult = z.object({ user_id: z.string(), name: z.string(), email: z.string(), duration: z.number().nullable() });

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
  errors: { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher.', 429: 'Asked too often (120 calls in 10 minutes).' },
});

export const joinClass = defineEndpoint({
  id: 'joinClass',
  method: 'POST',
  path: '/api/students/join-class',
  summary: 'A student joins a class with its code.',
  access: 'student',
  service: 'classes',
  body: z.object({ register_shortcut: z.string(), duration: z.union([z.number(), z.string()]).nullish() }),
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
  errors: {
    400: 'Invalid input.',
    401: 'Not logged in.',
    403: 'Not a student.',
    404: 'Unknown membership, not the own one or not in that class (also a missing or malformed id).',
  },
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
  // A memberId that is no member of the class (or not a single value) only leaves the prefill out.
  query: z.object({ memberId: z.string().optional().catch(undefined), member_id: z.string().optional().catch(undefined) }),
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
  errors: { 404: 'Unknown, malformed or already registered member, or member_id or class_id missing.' },
});
