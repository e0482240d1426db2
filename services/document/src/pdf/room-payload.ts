/**
 * The optional `rooms` of the export payload (a class of a school, docs/product/school-rooms-for-students.md):
 * member id -> the room of the member's lessons, { "name": "Raum 1.01", "site_name": "Hauptstelle" }; each of
 * their lessons is printed with "Raum 1.01, Hauptstelle". Other fields of an entry (id, site_id) are ignored; an
 * entry of a member without a lesson changes nothing; absent or null: no rooms.
 */
import { AppError } from '@stundenplan/base';

/** One per member at most: as many as students. */
const MAX_ROOMS = 200;
const MAX_ROOM_TEXT = 100;
const MAX_MEMBER_ID = 100;

export const ROOM_ERRORS = Object.freeze({
  roomsInvalid: 'Ungültige Räume: Es wird ein Objekt von Mitglieds-ID zu Raum erwartet.',
  roomInvalid: (memberId: string) =>
    `Ungültiger Raum für Mitglieds-ID ${memberId}: name und site_name (Text mit höchstens ${MAX_ROOM_TEXT} Zeichen) werden erwartet.`,
  tooManyRooms: (max: number) => `Zu viele Räume (höchstens ${max}).`,
});

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_ROOM_TEXT;

/** member id -> 'Raum 1.01, Hauptstelle' (the room's name, then its site's); 400 with a German detail when malformed. */
export function parseRooms(raw: unknown): Map<string, string> {
  const rooms = new Map<string, string>();
  if (raw === undefined || raw === null) return rooms;
  if (!isPlainObject(raw)) throw AppError.badRequest(ROOM_ERRORS.roomsInvalid);
  const entries = Object.entries(raw);
  if (entries.length > MAX_ROOMS) throw AppError.badRequest(ROOM_ERRORS.tooManyRooms(MAX_ROOMS));
  for (const [key, value] of entries) {
    const memberId = key.trim().slice(0, MAX_MEMBER_ID);
    if (value === null || value === undefined) continue;
    const site = isPlainObject(value) ? value.site_name : undefined;
    if (!isPlainObject(value) || !isText(value.name) || !(site === undefined || site === null || isText(site))) {
      throw AppError.badRequest(ROOM_ERRORS.roomInvalid(memberId));
    }
    const text = [value.name.trim(), typeof site === 'string' ? site.trim() : ''].filter(Boolean).join(', ');
    if (text) rooms.set(memberId, text);
  }
  return rooms;
}

/** The lessons, each of a member with a room with its text (`room`); the others as they are. */
export function withRooms<L extends { memberId: string; room?: string }>(lessons: L[], raw: unknown): L[] {
  const rooms = parseRooms(raw);
  return rooms.size ? lessons.map((l) => (rooms.has(l.memberId) ? { ...l, room: rooms.get(l.memberId)! } : l)) : lessons;
}
