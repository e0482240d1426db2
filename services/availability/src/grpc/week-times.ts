import type { availabilityV1 } from '@stundenplan/proto';
import { SLOT_LABELS, WeekSlots, type TimesMap } from '@stundenplan/timegrid';

/** proto WeekTimes -> the SPEC's map (day keys as strings), so strict validation sees e.g. day 7 or -1. */
export function weekTimesToMap(w: availabilityV1.WeekTimes | undefined): TimesMap {
  const map: TimesMap = {};
  for (const [day, list] of Object.entries(w?.days ?? {})) map[day] = list?.labels ?? [];
  return map;
}

/** WeekSlots -> proto WeekTimes; only days with slots. */
export function toWeekTimes(slots: WeekSlots): availabilityV1.WeekTimes {
  // Most member entries carry empty times (a member list of 99 has hundreds of them).
  if (slots.isEmpty()) return { days: {} };
  const days: Record<number, availabilityV1.SlotLabels> = {};
  for (const day of slots.daysWithSlots()) days[day] = { labels: slots.slots(day).map((slot) => SLOT_LABELS[slot]!) };
  return { days };
}
