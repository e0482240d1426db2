import type { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';

/**
 * The one mapping between the proto WeekTimes and the times of packages/timegrid. A WeekTimes carries
 * its times in `form`: either `slots` (WeekSlots.toBytes(), what the availability service answers) or
 * `labels` (labels per day, what a caller sends as entered). A WeekTimes from a sender before the oneof
 * has `form` unset and the deprecated `packed` or `days`; those are still read.
 */

type Labels = Record<number, availabilityV1.SlotLabels>;

/** The compact bytes, or the labels per day, whichever the WeekTimes carries (new form first). */
function parts(w: availabilityV1.WeekTimes | undefined): { bytes?: Uint8Array; days?: Labels } {
  const form = w?.form;
  if (form?.$case === 'slots') return { bytes: form.value };
  if (form?.$case === 'labels') return { days: form.value.days };
  // Senders before the oneof fill only these.
  return w?.packed?.length ? { bytes: w.packed } : { days: w?.days };
}

/** WeekTimes -> the SPEC's times map as sent: day keys as strings, labels unchecked (a strict validation then sees e.g. day 7). */
export function weekTimesToMap(w: availabilityV1.WeekTimes | undefined): TimesMap {
  const { bytes, days } = parts(w);
  if (bytes?.length) return WeekSlots.fromBytes(bytes).toTimesMap();
  const map: TimesMap = {};
  for (const [day, list] of Object.entries(days ?? {})) map[day] = [...(list?.labels ?? [])];
  return map;
}

/** WeekTimes -> WeekSlots, canonical: malformed labels and days are dropped. */
export function weekTimesToSlots(w: availabilityV1.WeekTimes | undefined): WeekSlots {
  const { bytes } = parts(w);
  if (bytes?.length) return WeekSlots.fromBytes(bytes);
  return WeekSlots.fromTimesMap(weekTimesToMap(w), { strict: false });
}

/** The compact bytes of a WeekTimes when it carries them (for callers that key a cache on them). */
export function weekTimesBytes(w: availabilityV1.WeekTimes | undefined): Uint8Array | undefined {
  return parts(w).bytes;
}

const NOTHING = Buffer.alloc(0);

/** WeekSlots -> WeekTimes in the compact form (84 bytes instead of a label per quarter hour; nothing when empty). */
export function slotsToWeekTimes(slots: WeekSlots): availabilityV1.WeekTimes {
  return { days: {}, packed: NOTHING, form: { $case: 'slots', value: slots.isEmpty() ? NOTHING : Buffer.from(slots.toBytes()) } };
}

/** A times map as entered -> WeekTimes by labels, so the receiver validates it itself. */
export function mapToWeekTimes(map: TimesMap): availabilityV1.WeekTimes {
  const days: Labels = {};
  for (const [day, labels] of Object.entries(map)) days[Number(day)] = { labels: [...labels] };
  return { days: {}, packed: NOTHING, form: { $case: 'labels', value: { days } } };
}
