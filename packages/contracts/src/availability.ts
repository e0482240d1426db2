// docs/product/api.md "Times and ranges" (availability service). All times are times maps.
import { z } from 'zod';
import { timesMap, timesMapInput } from './common.js';
import { defineEndpoint } from './endpoint.js';

const ownTimes = z.object({ available_times: timesMap, preferred_times: timesMap, last_modified: z.string().nullable() });
/** docs/product/data.md Time-range config (all null without a range). */
export const timeRange = z.object({
  time_range: timesMap.nullable(),
  mode: z.enum(['exact', 'extended', 'custom']).nullable(),
  extraMinutes: z.number().int().nullable(),
});
const rangeSaved = timeRange.extend({ message: z.string() });
const studentErrors = { 400: 'Invalid times.', 401: 'Not logged in.', 403: 'Not a student.' };
const ownerErrors = { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher, or another teacher’s class.', 404: 'Unknown class.' };

export const getOwnTimes = defineEndpoint({
  id: 'getOwnTimes',
  method: 'GET',
  path: '/api/me/available-times',
  summary: 'The student’s own (and preferred) times.',
  access: 'student',
  service: 'availability',
  answer: z.object({ available_times_response: ownTimes }),
  errors: studentErrors,
});

export const saveOwnTimes = defineEndpoint({
  id: 'saveOwnTimes',
  method: 'PUT',
  path: '/api/me/available-times',
  summary: 'Save the student’s own times (preferred optional).',
  access: 'student',
  service: 'availability',
  body: z.object({ available_times: timesMapInput, preferred_times: timesMapInput.nullish() }),
  answer: ownTimes.extend({ message: z.string() }),
  errors: { ...studentErrors, 409: 'After a deadline without late changes.' },
});

export const teachersTimeRanges = defineEndpoint({
  id: 'getTeachersTimeRanges',
  method: 'GET',
  path: '/api/me/teachers-time-ranges',
  summary: 'The student’s window: the union of the classes’ time ranges.',
  access: 'student',
  service: 'availability',
  answer: z.object({ time_ranges: timesMap, has_range: z.boolean() }),
  errors: studentErrors,
});

export const getTeacherTimes = defineEndpoint({
  id: 'getTeacherTimes',
  method: 'GET',
  path: '/api/classes/{classId}/available-times',
  summary: 'The teacher’s times of a class.',
  access: 'owner',
  service: 'availability',
  answer: z.object({ available_times: timesMap }),
  errors: ownerErrors,
});

export const saveTeacherTimes = defineEndpoint({
  id: 'saveTeacherTimes',
  method: 'PUT',
  path: '/api/classes/{classId}/available-times',
  summary: 'Save the teacher’s times of a class.',
  access: 'owner',
  service: 'availability',
  body: z.object({ available_times: timesMapInput }),
  answer: z.object({ available_times: timesMap }),
  errors: ownerErrors,
});

export const getTimeRange = defineEndpoint({
  id: 'getTimeRange',
  method: 'GET',
  path: '/api/classes/{classId}/time-range',
  summary: 'The class’s time range for the students.',
  access: 'owner',
  service: 'availability',
  answer: timeRange,
  errors: ownerErrors,
});

export const setExactRange = defineEndpoint({
  id: 'setExactRange',
  method: 'POST',
  path: '/api/classes/{classId}/time-range/exact',
  summary: 'The time range is exactly the teacher’s times.',
  access: 'owner',
  service: 'availability',
  answer: rangeSaved,
  errors: ownerErrors,
});

export const setExtendedRange = defineEndpoint({
  id: 'setExtendedRange',
  method: 'POST',
  path: '/api/classes/{classId}/time-range/extended',
  summary: 'The teacher’s times widened by 15, 30, 45 or 60 minutes.',
  access: 'owner',
  service: 'availability',
  body: z.object({ extraMinutes: z.number().int().nullish() }),
  answer: rangeSaved,
  errors: ownerErrors,
});

export const setCustomRange = defineEndpoint({
  id: 'setCustomRange',
  method: 'PUT',
  path: '/api/classes/{classId}/time-range',
  summary: 'A time range of the teacher’s own choice.',
  access: 'owner',
  service: 'availability',
  body: z.object({ mode: z.literal('custom'), time_range: timesMapInput }),
  answer: rangeSaved,
  errors: ownerErrors,
});
