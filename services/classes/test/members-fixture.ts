import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startHarness, type Actor, type Harness } from './helpers.js';

/** Shared set-up of the member tests: one harness, a fresh teacher per test, another teacher and a student. */
export let h: Harness;
export let teacher: Actor;
export let otherTeacher: Actor;
export let student: Actor;

export const DURATION_MSG = 'Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)';

/** Registers the set-up and clean-up hooks; call once at the top of a test file. */
export function useMembersHarness(): void {
  beforeAll(async () => {
    h = await startHarness();
    otherTeacher = await h.teacher();
    student = await h.student();
  });
  // A fresh teacher per test keeps every test far from the 20-class limit.
  beforeEach(async () => {
    teacher = await h.teacher({ name: 'Clara Schumann' });
  });
  afterAll(async () => h?.stop());
}
