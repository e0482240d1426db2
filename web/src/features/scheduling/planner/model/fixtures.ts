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
