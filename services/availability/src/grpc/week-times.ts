import type { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';

/** proto WeekTimes -> the SPEC's map (day keys as strings), so strict validation sees e.g. day 7 or -1. */
export function weekTimesToMap(w: availabilityV1.WeekTimes | undefined): TimesMap {
  if (w?.packed?.length) return WeekSlots.fromBytes(w.packed).toTimesMap();
  const map: TimesMap = {};
  for (const [day, list] of Object.entries(w?.days ?? {})) map[day] = list?.labels ?? [];
  return map;
}

const NOTHING = Buffer.alloc(0);

/**
 * WeekSlots -> proto WeekTimes in the compact form (`packed`, 84 bytes instead of a label string per
 * quarter hour: a member list of 99 is a tenth of the bytes and far less work on both sides).
 */
export function toWeekTimes(slots: WeekSlots): availabilityV1.WeekTimes {
  return { days: {}, packed: slots.isEmpty() ? NOTHING : Buffer.from(slots.toBytes()) };
}
