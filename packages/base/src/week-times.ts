import type { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';

/**
 * The one mapping between the proto WeekTimes and the times of packages/timegrid. A WeekTimes carries
 * either `packed` (WeekSlots.toBytes(), what the availability service answers) or `days` (labels per
 * day, what a caller sends as entered); a receiver accepts both.
 */

/** WeekTimes -> the SPEC's times map as sent: day keys as strings, labels unchecked (a strict validation then sees e.g. day 7). */
export function weekTimesToMap(w: availabilityV1.WeekTimes | undefined): TimesMap {
  if (w?.packed?.length) return WeekSlots.fromBytes(w.packed).toTimesMap();
  const map: TimesMap = {};
  for (const [day, list] of Object.entries(w?.days ?? {})) map[day] = [...(list?.labels ?? [])];
  return map;
}

/** WeekTimes -> WeekSlots, canonical: malformed labels and days are dropped. */
export function weekTimesToSlots(w: availabilityV1.WeekTimes | undefined): WeekSlots {
  if (w?.packed?.length) return WeekSlots.fromBytes(w.packed);
  return WeekSlots.fromTimesMap(weekTimesToMap(w), { strict: false });
}

const NOTHING = Buffer.alloc(0);

/** WeekSlots -> WeekTimes in the compact form (84 bytes instead of a label per quarter hour; nothing when empty). */
export function slotsToWeekTimes(slots: WeekSlots): availabilityV1.WeekTimes {
  return { days: {}, packed: slots.isEmpty() ? NOTHING : Buffer.from(slots.toBytes()) };
}

/** A times map as entered -> WeekTimes by labels, so the receiver validates it itself. */
export function mapToWeekTimes(map: TimesMap): availabilityV1.WeekTimes {
  const days: Record<number, availabilityV1.SlotLabels> = {};
  for (const [day, labels] of Object.entries(map)) days[Number(day)] = { labels: [...labels] };
  return { days, packed: NOTHING };
}
