/**
 * The SPEC's wire shape of weekly times: day index "0".."6" (Monday = "0") -> slot labels.
 * Example: `{ "0": ["9.00", "9.15"], "2": ["14.30"] }`.
 */
export type TimesMap = Record<string, string[]>;

/** Options of `WeekSlots.fromTimesMap`. */
export interface FromTimesMapOptions {
  /**
   * true (default): throw a TimegridError with a German message for malformed input.
   * false: silently drop everything malformed and keep the rest.
   */
  strict?: boolean;
}

/** Options of `WeekSlots.toTimesMap`. */
export interface ToTimesMapOptions {
  /** true: all 7 keys, empty lists included (e.g. for save payloads). Default: only days with slots. */
  allDays?: boolean;
}
