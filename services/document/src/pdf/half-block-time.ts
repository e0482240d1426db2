/** The time text of a half-width (A/B) block of the timetable: measured so that it is never cut. */
import { clockTextEm, PT_PER_MM } from './text-measure.js';

const f = (n: number) => Number(n.toFixed(3));

/** Smallest time text in a half-width (A/B) block, in pt; below it the time is split or shortened. */
export const HALF_TIME_MIN_PT = 7;

/** Text width inside a half-width block of a day column `columnWidth` mm wide (margins, border, padding off). */
export const halfBlockInnerWidth = (columnWidth: number) => columnWidth / 2 - 0.8 - 0.8 - 1;

export interface HalfBlockTime {
  /** The lines of the time text: the whole lesson, the lesson on two lines, or its start only. */
  lines: string[];
  fontPt: number;
}

/**
 * The time text of a half-width block so that it is never cut: "09:00–10:00" on one line when it fits at
 * HALF_TIME_MIN_PT or more, else "09:00–" / "10:00" on two lines when `maxLines` allows, else the start "09:00"
 * (the list beside or after the grid has the whole lesson).
 */
export function halfBlockTime(timeText: string, innerWidth: number, preferredPt: number, maxLines: number): HalfBlockTime {
  const widthPt = innerWidth * PT_PER_MM;
  // Rounded down to 0.01 pt so the written size never exceeds the room.
  const fit = (text: string) => Math.floor((widthPt / clockTextEm(text)) * 100) / 100;
  const fitOne = fit(timeText);
  if (fitOne >= HALF_TIME_MIN_PT || fitOne >= preferredPt) return { lines: [timeText], fontPt: f(Math.min(preferredPt, fitOne)) };
  const [from = timeText, to] = timeText.split('–');
  if (maxLines >= 2 && to !== undefined) return { lines: [`${from}–`, to], fontPt: f(Math.min(preferredPt, fit(`${from}–`))) };
  return { lines: [from], fontPt: f(Math.max(4, Math.min(preferredPt, fit(from)))) };
}
