// The layout of the 'Raumbelegung' grid: slot labels as minutes, the hours the day's bookings cover, and side by
// side lanes for bookings of one room that overlap (week A and week B of two-week plans).
import type { RoomBooking } from './school-api';

/** "9.00" -> 540, "24.00" -> 1440; NaN for anything else. */
export function labelMinutes(label: string): number {
  const m = /^(\d{1,2})\.(\d{2})$/.exec(label);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** Whole hours from the earliest start to the latest end of the bookings. */
export function hourRange(bookings: readonly RoomBooking[]): { from: number; to: number } {
  const starts = bookings.map((b) => labelMinutes(b.start)).filter(Number.isFinite);
  const ends = bookings.map((b) => labelMinutes(b.end)).filter(Number.isFinite);
  if (starts.length === 0 || ends.length === 0) return { from: 8, to: 18 };
  return { from: Math.floor(Math.min(...starts) / 60), to: Math.max(Math.ceil(Math.max(...ends) / 60), Math.floor(Math.min(...starts) / 60) + 1) };
}

export interface PlacedBooking {
  booking: RoomBooking;
  start: number;
  end: number;
  lane: number;
}

/** One room's bookings with a lane each (0 for the first that fits) and how many lanes the room needs. */
export function placeInLanes(bookings: readonly RoomBooking[]): { placed: PlacedBooking[]; lanes: number } {
  const sorted = bookings
    .map((booking) => ({ booking, start: labelMinutes(booking.start), end: labelMinutes(booking.end) }))
    .filter((b) => Number.isFinite(b.start) && Number.isFinite(b.end))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const laneEnds: number[] = [];
  const placed = sorted.map((b) => {
    let lane = laneEnds.findIndex((end) => end <= b.start);
    if (lane === -1) lane = laneEnds.push(b.end) - 1;
    else laneEnds[lane] = b.end;
    return { ...b, lane };
  });
  return { placed, lanes: Math.max(1, laneEnds.length) };
}

/** The day of the week in Europe/Berlin, 0 = Monday. */
export function todayIndex(now = new Date()): number {
  const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'Europe/Berlin' }).format(now);
  const index = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short);
  return index === -1 ? 0 : index;
}
