import { AppError, isUuid } from '@stundenplan/base';
import { berlinToday, normalizeTimesMap, TimegridError, type TimesMap } from '@stundenplan/timegrid';
import { isUniqueViolation } from '../data/prisma.js';
import type { RoomInput, RoomRow } from '../data/room-repository.js';
import type { SchoolRow } from '../data/school-repository.js';
import type { Deps } from './deps.js';
import { checkedEquipment } from './equipment.js';
import { LIMITS, MSG } from './messages.js';

export interface RoomRequest {
  name: string;
  site_id: string;
  equipment?: string[] | undefined;
  capacity?: number | undefined;
  times?: Record<string, string[] | null> | null | undefined;
}

const view = (r: RoomRow) => ({ id: r.id, name: r.name, site_id: r.siteId, equipment: r.equipment, capacity: r.capacity, times: r.times });

function checkedTimes(times: RoomRequest['times']): TimesMap | null {
  if (times === null || times === undefined) return null;
  try {
    return normalizeTimesMap(times);
  } catch (e) {
    if (e instanceof TimegridError) throw AppError.badRequest(e.message);
    throw e;
  }
}

async function checkedRoom(deps: Deps, school: SchoolRow, input: RoomRequest): Promise<RoomInput> {
  const name = input.name.trim();
  if (!name || name.length > LIMITS.nameLength) throw AppError.badRequest(MSG.roomName);
  const site = isUuid(input.site_id) ? await deps.sites.find(school.id, input.site_id) : null;
  if (!site) throw AppError.badRequest(MSG.roomSite);
  const equipment = checkedEquipment(input.equipment);
  const capacity = input.capacity ?? 1;
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > LIMITS.capacity) throw AppError.badRequest(MSG.capacity);
  return { name, siteId: site.id, equipment, capacity, times: checkedTimes(input.times) };
}

const nameTaken = (name: string) => (e: unknown) => {
  throw isUniqueViolation(e) ? AppError.conflict(MSG.roomNameTaken(name)) : e;
};

async function findRoom(deps: Deps, school: SchoolRow, roomId: string): Promise<RoomRow> {
  const room = isUuid(roomId) ? await deps.rooms.find(school.id, roomId) : null;
  if (!room) throw AppError.notFound(MSG.roomNotFound);
  return room;
}

export async function listRooms(deps: Deps, school: SchoolRow) {
  return { rooms: (await deps.rooms.list(school.id)).map(view) };
}

export async function createRoom(deps: Deps, school: SchoolRow, input: RoomRequest) {
  const room = await checkedRoom(deps, school, input);
  if ((await deps.rooms.count(school.id)) >= LIMITS.rooms) throw AppError.badRequest(MSG.tooManyRooms);
  return { room: view(await deps.rooms.create(school.id, room).catch(nameTaken(room.name))) };
}

export async function updateRoom(deps: Deps, school: SchoolRow, roomId: string, input: RoomRequest) {
  const existing = await findRoom(deps, school, roomId);
  const room = await checkedRoom(deps, school, input);
  return { room: view(await deps.rooms.update(existing.id, room).catch(nameTaken(room.name))) };
}

/** Deletes a room; one with bookings that have not ended is refused (409), ended bookings go with it (ADR 0033). */
export async function deleteRoom(deps: Deps, school: SchoolRow, roomId: string) {
  const room = await findRoom(deps, school, roomId);
  const booked = await deps.bookings.activeOfRoom(room.id, berlinToday());
  if (booked > 0) throw AppError.conflict(MSG.roomBooked(room.name, booked));
  await deps.rooms.delete(room.id);
  return { message: MSG.roomDeleted };
}
