import type { FromTimesMapOptions, TimesMap, ToTimesMapOptions } from './times-map.js';
import { WeekSlots } from './week-slots.js';

/**
 * Validates (strict by default) and canonicalizes a times map: labels deduplicated, sorted and
 * spelled "9.00"; days without slots left out unless `allDays`.
 */
export function normalizeTimesMap(map: unknown, opts: FromTimesMapOptions & ToTimesMapOptions = {}): TimesMap {
  return WeekSlots.fromTimesMap(map, { strict: opts.strict }).toTimesMap({ allDays: opts.allDays });
}
