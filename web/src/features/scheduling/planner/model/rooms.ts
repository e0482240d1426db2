/** Rooms of the lessons (docs/product/school-screens.md "Rooms in the planner"): labels, save body, PDF map. */
import type { PlanContent, PlannerRoom } from './types';

export const ROOM_TEXTS = {
  /** Without a room (moved to a time where it is not free, or none chosen): the sending chooses one. */
  none: 'Raum wird beim Senden vergeben',
  noneShort: 'Raum offen',
  change: 'Raum ändern',
  changeFor: (name: string, room: string) => `Raum ändern: ${name}, jetzt ${room}`,
  dialogTitle: (name: string) => `Raum für ${name}`,
  dialogIntro: (when: string) => `Freie passende Räume am ${when}:`,
  current: 'aktuell',
  noRoom: 'Keinen Raum festlegen (wird beim Senden vergeben)',
  noOptions: 'Zu dieser Zeit ist kein passender Raum frei. Beim Senden wird erneut gesucht.',
  loading: 'Räume werden geladen …',
  loadFailed: 'Die Räume konnten nicht geladen werden.',
  choose: 'Übernehmen',
  cancel: 'Abbrechen',
  changed: (name: string, room: string) => `${name}: ${room}`,
} as const;

/** 'Raum 1.01, Hauptstelle'. */
export function roomLabel(room: Pick<PlannerRoom, 'name' | 'site_name'>): string {
  return room.site_name ? `${room.name}, ${room.site_name}` : room.name;
}

/** The plan's rooms by member, from the calculation's placements or a loaded schedule's room_details. */
export function withRooms(plan: PlanContent, rooms: Readonly<Record<string, PlannerRoom | undefined>>): PlanContent {
  if (!Object.keys(rooms).length) return plan;
  return {
    placements: plan.placements.map((p) => {
      const room = rooms[p.memberId];
      return room ? { ...p, room: { id: room.id, name: room.name, site_id: room.site_id, site_name: room.site_name } } : p;
    }),
    errors: plan.errors,
  };
}

/** True when the plan has rooms (a class with a school): the tiles then show them. */
export function planHasRooms(plan: PlanContent): boolean {
  return plan.placements.some((p) => Boolean(p.room));
}

/** The save body's `rooms`: member_id -> room id, for class members whose lesson has one. */
export function roomsOfPlan(plan: PlanContent, memberIds: ReadonlySet<string>): Record<string, string> {
  const rooms: Record<string, string> = {};
  for (const p of plan.placements) if (p.room && memberIds.has(p.memberId)) rooms[p.memberId] = p.room.id;
  return rooms;
}

/** The PDF body's `rooms`: member_id -> { name, site_name }. */
export function pdfRoomsOfPlan(plan: PlanContent, memberIds: ReadonlySet<string>): Record<string, { name: string; site_name: string }> {
  const rooms: Record<string, { name: string; site_name: string }> = {};
  for (const p of plan.placements) if (p.room && memberIds.has(p.memberId)) rooms[p.memberId] = { name: p.room.name, site_name: p.room.site_name };
  return rooms;
}
