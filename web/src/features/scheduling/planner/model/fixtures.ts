// Test fixtures shared by the planner's tests.
import type { PlannerMember } from './types';

export const ANNA: PlannerMember = {
  member_id: 'm-anna',
  user_id: 'u-anna',
  name: 'Anna Müller',
  email: 'anna@stud.hmtm.de',
  duration: 30,
  available_times: { '0': ['9.00', '9.15', '9.30', '9.45'] },
  available_times_user_input: { '0': ['10.00', '10.15', '10.30', '10.45'], '2': ['14.00', '14.15'] },
};

export const BEN: PlannerMember = {
  member_id: 'm-ben',
  user_id: null,
  name: 'Ben Schröder',
  email: null,
  duration: 45,
  available_times: { '0': ['9.00', '9.15', '9.30', '9.45', '10.00'], '1': ['8.00', '8.15', '8.30'] },
  available_times_user_input: {},
};

export const CARLA: PlannerMember = {
  member_id: 'm-carla',
  user_id: 'u-carla',
  name: 'Carla',
  email: 'carla@stud.hmtm.de',
  duration: 60,
  available_times: {},
  available_times_user_input: {},
};

export const MEMBERS: PlannerMember[] = [ANNA, BEN, CARLA];

const label = (slot: number) => `${Math.floor(slot / 4)}.${String((slot % 4) * 15).padStart(2, '0')}`;

/** A placement of the calculation answer, complete as its contract (packages/contracts scheduling.placement) gives it. */
export const placementView = (member_id: string, day: number, from: number, to: number, pinned = false) => ({
  member_id,
  name: member_id,
  day,
  day_name: 'Montag',
  start: label(from),
  end: label(to),
  start_time: '',
  end_time: '',
  set_time_from_to: [from, to] as [number, number],
  duration: (to - from) * 15,
  pinned,
  week: null as 'A' | 'B' | null,
});

export const SUMMARY = { placed: 0, preferred_placed: 0, idle_minutes: 0, moved: 0, proven: true, preferred_member_ids: [], moved_member_ids: [] };

/** A calculation answer in the contract's shape; `extra` overrides its fields. */
export const calcAnswer = (placements: ReturnType<typeof placementView>[], extra: Record<string, unknown> = {}) => ({
  timetable: {},
  placements,
  unscheduled_students: [],
  skipped_students: [],
  stats: {},
  summary: { ...SUMMARY, placed: placements.length },
  status: 'OPTIMAL',
  name: 'Berechneter Plan 22.11.2025',
  run_id: 'run-1',
  ...extra,
});
