/**
 * The saved form of a schedule (docs/product/data.md): day index "0".."6" -> [slot label, member_id] pairs,
 * one pair per occupied quarter hour, sorted by time; all 7 days always present. A biweekly lesson's quarter
 * hours carry its week as a third element ([label, member_id, "A" | "B"]): two biweekly students may then share
 * a quarter hour in alternating weeks. Schedules saved before biweekly lessons (pairs only) read as weekly.
 */
import { AppError, savedEntry, type SavedScheduleEntry, type SavedWeek } from '@stundenplan/base';
import { DAY_NAMES, DAYS, slotToLabel, TIMES_ERRORS, tryLabelToSlot } from '@stundenplan/timegrid';

export type SavedEntry = SavedScheduleEntry;
export type SavedTimes = Record<string, SavedEntry[]>;

export const SAVED_FORM_ERRORS = Object.freeze({
  notAnObject: 'Der Stundenplan muss als Objekt von Wochentag (0 bis 6) zu Einträgen angegeben werden.',
  notAList: (day: string) => `Die Einträge für Wochentag „${day}“ müssen als Liste angegeben werden.`,
  badEntry: (day: string) => `Ungültiger Eintrag für Wochentag „${day}“: erwartet wird [Zeit, member_id].`,
  badWeek: (day: string) => `Ungültige Woche für Wochentag „${day}“: erwartet wird „A“ oder „B“ (14-tägig) oder keine Angabe (wöchentlich).`,
  overlap: (day: number, label: string) =>
    `Überschneidung im Stundenplan: ${DAY_NAMES[day]} ${label} Uhr ist mehrfach belegt. Bitte entfernen Sie die doppelte Belegung.`,
  tooMany: (day: string) => `Zu viele Einträge für Wochentag „${day}“ (höchstens 96).`,
});

const DAY_KEY = /^[0-6]$/;

function emptySavedTimes(): SavedTimes {
  const out: SavedTimes = {};
  for (let d = 0; d < DAYS; d++) out[String(d)] = [];
  return out;
}

export interface ParsedSavedTimes {
  times: SavedTimes;
  /** Entries dropped because their member is not in the class (logged, docs/product/planning.md "Saving a schedule"). */
  dropped: { day: number; label: string; memberId: string }[];
}

/** The week of an entry's optional third element: absent, null or '' = every week; 'A' or 'B'; else undefined (refused). */
function entryWeek(entry: unknown[]): SavedWeek | null | undefined {
  const w = entry[2];
  if (entry.length < 3 || w === null || w === '') return null;
  return w === 'A' || w === 'B' ? w : undefined;
}

/** Two lessons can share a quarter hour only in different weeks (a weekly one is in both). */
const clash = (a: SavedWeek | null, b: SavedWeek | null) => a === null || b === null || a === b;

const WEEK_ORDER = { '': 0, A: 1, B: 2 } as const;

/**
 * Validates and canonicalizes client input. Throws 400 (German) for a non-object, a day key other
 * than "0".."6", a malformed entry, a week (third element) other than "A", "B", null or "", an unknown slot
 * label, or two different members in the same slot in the same week. Entries with an empty member id (a
 * free cell) are skipped; an exact duplicate (same slot, member and week) counts once; entries of members
 * outside `memberIds` are dropped and reported. Missing days become empty lists; labels are spelled
 * canonically ("9.00") and sorted (by time, then weekly before A before B).
 */
export function parseSavedTimes(input: unknown, memberIds: ReadonlySet<string>): ParsedSavedTimes {
  if (input === undefined || input === null) return { times: emptySavedTimes(), dropped: [] };
  if (typeof input !== 'object' || Array.isArray(input)) throw AppError.badRequest(SAVED_FORM_ERRORS.notAnObject);
  const perDay: Map<number, { memberId: string; week: SavedWeek | null }[]>[] = Array.from({ length: DAYS }, () => new Map());
  const dropped: ParsedSavedTimes['dropped'] = [];
  for (const [key, list] of Object.entries(input as Record<string, unknown>)) {
    if (!DAY_KEY.test(key)) throw AppError.badRequest(TIMES_ERRORS.invalidDay(key));
    if (list === null || list === undefined) continue;
    if (!Array.isArray(list)) throw AppError.badRequest(SAVED_FORM_ERRORS.notAList(key));
    if (list.length > 96 * 4) throw AppError.badRequest(SAVED_FORM_ERRORS.tooMany(key));
    const day = Number(key);
    const slots = perDay[day];
    if (!slots) throw AppError.badRequest(TIMES_ERRORS.invalidDay(key));
    for (const entry of list) {
      if (!Array.isArray(entry) || entry.length < 2 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') {
        throw AppError.badRequest(SAVED_FORM_ERRORS.badEntry(key));
      }
      const week = entryWeek(entry);
      if (week === undefined) throw AppError.badRequest(SAVED_FORM_ERRORS.badWeek(key));
      const slot = tryLabelToSlot(entry[0]);
      if (slot === undefined) throw AppError.badRequest(TIMES_ERRORS.invalidLabel(entry[0]));
      const memberId = entry[1].trim();
      if (!memberId) continue;
      const label = slotToLabel(slot);
      if (!memberIds.has(memberId)) {
        dropped.push({ day, label, memberId });
        continue;
      }
      const taken = slots.get(slot) ?? [];
      if (taken.some((t) => t.memberId === memberId && t.week === week)) continue;
      if (taken.some((t) => clash(t.week, week))) throw AppError.badRequest(SAVED_FORM_ERRORS.overlap(day, label));
      slots.set(slot, [...taken, { memberId, week }]);
    }
  }
  const times: SavedTimes = {};
  perDay.forEach((slots, day) => {
    times[String(day)] = [...slots.entries()]
      .sort((a, b) => a[0] - b[0])
      .flatMap(([slot, list]) =>
        [...list].sort((x, y) => WEEK_ORDER[x.week ?? ''] - WEEK_ORDER[y.week ?? '']).map((t) => savedEntry(slotToLabel(slot), t.memberId, t.week)),
      );
  });
  return { times, dropped };
}

/** Member ids with at least one entry. */
export function membersInTimes(times: SavedTimes): Set<string> {
  const ids = new Set<string>();
  for (const list of Object.values(times)) for (const [, id] of list) ids.add(id);
  return ids;
}

/** Reads a stored value back (tolerant: the column is always written by parseSavedTimes). */
export function storedTimes(value: unknown): SavedTimes {
  const out = emptySavedTimes();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (DAY_KEY.test(k) && Array.isArray(v))
        out[k] = v
          .filter((e): e is unknown[] => Array.isArray(e) && e.length >= 2)
          .map((e) => savedEntry(String(e[0]), String(e[1]), e[2] === 'A' || e[2] === 'B' ? e[2] : null));
    }
  }
  return out;
}

export function storedPinned(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
