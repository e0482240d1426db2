import { Topic, type UserRegisteredPayload } from '@stundenplan/base';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startHarness, type Actor, type Harness } from './helpers.js';

/** Shared set-up of the student directory and membership tests: one harness, a fresh teacher per test, a student. */
export let h: Harness;
export let teacher: Actor;
export let student: Actor;

/** user.registered.v1 as the auth service publishes it; what a test leaves out is null. */
export const registered = (p: Pick<UserRegisteredPayload, 'user_id' | 'name' | 'email' | 'role_id'> & Partial<UserRegisteredPayload>) =>
  h.publish(Topic.UserRegistered, {
    duration: null,
    institution_id: null,
    institution_name: null,
    register_shortcut: null,
    member_id: null,
    class_id: null,
    ...p,
  });
export const membersOf = (classId: string) =>
  h.sql('SELECT member_id, user_id, student_id, name, email, duration FROM members WHERE class_id = $1 ORDER BY created_at', [classId]);

/** Registers the set-up and clean-up hooks; call once at the top of a test file. */
export function useStudentsHarness(): void {
  beforeAll(async () => {
    h = await startHarness();
    student = await h.student();
  });
  afterAll(async () => h?.stop());
  beforeEach(async () => {
    teacher = await h.teacher({ name: 'Johann Bach', institution: { id: 'inst-1', name: 'HMTM' } });
  });
}
