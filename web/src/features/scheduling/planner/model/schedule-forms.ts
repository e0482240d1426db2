/**
 * Conversions between the three shapes of a plan (docs/product/data.md "Schedule", docs/product/planning.md "Loading a schedule",
 * docs/product/planning.md "Saving a schedule"):
 * - placements (what the grid edits),
 * - the working form `{ "Montag": { "09:00": member_id | '' } }` (calculation answer, PDF export),
 * - the saved form `{ "0": [["9.00", member_id], ["9.00", member_id, "A"], ...], ... }` (schedules API; a biweekly
 *   lesson's quarter hours carry its week, so the A and the B lesson of one quarter hour are both kept).
 */
import {
  DAYS,
  DAY_NAMES,
  SLOTS_PER_DAY,
  SLOT_LABELS,
  dayIndexFromName,
  durationToSlots,
  slotToClock,
  tryLabelToSlot,
  type LessonWeek,
} from '@stundenplan/timegrid';
import { planHasRooms, roomsOfPlan } from './rooms';
import type { ErrorEntry, Placement, PlanContent, PlannerMember, SavedEntry, SavedTimes, WorkingForm } from './types';

export const ERROR_PREFIX = 'ERROR: ';

/** Slot of a working-form or saved-form key: "09:00", "9:00", "9.00" or "09.00"; undefined otherwise. */
export function slotOfKey(key: unknown): number | undefined {
  if (typeof key !== 'string') return undefined;
  const k = key.trim();
  return tryLabelToSlot(k) ?? tryLabelToSlot(k.replace(':', '.'));
}

/** Day of a key: a German day name in any letter case (SPEC: matched upper-case) or "0".."6". */
export function dayOfKey(key: string): number | undefined {
  const byName = dayIndexFromName(key);
  if (byName !== undefined) return byName;
  return /^[0-6]$/.test(key.trim()) ? Number(key.trim()) : undefined;
}

interface Span {
  memberId: string;
  day: number;
  start: number;
  end: number;
}

/** Working form with all 7 days and all 96 quarter hours; occupied slots carry the member id. */
export function toWorkingForm(spans: Iterable<Span>): WorkingForm {
  const out: WorkingForm = {};
  for (let day = 0; day < DAYS; day++) {
    const slots: Record<string, string> = {};
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) slots[slotToClock(slot)] = '';
    out[DAY_NAMES[day]!] = slots;
  }
  for (const s of spans) {
    const day = out[DAY_NAMES[s.day]!];
    if (!day) continue;
    for (let slot = Math.max(0, s.start); slot < Math.min(SLOTS_PER_DAY, s.end); slot++) day[slotToClock(slot)] = s.memberId;
  }
  return out;
}

export interface DroppedEntry {
  day: number;
  label: string;
  memberId: string;
}

export interface SavedConversion {
  times: SavedTimes;
  /** Entries whose member is not in the class (SPEC: dropped, logged only). */
  dropped: DroppedEntry[];
  /** Day keys that are no German day name (ignored). */
  unknownDays: string[];
}

/**
 * Working form -> saved form: day names matched upper-case (MONTAG..SONNTAG), empty cells skipped,
 * entries of members not in `memberIds` dropped, pairs sorted by time, all 7 days present.
 */
export function workingToSaved(working: WorkingForm, memberIds: ReadonlySet<string>): SavedConversion {
  const perDay = Array.from({ length: DAYS }, () => new Map<number, string>());
  const dropped: DroppedEntry[] = [];
  const unknownDays: string[] = [];
  for (const [dayKey, slots] of Object.entries(working ?? {})) {
    const day = dayIndexFromName(dayKey);
    if (day === undefined) {
      unknownDays.push(dayKey);
      continue;
    }
    if (!slots || typeof slots !== 'object') continue;
    for (const [key, value] of Object.entries(slots)) {
      const memberId = typeof value === 'string' ? value.trim() : '';
      if (!memberId) continue;
      const slot = slotOfKey(key);
      if (slot === undefined) continue;
      if (!memberIds.has(memberId)) {
        dropped.push({ day, label: SLOT_LABELS[slot]!, memberId });
        continue;
      }
      perDay[day]!.set(slot, memberId);
    }
  }
  const times: SavedTimes = {};
  perDay.forEach((slots, day) => {
    times[String(day)] = [...slots.entries()].sort((a, b) => a[0] - b[0]).map(([slot, id]) => [SLOT_LABELS[slot]!, id]);
  });
  return { times, dropped, unknownDays };
}

/**
 * Lessons and error entries -> saved form: one entry per occupied quarter hour, a biweekly lesson's with its week;
 * entries of members not in `memberIds` dropped; sorted by time (A before B), all 7 days present.
 */
