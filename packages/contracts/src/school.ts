// docs/product/school.md: a school (an institution) with its administrators ('Schulverwaltung'), sites, travel times
// between them and rooms (school service). The school's administrators change; its teachers read; anybody else 404.
import { z } from 'zod';
import { id, messageAnswer, timesMap, timesMapInput } from './common.js';
import { defineEndpoint } from './endpoint.js';

/** Equipment tags with a German label (docs/product/school.md "Equipment"); a school may use its own tags besides. */
export const EQUIPMENT_LABELS = Object.freeze({
  grand_piano: 'Flügel',
  upright_piano: 'Klavier',
  piano: 'Flügel oder Klavier',
  organ: 'Orgel',
  harpsichord: 'Cembalo',
  drums: 'Schlagzeug',
  harp: 'Harfe',
  amplifier: 'Verstärker',
} as const);

const school = z.object({
  id: id.meta({ description: 'The school’s id (= its institution’s id).' }),
  name: z.string(),
  role: z
    .enum(['admin', 'teacher'])
    .meta({ description: 'admin: the caller is one of its administrators (Schulverwaltung); teacher: the caller teaches there.' }),
});

const administrator = z.object({ user_id: id, name: z.string(), email: z.string() });

const site = z.object({ id, name: z.string(), address: z.string() });
const siteInput = z.object({
  name: z.string().meta({ description: '1-100 characters (trimmed), unique in the school.' }),
  address: z.string().meta({ description: 'At most 300 characters; may be empty.' }).optional(),
});

const travelEntry = z.object({
  from: id.meta({ description: 'A site of the school.' }),
  to: id.meta({ description: 'Another site of the school.' }),
  minutes: z.number().meta({ description: 'Whole minutes, 0-240; the same both ways.' }),
});

const equipment = z.array(z.string()).meta({
  description: `Tags: ${Object.entries(EQUIPMENT_LABELS)
    .map(([tag, label]) => `${tag} (${label})`)
    .join(', ')}, or the school’s own (1-40 characters). A room with grand_piano or upright_piano also has piano. At most 20.`,
});

const room = z.object({
  id,
  name: z.string(),
  site_id: id,
  equipment,
  capacity: z.number().int().meta({ description: 'People the room holds (1-1000).' }),
  times: timesMap.nullable().meta({ description: 'When the room is open: day index "0"-"6" -> slot labels; null = open all week.' }),
});
const roomInput = z.object({
  name: z.string().meta({ description: '1-100 characters (trimmed), unique at its site.' }),
  site_id: id,
  equipment: z.array(z.string()).optional().meta({ description: 'Default: none.' }),
  capacity: z.number().optional().meta({ description: 'Whole number 1-1000; default 1.' }),
  times: timesMapInput.nullable().optional().meta({ description: 'Open times; null or absent = open all week.' }),
});

const schoolErrors = { 401: 'Not logged in.', 404: "Unknown school, or the caller is neither its administrator nor its teacher: 'Schule nicht gefunden.'" };
const adminErrors = { ...schoolErrors, 403: "The school's teacher, not its administrator: 'Nur die Schulverwaltung darf das ändern.'" };

export const mySchools = defineEndpoint({
  id: 'mySchools',
  method: 'GET',
  path: '/api/schools/mine',
  summary: 'The schools of the caller: where they are an administrator, and the school of their account’s institution.',
  access: 'user',
  service: 'school',
  answer: z.object({ schools: z.array(school) }),
  errors: { 401: 'Not logged in.' },
});

export const listAdmins = defineEndpoint({
  id: 'listSchoolAdmins',
  method: 'GET',
  path: '/api/schools/{schoolId}/admins',
  summary: 'The school’s administrators (Schulverwaltung).',
  access: 'school',
  service: 'school',
  answer: z.object({ admins: z.array(administrator) }),
  errors: schoolErrors,
});

export const addAdmin = defineEndpoint({
  id: 'addSchoolAdmin',
  method: 'POST',
  path: '/api/schools/{schoolId}/admins',
  summary: 'An administrator makes another teacher’s account an administrator of the school.',
  access: 'school',
  service: 'school',
  body: z.object({ email: z.string().meta({ description: 'The address of a teacher’s account.' }) }),
  answer: z.object({ admin: administrator, message: z.string() }),
  status: 201,
  errors: { 400: 'Invalid input or no such teacher’s account (German detail).', ...adminErrors },
});

export const listSites = defineEndpoint({
  id: 'listSchoolSites',
  method: 'GET',
  path: '/api/schools/{schoolId}/sites',
  summary: 'The school’s sites, by name.',
  access: 'school',
  service: 'school',
  answer: z.object({ sites: z.array(site) }),
  errors: schoolErrors,
});

