import { isDeepStrictEqual } from 'node:util';
import { AppError, hasForbiddenNameCharacters, NAME_CHARACTERS_DETAIL, type Logger } from '@stundenplan/base';
import { z } from 'zod';
import type { ClassesClient } from '../clients/classes-client.js';
import type { SchoolClient } from '../clients/school-client.js';
import {
  NameTakenError,
  type SavedRoom,
  type SavedRooms,
  type ScheduleFields,
  type ScheduleRepository,
  type ScheduleRow,
} from '../data/schedule-repository.js';
import { assertOwnsClass, SCHEDULE_NOT_FOUND } from './access.js';
import { membersInTimes, parseSavedTimes, storedPinned, storedTimes, type SavedTimes } from './saved-form.js';

export const SCHEDULE_TEXTS = Object.freeze({
  nameRequired: 'Bitte geben Sie einen Namen für den Stundenplan ein',
  nameTooLong: 'Der Name des Stundenplans darf höchstens 200 Zeichen lang sein.',
  descriptionTooLong: 'Die Beschreibung darf höchstens 2000 Zeichen lang sein.',
  nameTaken: 'Ein Stundenplan mit diesem Namen existiert bereits. Möchten Sie ihn überschreiben?',
  classMismatch: 'Die Klasse im Stundenplan passt nicht zur gewählten Klasse.',
  noClass: 'Keine Klasse ausgewählt',
  pinnedInvalid: 'Ungültige Angabe der fixierten Stunden.',
  deleted: 'Stundenplan gelöscht',
  roomsInvalid: 'Ungültige Angabe der Räume: erwartet wird ein Objekt von member_id zu Raum-Id.',
  roomsUnknownMembers: (ids: string[]) =>
    `Diese Räume gehören zu Studierenden, die nicht in der Klasse sind: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ' …' : ''}.`,
  roomsNoSchool: 'Die Klasse hat keine Schule: Räume können nur für eine Klasse mit Schule gespeichert werden.',
  roomUnknown: (id: string) => `Unbekannter Raum: „${id}“ gehört nicht zur Schule der Klasse.`,
});

export interface ScheduleSummary {
  id: string;
  name: string;
  description: string | null;
  class_id: string;
  created_at: string;
  updated_at: string;
}

export interface ScheduleView extends ScheduleSummary {
  available_times: SavedTimes;
  pinned: string[];
  /** member_id -> room id of the lesson (as in the save body); {} without rooms. */
  rooms: Record<string, string>;
  /** member_id -> the room's name and site as saved (a snapshot the web can show without asking the school). */
  room_details: SavedRooms;
}

export interface ScheduleDeps {
  classes: ClassesClient;
  /** Only asked when a save names rooms (to check them against the class's school). */
  school: SchoolClient;
  schedules: ScheduleRepository;
  log: Logger;
  /** Called after a committed write so the outbox relay publishes at once. */
  kick: () => void;
}

function toSummary(r: Pick<ScheduleRow, 'id' | 'name' | 'description' | 'classId' | 'createdAt' | 'updatedAt'>): ScheduleSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    class_id: r.classId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

function toView(r: ScheduleRow): ScheduleView {
  const details = storedRooms(r.rooms);
  return {
    ...toSummary(r),
    available_times: storedTimes(r.availableTimes),
    pinned: storedPinned(r.pinned),
    rooms: Object.fromEntries(Object.entries(details).map(([id, room]) => [id, room.id])),
    room_details: details,
  };
}

/** The stored rooms column read defensively: entries that are not a room are left out. */
export function storedRooms(raw: unknown): SavedRooms {
  const out: SavedRooms = {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [memberId, v] of Object.entries(raw as Record<string, unknown>)) {
    const r = v as Partial<SavedRoom> | null;
    if (r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.site_id === 'string' && typeof r.site_name === 'string')
      out[memberId] = { id: r.id, name: r.name, site_id: r.site_id, site_name: r.site_name };
  }
  return out;
}

