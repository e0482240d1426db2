// 'Aus Kalender übernehmen' (docs/product/times.md): the call, the busy week with its event names (kept in the
// browser only), the free times of a window, and the remembered calendar link (this device only).
import type { AnswerOf } from '@stundenplan/contracts';
import { calendarImport } from '@stundenplan/contracts/routes';
import { SLOTS_PER_DAY, tryLabelToSlot, WeekSlots } from '@stundenplan/timegrid';
import { call } from '../../../shared/api/client';
import { readStorage, removeStorage, writeStorage } from '../../../shared/storage';

export type CalendarImportAnswer = AnswerOf<typeof calendarImport.importCalendar>;

export interface BusyWeek {
  slots: WeekSlots;
  /** `day * 96 + slot` -> the event's name. */
  names: Map<number, string>;
  from: string;
  to: string;
}

const slotOf = (label: string) => (label === '24.00' ? SLOTS_PER_DAY : (tryLabelToSlot(label) ?? 0));

export function busyWeekOf(answer: CalendarImportAnswer): BusyWeek {
  const slots = WeekSlots.fromTimesMap(answer.busy);
  const names = new Map<number, string>();
  for (const e of answer.events) {
    for (let s = slotOf(e.start); s < slotOf(e.end); s++) names.set(e.day * SLOTS_PER_DAY + s, e.summary);
  }
  for (let day = 0; day < 7; day++) {
    for (const s of slots.slots(day)) if (!names.has(day * SLOTS_PER_DAY + s)) names.set(day * SLOTS_PER_DAY + s, 'Termin');
  }
  return { slots, names, from: answer.from, to: answer.to };
}

/** POST me/calendar-import with a file or a link; teachers name their class (its semester counts). */
export async function importCalendar(source: { file: File } | { url: string }, classId?: string): Promise<BusyWeek | undefined> {
  const form = new FormData();
  if ('file' in source) form.append('file', source.file);
  else form.append('url', source.url);
  const answer = await call(calendarImport.importCalendar, { body: form, query: classId ? { class_id: classId } : {} });
  return answer ? busyWeekOf(answer) : undefined;
}

/** 'Freie Zeiten übernehmen': every slot of the window that is not busy. */
export function freeTimes(window: WeekSlots, busy: BusyWeek): WeekSlots {
  return window.difference(busy.slots);
}

/** Every slot of the shown rows on the shown days: the window of a grid without a range of its own. */
export function rowsWindow(rows: { start: number; end: number }, hiddenDays: readonly number[] = []): WeekSlots {
  const days = [0, 1, 2, 3, 4, 5, 6].filter((day) => !hiddenDays.includes(day));
  return WeekSlots.fromRanges(days.map((day) => ({ day, start: rows.start, end: rows.end })));
}

/** The busy names limited to the slots shown as editable (outside the window the grid is hatched already). */
export function busyNamesIn(busy: BusyWeek | null, window: WeekSlots | undefined): Map<number, string> | undefined {
  if (!busy) return undefined;
  if (!window) return busy.names;
  return new Map([...busy.names].filter(([key]) => window.has(Math.floor(key / SLOTS_PER_DAY), key % SLOTS_PER_DAY)));
}

const URL_PREFIX = 'calendarLink:';
const urlKey = (email: string | null | undefined) => (email ? `${URL_PREFIX}${email.trim().toLowerCase()}` : null);

/** The calendar link the user chose to remember on this device (localStorage only, never sent for storage). */
export function rememberedLink(email: string | null | undefined): string | null {
  const key = urlKey(email);
  return key ? readStorage(key) : null;
}

export function rememberLink(email: string | null | undefined, url: string | null): void {
  const key = urlKey(email);
  if (!key) return;
  if (url) writeStorage(key, url);
  else removeStorage(key);
}