export const createSite = defineEndpoint({
  id: 'createSchoolSite',
  method: 'POST',
  path: '/api/schools/{schoolId}/sites',
  summary: 'Add a site (at most 50 per school).',
  access: 'school',
  service: 'school',
  body: siteInput,
  answer: z.object({ site }),
  status: 201,
  errors: { 400: 'Invalid input (German detail).', ...adminErrors, 409: 'A site of that name exists (German detail).' },
});

export const updateSite = defineEndpoint({
  id: 'updateSchoolSite',
  method: 'PUT',
  path: '/api/schools/{schoolId}/sites/{siteId}',
  summary: 'Rename a site or change its address.',
  access: 'school',
  service: 'school',
  body: siteInput,
  answer: z.object({ site }),
  errors: {
    400: 'Invalid input (German detail).',
    ...adminErrors,
    404: "'Schule nicht gefunden.' or 'Standort nicht gefunden.'",
    409: 'A site of that name exists.',
  },
});

export const deleteSite = defineEndpoint({
  id: 'deleteSchoolSite',
  method: 'DELETE',
  path: '/api/schools/{schoolId}/sites/{siteId}',
  summary: 'Delete a site without rooms (its travel times go with it).',
  access: 'school',
  service: 'school',
  answer: messageAnswer,
  errors: { ...adminErrors, 404: "'Schule nicht gefunden.' or 'Standort nicht gefunden.'", 409: 'The site still has rooms (German detail).' },
});

export const getTravel = defineEndpoint({
  id: 'getSchoolTravel',
  method: 'GET',
  path: '/api/schools/{schoolId}/travel',
  summary: 'Travel minutes between the school’s sites, each pair once (from < to); a pair not listed counts as 30.',
  access: 'school',
  service: 'school',
  answer: z.object({ travel: z.array(travelEntry), default_minutes: z.number().int() }),
  errors: schoolErrors,
});

export const setTravel = defineEndpoint({
  id: 'setSchoolTravel',
  method: 'PUT',
  path: '/api/schools/{schoolId}/travel',
  summary: 'Replace the travel minutes (a pair in either direction, once; pairs not sent count as 30).',
  access: 'school',
  service: 'school',
  body: z.object({ travel: z.array(travelEntry).max(1225) }),
  answer: z.object({ travel: z.array(travelEntry), default_minutes: z.number().int() }),
  errors: { 400: 'Invalid input (German detail).', ...adminErrors },
});

export const listEquipment = defineEndpoint({
  id: 'listSchoolEquipment',
  method: 'GET',
  path: '/api/schools/{schoolId}/equipment',
  summary: 'The equipment tags with their German labels, then the school’s own tags used by its rooms.',
  access: 'school',
  service: 'school',
  answer: z.object({ equipment: z.array(z.object({ tag: z.string(), label: z.string(), own: z.boolean() })) }),
  errors: schoolErrors,
});

export const listRooms = defineEndpoint({
  id: 'listSchoolRooms',
  method: 'GET',
  path: '/api/schools/{schoolId}/rooms',
  summary: 'The school’s rooms, by site and name.',
  access: 'school',
  service: 'school',
  answer: z.object({ rooms: z.array(room) }),
  errors: schoolErrors,
});

export const createRoom = defineEndpoint({
  id: 'createSchoolRoom',
  method: 'POST',
  path: '/api/schools/{schoolId}/rooms',
  summary: 'Add a room at one of the school’s sites (at most 500 per school).',
  access: 'school',
  service: 'school',
  body: roomInput,
  answer: z.object({ room }),
  status: 201,
  errors: { 400: 'Invalid input (German detail).', ...adminErrors, 409: 'A room of that name exists at the site.' },
});

export const updateRoom = defineEndpoint({
  id: 'updateSchoolRoom',
  method: 'PUT',
  path: '/api/schools/{schoolId}/rooms/{roomId}',
  summary: 'Replace a room’s fields.',
  access: 'school',
  service: 'school',
  body: roomInput,
  answer: z.object({ room }),
  errors: {
    400: 'Invalid input (German detail).',
    ...adminErrors,
    404: "'Schule nicht gefunden.' or 'Raum nicht gefunden.'",
    409: 'A room of that name exists at the site.',
  },
});