const bodySchema = z.object({
  name: z
    .string({ error: SCHEDULE_TEXTS.nameRequired })
    .trim()
    .min(1, { error: SCHEDULE_TEXTS.nameRequired })
    .max(200, { error: SCHEDULE_TEXTS.nameTooLong })
    // One line without bidi or invisible characters, like class and member names (packages/base text.ts).
    .refine((v) => !hasForbiddenNameCharacters(v), { error: NAME_CHARACTERS_DETAIL }),
  description: z
    .string({ error: 'Ungültige Beschreibung.' })
    .trim()
    .max(2000, { error: SCHEDULE_TEXTS.descriptionTooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
  class_id: z.string({ error: SCHEDULE_TEXTS.classMismatch }).nullish(),
  available_times: z.unknown(),
  pinned: z
    .array(z.union([z.string(), z.object({ member_id: z.string() }).loose()]), { error: SCHEDULE_TEXTS.pinnedInvalid })
    .max(1000, { error: SCHEDULE_TEXTS.pinnedInvalid })
    .nullish(),
  rooms: z.record(z.string(), z.string({ error: SCHEDULE_TEXTS.roomsInvalid }), { error: SCHEDULE_TEXTS.roomsInvalid }).nullish(),
});

function parseBody(body: unknown): z.infer<typeof bodySchema> {
  const res = bodySchema.safeParse(body ?? {});
  if (!res.success) {
    const issue = res.error.issues[0];
    // Body not an object, or a wrong type for name: the name message is the most useful one.
    throw AppError.badRequest(issue?.message && !issue.message.startsWith('Invalid') ? issue.message : SCHEDULE_TEXTS.nameRequired);
  }
  return res.data;
}

export async function listSchedules(deps: ScheduleDeps, teacherId: string, classId: unknown): Promise<ScheduleSummary[]> {
  const id = await assertOwnsClass(deps.classes, classId, teacherId);
  return (await deps.schedules.listByClass(id)).map(toSummary);
}

export async function getSchedule(deps: ScheduleDeps, teacherId: string, scheduleId: string): Promise<ScheduleView> {
  const row = await findOwned(deps, teacherId, scheduleId);
  return toView(row);
}

async function findOwned(deps: ScheduleDeps, teacherId: string, scheduleId: string, classId?: string): Promise<ScheduleRow> {
  const row = /^[0-9a-f-]{36}$/i.test(scheduleId) ? await deps.schedules.findById(scheduleId) : null;
  // Another teacher's schedule is "not found" too: nothing leaks.
  if (!row || row.teacherId !== teacherId || (classId !== undefined && row.classId !== classId)) throw AppError.notFound(SCHEDULE_NOT_FOUND);
  if (classId === undefined) {
    try {
      await assertOwnsClass(deps.classes, row.classId, teacherId);
    } catch (e) {
      if (e instanceof AppError && e.code === 'NOT_FOUND') throw AppError.notFound(SCHEDULE_NOT_FOUND);
      throw e;
    }
  }
  return row;
}

/** Create (scheduleId undefined) or update one schedule of a class the teacher owns. */
export async function saveSchedule(deps: ScheduleDeps, teacherId: string, classIdParam: string, body: unknown, scheduleId?: string): Promise<ScheduleSummary> {
  const classId = await assertOwnsClass(deps.classes, classIdParam, teacherId);
  if (scheduleId !== undefined) await findOwned(deps, teacherId, scheduleId, classId);
  return writeSchedule(deps, teacherId, classId, body, scheduleId === undefined ? { create: true } : { create: false, id: scheduleId });
}

/**
 * Idempotent save under a known id (PUT): updates the teacher's schedule, or creates it under that id when it does not
 * exist (any more). Another teacher's schedule, or one of another class, is "not found": nothing leaks.
 */
export async function upsertSchedule(
  deps: ScheduleDeps,
  teacherId: string,
  classIdParam: string,
  scheduleId: string,
  body: unknown,
): Promise<{ created: boolean; schedule: ScheduleSummary }> {
  const classId = await assertOwnsClass(deps.classes, classIdParam, teacherId);
  if (!UUID_RE.test(scheduleId)) throw AppError.notFound(SCHEDULE_NOT_FOUND);
  const existing = await deps.schedules.findById(scheduleId);
  if (existing && (existing.teacherId !== teacherId || existing.classId !== classId)) throw AppError.notFound(SCHEDULE_NOT_FOUND);
  const schedule = await writeSchedule(deps, teacherId, classId, body, existing ? { create: false, id: scheduleId } : { create: true, id: scheduleId });
  return { created: !existing, schedule };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type WriteTarget = { create: true; id?: string } | { create: false; id: string };

/** Parse the body, drop entries of non-members, write; a same-name conflict answers 409 with the existing id. */
async function writeSchedule(deps: ScheduleDeps, teacherId: string, classId: string, body: unknown, target: WriteTarget): Promise<ScheduleSummary> {
  const scheduleId = target.id;
  const input = parseBody(body);
  if (input.class_id && input.class_id !== classId) throw AppError.badRequest(SCHEDULE_TEXTS.classMismatch);
  const members = await deps.classes.listMembers(classId, teacherId);
  const memberIds = new Set(members.map((m) => m.memberId));
  const { times, dropped } = parseSavedTimes(input.available_times, memberIds);
  if (dropped.length) {
    deps.log.warn(
      { classId, scheduleId, dropped: dropped.length, memberIds: [...new Set(dropped.map((d) => d.memberId))] },
      'schedule entries of non-members dropped',
    );
  }
  const placed = membersInTimes(times);
  const pinned = [...new Set((input.pinned ?? []).map((p) => (typeof p === 'string' ? p : p.member_id)))].filter((id) => placed.has(id));
  const rooms = await checkedRooms(deps, teacherId, classId, input.rooms ?? {}, memberIds, placed);
  const fields = { name: input.name, description: input.description, availableTimes: times, pinned, rooms };
  try {
    const row = target.create ? await deps.schedules.create(classId, teacherId, fields, target.id) : await deps.schedules.update(target.id, fields);
    if (!row) throw AppError.notFound(SCHEDULE_NOT_FOUND);
    deps.kick();
    return toSummary(row);
  } catch (e) {
    if (e instanceof NameTakenError) {
      const existing = await deps.schedules.findByName(classId, input.name);
      // A double click on "Speichern" (or a retry): the same new schedule just saved is answered again, not refused.
      if (existing && target.create && !target.id && isJustSaved(existing, teacherId, fields)) return toSummary(existing);
      throw new AppError('CONFLICT', SCHEDULE_TEXTS.nameTaken, { extra: { existing_id: existing?.id ?? null } });
    }
    throw e;
  }
}

/** A repeated create within this time, with exactly the same content, is the first one. */
const SAVE_REPEAT_WINDOW_MS = 60_000;

function isJustSaved(row: ScheduleRow, teacherId: string, f: ScheduleFields): boolean {
  return (
    row.teacherId === teacherId &&
    Date.now() - row.createdAt.getTime() < SAVE_REPEAT_WINDOW_MS &&
    row.updatedAt.getTime() === row.createdAt.getTime() &&
    row.description === f.description &&
    isDeepStrictEqual(row.pinned, f.pinned) &&
    isDeepStrictEqual(storedRooms(row.rooms), f.rooms) &&
    isDeepStrictEqual(row.availableTimes, f.availableTimes)
  );
}

/**
 * The body's rooms (member_id -> room id): members of the class, rooms of the class's school (GetRoomPlanning);
 * stored with a snapshot of name and site. Rooms of members without a lesson in the times are dropped (as pins are).
 */
async function checkedRooms(
  deps: ScheduleDeps,
  teacherId: string,
  classId: string,
  wanted: Record<string, string>,
  memberIds: ReadonlySet<string>,
  placed: ReadonlySet<string>,
): Promise<SavedRooms> {
  const entries = Object.entries(wanted);
  if (entries.length === 0) return {};
  const strangers = entries.map(([id]) => id).filter((id) => !memberIds.has(id));
  if (strangers.length) throw AppError.badRequest(SCHEDULE_TEXTS.roomsUnknownMembers(strangers));
  const school = (await deps.classes.getClass(classId, teacherId)).school;
  if (!school) throw AppError.badRequest(SCHEDULE_TEXTS.roomsNoSchool);
  const planning = await deps.school.getRoomPlanning(school.schoolId, teacherId, classId);
  const byId = new Map(planning.rooms.map((r) => [r.roomId, r]));
  const out: SavedRooms = {};
  for (const [memberId, roomId] of entries) {
    const room = byId.get(roomId);
    if (!room) throw AppError.badRequest(SCHEDULE_TEXTS.roomUnknown(roomId));
    if (placed.has(memberId)) out[memberId] = { id: room.roomId, name: room.name, site_id: room.siteId, site_name: room.siteName };
  }
  return out;
}

export async function deleteSchedule(
  deps: ScheduleDeps,
  teacherId: string,
  classIdParam: string,
  scheduleId: string,
): Promise<{ id: string; message: string }> {
  const classId = await assertOwnsClass(deps.classes, classIdParam, teacherId);
  await findOwned(deps, teacherId, scheduleId, classId);
  if (!(await deps.schedules.delete(classId, scheduleId))) throw AppError.notFound(SCHEDULE_NOT_FOUND);
  return { id: scheduleId, message: SCHEDULE_TEXTS.deleted };
}
