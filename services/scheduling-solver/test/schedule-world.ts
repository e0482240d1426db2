import { afterAll, beforeAll } from 'vitest';
import { labels, lesson, member, startHarness, week, type Harness, type StubClass, type StubMember } from './helpers.js';

/** The world of the saved-schedule tests: Anna and Ben in a class of the teacher (Monday 9-12), and another teacher's class. */
export interface ScheduleWorld {
  h: Harness;
  cls: StubClass;
  anna: StubMember;
  ben: StubMember;
  otherCls: StubClass;
}

export async function startScheduleWorld(): Promise<ScheduleWorld> {
  const h = await startHarness();
  const anna = member('Anna Müller', 45, { '0': labels('9.00', '12.00') });
  const ben = member('Ben Schulz', 30, { '0': labels('9.00', '12.00') });
  const cls = h.world.addClass(h.teacherId, [anna, ben], { '0': labels('9.00', '12.00') });
  const otherCls = h.world.addClass(h.otherTeacherId, [member('Cara', 30, {})]);
  return { h, cls, anna, ben, otherCls };
}

/** The world of one test file: started before its tests and stopped after them (its fields are there once beforeAll ran). */
export function useScheduleWorld(): ScheduleWorld {
  const w = {} as ScheduleWorld;
  beforeAll(async () => {
    Object.assign(w, await startScheduleWorld());
  });
  afterAll(async () => {
    await w.h?.stop();
  });
  return w;
}

/** A saved form with Anna on Monday 9.00 (45 min) and Ben at 10.00 (30 min). */
export function twoLessons(anna: StubMember, ben: StubMember): ReturnType<typeof week> {
  return week({ '0': [...lesson(anna.memberId, '9.00', 45), ...lesson(ben.memberId, '10.00', 30)] });
}