export const deleteRoom = defineEndpoint({
  id: 'deleteSchoolRoom',
  method: 'DELETE',
  path: '/api/schools/{schoolId}/rooms/{roomId}',
  summary: 'Delete a room; one booked by a sent plan that has not ended is refused (ended bookings go with it).',
  access: 'school',
  service: 'school',
  answer: messageAnswer,
  errors: {
    ...adminErrors,
    404: "'Schule nicht gefunden.' or 'Raum nicht gefunden.'",
    409: 'The room is booked by a sent plan that has not ended (German detail).',
  },
});

const roomBooking = z.object({
  room_id: id,
  day: z.number().int().meta({ description: '0 = Monday … 6 = Sunday.' }),
  start: z.string().meta({ description: 'Start as a slot label ("9.00").' }),
  end: z.string().meta({ description: 'End (exclusive) as a slot boundary label ("9.30"; "24.00" at midnight).' }),
  week: z.enum(['A', 'B']).nullable().meta({ description: 'A or B: only in that week of a two-week plan; null: every week.' }),
  teacher_name: z.string().meta({ description: 'The lesson’s teacher (their account’s name; ‘Unbekannte Lehrkraft’ when auth knows none).' }),
  class_id: id,
  student_name: z
    .string()
    .optional()
    .meta({ description: 'The pupil; only for the school’s administrators and the lesson’s own teacher (colleagues see the room as taken).' }),
});

export const listRoomBookings = defineEndpoint({
  id: 'listSchoolRoomBookings',
  method: 'GET',
  path: '/api/schools/{schoolId}/room-bookings',
  summary: 'The weekly lessons of sent plans in the school’s rooms that have not ended, by day, start and room.',
  access: 'school',
  service: 'school',
  query: z.object({
    site_id: z.string().optional().meta({ description: 'Only rooms of this site of the school.' }),
    day: z.string().optional().meta({ description: 'Only this day, "0" (Monday) to "6" (Sunday).' }),
  }),
  answer: z.object({ bookings: z.array(roomBooking) }),
  errors: { 400: "A site that is not the school's, or a day other than 0-6 (German detail).", ...schoolErrors },
});

/** Longest equipment tag; most tags of one room, class or member (docs/product/school.md "Limits"). */
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 20;

/**
 * A list of equipment tags as the school service and the classes service keep it: trimmed, each once, in the order
 * given; `bad` names the first entry that is no tag of 1-40 characters, `tooMany` more than 20 tags.
 */
export function normalizeTags(list: readonly unknown[]): { tags: string[] } | { bad: unknown } | { tooMany: true } {
  const tags: string[] = [];
  for (const tag of list) {
    const t = typeof tag === 'string' ? tag.trim() : '';
    if (!t || t.length > TAG_MAX_LENGTH) return { bad: tag };
    if (!tags.includes(t)) tags.push(t);
  }
  return tags.length > TAGS_MAX ? { tooMany: true } : { tags };
}

const classSchool = z.object({
  school_id: id.nullable().meta({ description: 'The school whose rooms the class’s lessons use; null: the class has no school (it works as without).' }),
  sites: z.array(id).meta({ description: 'Sites of the school where the class’s lessons may take place; empty: any site of the school.' }),
  needs: z.array(z.string()).meta({ description: 'Equipment tags every lesson of the class needs unless a member names its own.' }),
});

const classOwnerErrors = { 401: 'Not logged in.', 403: 'Not a teacher.', 404: "Unknown or another teacher's class: 'Klasse/Kurs nicht gefunden'." };

export const getClassSchool = defineEndpoint({
  id: 'getClassSchool',
  method: 'GET',
  path: '/api/classes/{classId}/school',
  summary: 'Where the class teaches: its school, sites and default equipment needs.',
  access: 'owner',
  service: 'classes',
  answer: classSchool,
  errors: classOwnerErrors,
});

export const setClassSchool = defineEndpoint({
  id: 'setClassSchool',
  method: 'PUT',
  path: '/api/classes/{classId}/school',
  summary: 'Set where the class teaches (school_id null: no school).',
  access: 'owner',
  service: 'classes',
  body: z.object({
    school_id: id.nullable().meta({ description: 'A school the teacher teaches at or administers; null removes the school.' }),
    sites: z.array(z.string()).optional().meta({ description: 'Site ids of that school, at most 50; default none (any site).' }),
    needs: z.array(z.string()).optional().meta({ description: 'Equipment tags (1-40 characters), at most 20; default none.' }),
  }),
  answer: classSchool.extend({ message: z.string() }),
  errors: { 400: 'Invalid input (German detail).', ...classOwnerErrors, 404: "'Klasse/Kurs nicht gefunden' or 'Schule nicht gefunden.'" },
});
