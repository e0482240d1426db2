// The busy quarter hours of a typical week (docs/product/times.md "Aus Kalender übernehmen"): a slot of a weekday is
// busy when an event covers it on more than half of the counted days of that weekday in the span.
import { addDays, slotToLabel, SLOTS_PER_DAY, weekdayOf } from '@stundenplan/timegrid';
import { calendarOccurrences, type Occurrence } from './calendar-occurrences.js';
import { berlinMidnight, berlinSlot } from './zone-clock.js';

export interface ImportSpan {
  /** First and last day (`YYYY-MM-DD`, Europe/Berlin), both counted. */
  from: string;
  to: string;
  /** Days in the span that are not counted (semester breaks, public holidays). */
  skip?: ReadonlySet<string>;
}

/** One busy stretch of the typical week, named after its event (for the grid's hover; never stored). */
export interface BusyEvent {
  day: number;
  start: string;
  end: string;
  summary: string;
}

export interface TypicalWeek {
  busy: Record<string, string[]>;
  events: BusyEvent[];
}

const QUARTER_MS = 15 * 60_000;
const endLabel = (slot: number) => (slot >= SLOTS_PER_DAY ? '24.00' : slotToLabel(slot));

/** Counted days per weekday (0 = Monday). */
function countedDays(span: ImportSpan): { counted: Set<string>; perWeekday: number[] } {
  const counted = new Set<string>();
  const perWeekday = [0, 0, 0, 0, 0, 0, 0];
  for (let d = span.from; d <= span.to; d = addDays(d, 1)) {
    if (span.skip?.has(d)) continue;
    counted.add(d);
    perWeekday[weekdayOf(d)]!++;
  }
  return { counted, perWeekday };
}

/** Marks the counted (date, slot) pairs an occurrence covers; `names` counts the summaries per weekday slot. */
function mark(o: Occurrence, counted: Set<string>, seen: Set<string>, names: Map<number, Map<string, number>>): void {
  for (let t = Math.floor(o.start / QUARTER_MS) * QUARTER_MS; t < o.end; t += QUARTER_MS) {
    const { date, slot } = berlinSlot(t);
    if (!counted.has(date)) continue;
    const key = weekdayOf(date) * SLOTS_PER_DAY + slot;
    const names0 = names.get(key) ?? new Map<string, number>();
    names0.set(o.summary, (names0.get(o.summary) ?? 0) + 1);
    names.set(key, names0);
    seen.add(`${date}/${slot}`);
  }
}

function dominant(counts: Map<string, number> | undefined): string {
  let best = '';
  let most = 0;
  for (const [name, n] of counts ?? []) if (n > most) [best, most] = [name, n];
  return best;
}

/** The typical week of an iCalendar text over the span. Throws NotACalendarError for anything but iCalendar, CalendarTooComplexError beyond the limits. */
export function typicalWeek(text: string, span: ImportSpan): TypicalWeek {
  const { counted, perWeekday } = countedDays(span);
  const occurrences = calendarOccurrences(text, berlinMidnight(span.from), berlinMidnight(addDays(span.to, 1)));
  const seen = new Set<string>();
  const names = new Map<number, Map<string, number>>();
  for (const o of occurrences) mark(o, counted, seen, names);
  const busyDays = new Map<number, number>();
  for (const key of seen) {
    const [date, slot] = key.split('/') as [string, string];
    const k = weekdayOf(date) * SLOTS_PER_DAY + Number(slot);
    busyDays.set(k, (busyDays.get(k) ?? 0) + 1);
  }
  const busy: Record<string, string[]> = {};
  const events: BusyEvent[] = [];
  for (let day = 0; day < 7; day++) {
    busy[String(day)] = [];
    let run: BusyEvent | undefined;
    for (let slot = 0; slot <= SLOTS_PER_DAY; slot++) {
      const k = day * SLOTS_PER_DAY + slot;
      const isBusy = slot < SLOTS_PER_DAY && perWeekday[day]! > 0 && (busyDays.get(k) ?? 0) * 2 > perWeekday[day]!;
      const summary = isBusy ? dominant(names.get(k)) : '';
      if (run && (!isBusy || summary !== run.summary)) {
        run.end = endLabel(slot);
        events.push(run);
        run = undefined;
      }
      if (!isBusy) continue;
      busy[String(day)]!.push(slotToLabel(slot));
      run ??= { day, start: slotToLabel(slot), end: '', summary };
    }
  }
  return { busy, events };
}