export function spansToSaved(
  spans: Iterable<Span & { week?: LessonWeek | null }>,
  memberIds: ReadonlySet<string>,
): { times: SavedTimes; dropped: DroppedEntry[] } {
  const perDay = Array.from({ length: DAYS }, () => new Map<string, { slot: number; memberId: string; week: LessonWeek | null }>());
  const dropped: DroppedEntry[] = [];
  for (const s of spans) {
    if (!Number.isInteger(s.day) || s.day < 0 || s.day >= DAYS) continue;
    for (let slot = Math.max(0, s.start); slot < Math.min(SLOTS_PER_DAY, s.end); slot++) {
      if (!memberIds.has(s.memberId)) dropped.push({ day: s.day, label: SLOT_LABELS[slot]!, memberId: s.memberId });
      else perDay[s.day]!.set(`${slot}:${s.week ?? ''}`, { slot, memberId: s.memberId, week: s.week ?? null });
    }
  }
  const times: SavedTimes = {};
  perDay.forEach((entries, day) => {
    times[String(day)] = [...entries.values()]
      .sort((a, b) => a.slot - b.slot || (a.week ?? '').localeCompare(b.week ?? ''))
      .map((e): SavedEntry => (e.week ? [SLOT_LABELS[e.slot]!, e.memberId, e.week] : [SLOT_LABELS[e.slot]!, e.memberId]));
  });
  return { times, dropped };
}

export interface SavePayload {
  name: string;
  description: string | null;
  class_id: string;
  available_times: SavedTimes;
  pinned: string[];
  /** member_id -> room id: only for a plan with rooms (a class with a school); absent otherwise. */
  rooms?: Record<string, string>;
}

/** The body of POST classes/{id}/schedules[/{scheduleId}]; `dropped` is for the console only. */
export function buildSavePayload(input: {
  name: string;
  description: string | null | undefined;
  classId: string;
  content: PlanContent;
  memberIds: ReadonlySet<string>;
  /** The plan shows rooms (a class with a school): `rooms` is sent, {} when no lesson has one. */
  withRooms?: boolean;
}): { payload: SavePayload; dropped: DroppedEntry[] } {
  const { content, memberIds } = input;
  const { times, dropped } = spansToSaved([...content.errors, ...content.placements], memberIds);
  const pinned = content.placements.filter((p) => p.pinned && memberIds.has(p.memberId)).map((p) => p.memberId);
  const description = (input.description ?? '').trim();
  return {
    payload: {
      name: input.name.trim(),
      description: description || null,
      class_id: input.classId,
      available_times: times,
      pinned,
      ...(input.withRooms || planHasRooms(content) ? { rooms: roomsOfPlan(content, memberIds) } : {}),
    },
    dropped,
  };
}

type DaySlots = Map<number, string>[];

function emptyDays(): DaySlots {
  return Array.from({ length: DAYS }, () => new Map<number, string>());
}

/** The lessons of one week kind: weekly ones (`week` null) or the biweekly ones of the A or the B week. */
export interface WeekLayer {
  week: LessonWeek | null;
  days: DaySlots;
}

/** Saved form (tolerant: malformed entries are skipped) -> day slot maps of the weekly lessons. */
export function savedToDaySlots(saved: unknown): DaySlots {
  return savedToLayers(saved)[0]!.days;
}

/** Saved form (tolerant) -> the weekly lessons, the A-week and the B-week lessons, each as day slot maps. */
export function savedToLayers(saved: unknown): WeekLayer[] {
  const layers: WeekLayer[] = [
    { week: null, days: emptyDays() },
    { week: 'A', days: emptyDays() },
    { week: 'B', days: emptyDays() },
  ];
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return layers;
  for (const [key, list] of Object.entries(saved as Record<string, unknown>)) {
    const day = dayOfKey(key);
    if (day === undefined || !Array.isArray(list)) continue;
    for (const entry of list) {
      if (!Array.isArray(entry) || entry.length < 2) continue;
      const slot = typeof entry[0] === 'number' && Number.isInteger(entry[0]) && entry[0] >= 0 && entry[0] < SLOTS_PER_DAY ? entry[0] : slotOfKey(entry[0]);
      const id = typeof entry[1] === 'string' ? entry[1].trim() : '';
      const layer = layers[entry[2] === 'A' ? 1 : entry[2] === 'B' ? 2 : 0]!;
      if (slot !== undefined && id) layer.days[day]!.set(slot, id);
    }
  }
  return layers;
}

