// Shared fixtures of the class page tests.
import { getToasts } from '../../shared/toast/toast-store';
import type { MockRoute } from '../../test/fetch-mock';
import type { ClassDto, MemberDto } from './classes-api';

export const CLASS_A_ID = '3f2b8c1e-1d2a-4c3b-8a9f-0123456789ab';
export const CLASS_B_ID = '7a1c2d3e-4f50-4a6b-9c7d-8e9f0a1b2c3d';
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const CLASS_A: ClassDto = {
  class_id: CLASS_A_ID,
  name: 'Klavier Hauptfach',
  description: 'Sommersemester',
  is_group: false,
  member_count: 3,
  register_shortcut: 'apfel-birne-kirsche',
  teacher_id: 't1',
};

export const CLASS_B: ClassDto = {
  class_id: CLASS_B_ID,
  name: 'Gesang',
  description: null,
  is_group: false,
  register_shortcut: 'tisch-lampe-wolke',
  teacher_id: 't1',
};

/** Unregistered, with e-mail; 1:30 h of teacher-entered times. */
export const ANNA: MemberDto = {
  member_id: 'a0000000-0000-4000-8000-000000000001',
  user_id: null,
  student_id: null,
  name: 'Anna Berg',
  email: 'anna.berg@web.de',
  duration: 30,
  available_times: { '0': ['9.00', '9.15', '9.30', '9.45', '10.00', '10.15'] },
  available_times_user_input: {},
  available_times_user_input_last_modified: null,
};

/** Registered and verified, own times entered just now. */
export const BEN: MemberDto = {
  member_id: 'b0000000-0000-4000-8000-000000000002',
  user_id: 'u-ben',
  student_id: 'u-ben',
  name: 'Ben Kurz',
  email: 'ben.kurz@stud.hmtm.de',
  duration: 45,
  available_times: {},
  available_times_user_input: { '1': ['14.00', '14.15', '14.30', '14.45', '15.00', '15.15', '15.30', '15.45'] },
  available_times_user_input_last_modified: new Date().toISOString(),
};

/** Unregistered, without e-mail. */
export const CEM: MemberDto = {
  member_id: 'c0000000-0000-4000-8000-000000000003',
  user_id: null,
  student_id: null,
  name: 'Cem Ay',
  email: null,
  duration: 60,
  available_times: {},
  available_times_user_input: {},
  available_times_user_input_last_modified: null,
};

export const classesRoute = (classes: ClassDto[] = [CLASS_A, CLASS_B]): MockRoute => ({
  method: 'GET',
  path: '/api/me/classes',
  reply: { body: { classes } },
});

export const membersRoute = (members: MemberDto[] = [ANNA, BEN, CEM], classId = CLASS_A_ID): MockRoute => ({
  method: 'GET',
  path: `/api/classes/${classId}/members`,
  reply: { body: { members } },
});

export const noLinksRoute: MockRoute = { method: 'POST', path: '/api/check-student-exists', reply: { body: { existing_students: {} } } };

export const toastMessages = () => getToasts().map((t) => t.message);
export const toastsOf = (kind: 'success' | 'error' | 'info') =>
  getToasts()
    .filter((t) => t.kind === kind)
    .map((t) => t.message);
