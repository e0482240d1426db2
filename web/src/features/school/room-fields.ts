// A room's form state to and from the API's room (docs/product/school.md "Rooms"): equipment as checked tags
// plus the school's own ones as comma-separated text, the opening times as the free text of docs/product/times.md.
import { formatTimesText, parseTimesText } from '@stundenplan/timegrid';
import type { Equipment, Room, RoomInput } from './school-api';

export interface RoomFields {
  name: string;
  siteId: string;
  tags: string[];
  ownTags: string;
  capacity: string;
  times: string;
}

/** A room's fields; a new room has none of its tags and is open all week. */
export function roomFields(room: Room | undefined, equipment: Equipment[], siteId = ''): RoomFields {
  if (!room) return { name: '', siteId, tags: [], ownTags: '', capacity: '1', times: '' };
  const listed = new Set(equipment.filter((e) => !e.own).map((e) => e.tag));
  return {
    name: room.name,
    siteId: room.site_id,
    tags: room.equipment.filter((t) => listed.has(t)),
    ownTags: room.equipment.filter((t) => !listed.has(t)).join(', '),
    capacity: String(room.capacity),
    times: room.times ? formatTimesText(room.times) : '',
  };
}

/** The body to send, or the German text of opening times the parser does not read. */
export function roomBody(fields: RoomFields): { body: RoomInput } | { timesError: string } {
  const own = fields.ownTags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  let times: RoomInput['times'] = null;
  if (fields.times.trim()) {
    const parsed = parseTimesText(fields.times);
    if (!parsed.ok) return { timesError: parsed.error };
    times = parsed.times;
  }
  const capacity = Number(fields.capacity);
  return {
    body: {
      name: fields.name,
      site_id: fields.siteId,
      equipment: [...fields.tags, ...own],
      capacity: fields.capacity.trim() === '' || Number.isNaN(capacity) ? 0 : capacity,
      times,
    },
  };
}

/** 'immer geöffnet' or the opening times as text. */
export function timesText(times: Room['times'], alwaysOpen: string): string {
  return times && Object.keys(times).length > 0 ? formatTimesText(times) : alwaysOpen;
}