/** Working form (tolerant) -> day slot maps. */
export function workingToDaySlots(working: unknown): DaySlots {
  const days = emptyDays();
  if (!working || typeof working !== 'object' || Array.isArray(working)) return days;
  for (const [key, slots] of Object.entries(working as Record<string, unknown>)) {
    const day = dayOfKey(key);
    if (day === undefined || !slots || typeof slots !== 'object') continue;
    for (const [clock, value] of Object.entries(slots as Record<string, unknown>)) {
      const slot = slotOfKey(clock);
      const id = typeof value === 'string' ? value.trim() : '';
      if (slot !== undefined && id) days[day]!.set(slot, id);
    }
  }
  return days;
}

/** Consecutive slots of one member on one day, ordered by day and start. */
export function runsOf(days: DaySlots): Span[] {
  const runs: Span[] = [];
  days.forEach((slots, day) => {
    let current: Span | undefined;
    for (const slot of [...slots.keys()].sort((a, b) => a - b)) {
      const memberId = slots.get(slot)!;
      if (current && current.memberId === memberId && current.end === slot) current.end = slot + 1;
      else {
        current = { memberId, day, start: slot, end: slot + 1 };
        runs.push(current);
      }
    }
  });
  return runs;
}

export const LOAD_ERRORS = {
  unknownMember: `${ERROR_PREFIX}Unbekannte*r Student*in`,
  wrongLength: (name: string, minutes: number, expected: number) => `${ERROR_PREFIX}${name} (${minutes} statt ${expected} Minuten)`,
  duplicate: (name: string) => `${ERROR_PREFIX}${name} (mehrfach im Stundenplan)`,
};

/**
 * Day slot maps -> placements (docs/product/planning.md "Loading a schedule"): each run of one member must be
 * duration/15 slots long (at least 1). A run of a member that is not in the class, of the wrong
 * length, or a second run of an already placed member becomes an entry named 'ERROR: ...'.
 */
export function planFromDaySlots(days: DaySlots, members: readonly PlannerMember[], pinned: Iterable<string> = []): PlanContent {
  return planFromLayers([{ week: null, days }], members, pinned);
}

/** Like planFromDaySlots over the weekly and the A- and B-week lessons: a biweekly lesson keeps its week. */
export function planFromLayers(layers: readonly WeekLayer[], members: readonly PlannerMember[], pinned: Iterable<string> = []): PlanContent {
  const byId = new Map(members.map((m) => [m.member_id, m]));
  const pinnedIds = new Set(pinned);
  const placements: Placement[] = [];
  const errors: ErrorEntry[] = [];
  const placed = new Set<string>();
  const runs = layers.flatMap((layer) => runsOf(layer.days).map((run) => ({ ...run, week: layer.week })));
  for (const run of runs.sort((a, b) => a.day - b.day || a.start - b.start)) {
    const member = byId.get(run.memberId);
    const key = `${run.day}:${run.start}:${run.memberId}${run.week ? `:${run.week}` : ''}`;
    if (!member) {
      errors.push({ key, name: LOAD_ERRORS.unknownMember, memberId: run.memberId, unknownMember: true, day: run.day, start: run.start, end: run.end });
      continue;
    }
    const expected = durationToSlots(member.duration);
    const length = run.end - run.start;
    const name = member.name.trim() || 'Unbekannt';
    if (placed.has(member.member_id)) {
      errors.push({ key, name: LOAD_ERRORS.duplicate(name), memberId: run.memberId, unknownMember: false, day: run.day, start: run.start, end: run.end });
    } else if (length !== expected) {
      errors.push({
        key,
        name: LOAD_ERRORS.wrongLength(name, length * 15, expected * 15),
        memberId: run.memberId,
        unknownMember: false,
        day: run.day,
        start: run.start,
        end: run.end,
      });
    } else {
      placed.add(member.member_id);
      const week = run.week ? { week: run.week } : {};
      placements.push({ memberId: run.memberId, day: run.day, start: run.start, end: run.end, pinned: pinnedIds.has(run.memberId), ...week });
    }
  }
  return { placements, errors };
}

export function planFromSaved(saved: unknown, members: readonly PlannerMember[], pinned?: Iterable<string>): PlanContent {
  return planFromLayers(savedToLayers(saved), members, pinned);
}

export function planFromWorking(working: unknown, members: readonly PlannerMember[], pinned?: Iterable<string>): PlanContent {
  return planFromDaySlots(workingToDaySlots(working), members, pinned);
}

/** True when the plan has at least one lesson (SPEC: export needs a schedule). */
export function hasLessons(content: PlanContent): boolean {
  return content.placements.length > 0;
}
