/**
 * The planner's working form (docs/product/data.md "Schedule"): day name -> time string -> member_id, '' = free.
 * Decision: every day Montag..Sonntag and every quarter hour "00:00".."23:45" is present, so the
 * web never has to guess whether a missing key means free; occupied slots carry the member_id.
 */
import { dayName, DAYS, SLOTS_PER_DAY, durationToSlots, slotToClock, tryLabelToSlot } from '@stundenplan/timegrid';
import type { PlanPlacement, Week } from './solver-port.js';

export type WorkingTimetable = Record<string, Record<string, string>>;

export interface PlacementView {
  member_id: string;
  name: string;
  day: number;
  day_name: string;
  /** Slot labels as in the saved form: start, and the first slot after the lesson. */
  start: string;
  end: string;
  /** "HH:MM" of start and end. */
  start_time: string;
  end_time: string;
  /** Start slot and exclusive end slot (docs/product/data.md "Student entry in the planner"). */
  set_time_from_to: [number, number];
  duration: number;
  pinned: boolean;
  /** 'A' or 'B' for a biweekly student's lesson (in that week only); null for a weekly one. */
  week: Week | null;
  /** The lesson's room (a class with a school only). */
  room?: { id: string; name: string; site_id: string; site_name: string };
}

export function emptyTimetable(): WorkingTimetable {
  const out: WorkingTimetable = {};
  for (let day = 0; day < DAYS; day++) {
    const slots: Record<string, string> = {};
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) slots[slotToClock(slot)] = '';
    out[dayName(day)] = slots;
  }
  return out;
}

/** Label of a slot boundary: 39 -> "9.45"; 96 -> "24.00" (end of day). */
function boundaryLabel(slot: number): string {
  return `${Math.floor(slot / 4)}.${String((slot % 4) * 15).padStart(2, '0')}`;
}

export interface MemberInfo {
  name: string;
  duration: number;
}

/** Engine placements -> views with slot indexes; placements the service cannot read are skipped. */
export function toPlacementViews(placements: PlanPlacement[], members: ReadonlyMap<string, MemberInfo>, pinned: ReadonlySet<string>): PlacementView[] {
  const views: PlacementView[] = [];
  for (const p of placements) {
    const member = members.get(p.member_id);
    const start = tryLabelToSlot(p.start);
    if (!member || start === undefined || !Number.isInteger(p.day) || p.day < 0 || p.day >= DAYS) continue;
    const endFromEngine = p.end === '24.00' ? SLOTS_PER_DAY : tryLabelToSlot(p.end);
    const end = endFromEngine !== undefined && endFromEngine > start ? endFromEngine : Math.min(SLOTS_PER_DAY, start + durationToSlots(member.duration));
    views.push({
      member_id: p.member_id,
      name: member.name,
      day: p.day,
      day_name: dayName(p.day),
      start: boundaryLabel(start),
      end: boundaryLabel(end),
      start_time: slotToClock(start),
      end_time: slotToClock(end),
      set_time_from_to: [start, end],
      duration: member.duration,
      pinned: pinned.has(p.member_id),
      week: p.week === 'A' || p.week === 'B' ? p.week : null,
    });
  }
  return views.sort((a, b) => a.day - b.day || a.set_time_from_to[0] - b.set_time_from_to[0] || weekRank(a.week) - weekRank(b.week));
}

const weekRank = (week: Week | null) => (week === 'B' ? 2 : week === 'A' ? 1 : 0);

/**
 * The working form holds one member per quarter hour: where two biweekly lessons share one, it shows the
 * week-A lesson (the placements carry both, each with its week).
 */
export function timetableFrom(views: PlacementView[]): WorkingTimetable {
  const t = emptyTimetable();
  for (const v of [...views].sort((a, b) => weekRank(b.week) - weekRank(a.week))) {
    const day = t[v.day_name];
    if (!day) continue;
    for (let slot = v.set_time_from_to[0]; slot < v.set_time_from_to[1]; slot++) day[slotToClock(slot)] = v.member_id;
  }
  return t;
}
