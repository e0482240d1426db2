// Fixes per unplaced student (issue 27, item 1): every listed fix, applied to the problem, lets a
// recalculation place one more student; kinds that cannot help are left out.
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../check/plan-check.js';
import { solveProblem } from '../solve.js';
import { problem, range, student } from '../check/test-problems.js';
import type { Fix, Plan, Problem, ProblemStudent } from '../types.js';

type Spans = Record<number, [string, string][]>;

async function solve(p: Problem): Promise<Plan> {
  const plan = await solveProblem(p, { timeLimitSec: 20, fixes: true });
  expect(checkPlan(p, plan).errors).toEqual([]);
  expect(plan.fixes_incomplete).toEqual([]);
  return plan;
}

/** The problem with the fix applied, as the planner would apply it. */
function applyFix(p: Problem, memberId: string, fix: Fix): Problem {
  const add = (times: Record<string, string[]>, day: number, start: string, end: string) => ({
    ...times,
    [day]: [...(times[day] ?? []), ...range(start, end)],
  });
  switch (fix.kind) {
    case 'teacher_time':
      return { ...p, teacherTimes: add(p.teacherTimes, fix.day, fix.start, fix.end) };
    case 'student_time':
      return {
        ...p,
        students: p.students.map((s) => (s.member_id === memberId ? { ...s, available_times: add(s.available_times, fix.day, fix.start, fix.end) } : s)),
      };
    case 'shorter':
      return { ...p, students: p.students.map((s) => (s.member_id === memberId ? { ...s, duration: fix.duration } : s)) };
    case 'move_other':
      return { ...p, pinned: [...(p.pinned ?? []).filter((x) => x.member_id !== fix.member_id), { member_id: fix.member_id, ...fix.to }] };
  }
}

/** Every fix of every unplaced student places one more student when applied. */
async function expectFixesWork(p: Problem, plan: Plan): Promise<void> {
  for (const [id, fixes] of Object.entries(plan.fixes ?? {}))
    for (const fix of fixes) {
      const again = await solveProblem(applyFix(p, id, fix), { timeLimitSec: 20 });
      expect(again.stats.placed, `${id} ${JSON.stringify(fix)}`).toBeGreaterThanOrEqual(plan.stats.placed + 1);
    }
}

const kinds = (plan: Plan, id: string) => (plan.fixes?.[id] ?? []).map((f) => f.kind);
const s = (id: string, duration: number, times: Spans): ProblemStudent => student(id, id.toUpperCase(), duration, times);

describe('fixes per unplaced student', () => {
  it('teacher free Mo 9-10, A free 9-11, B free 9-10: the other one gets teacher_time Mo 10:00-11:00', async () => {
    const p = problem({ 0: [['9.00', '10.00']] }, [s('a', 60, { 0: [['9.00', '11.00']] }), s('b', 60, { 0: [['9.00', '10.00']] })], { wiggleRoom: 1 });
    const plan = await solve(p);
    expect(plan.stats.placed).toBe(1);
    const other = plan.unscheduled_students[0]!;
    expect(plan.fixes?.[other]).toContainEqual({ kind: 'teacher_time', day: 0, start: '10.00', end: '11.00' });
    const again = await solveProblem(applyFix(p, other, { kind: 'teacher_time', day: 0, start: '10.00', end: '11.00' }), { timeLimitSec: 20 });
    expect(again.stats.placed).toBe(2);
    await expectFixesWork(p, plan);
  });

  it('gives a student without any times student_time fixes only', async () => {
    const p = problem({ 0: [['9.00', '11.00']] }, [s('a', 60, { 0: [['9.00', '10.00']] }), s('n', 45, {})]);
    const plan = await solve(p);
    expect(plan.skipped_students).toEqual(['n']);
    // The free hour is 10-11; 45 minutes right after a's lesson add no idle time.
    expect(plan.fixes?.n).toEqual([{ kind: 'student_time', day: 0, start: '10.00', end: '10.45' }]);
    await expectFixesWork(p, plan);
  });

  it('names the other lesson whose move frees a window (a locked one)', async () => {
    // o is locked at 9.30-10.30; u needs an hour inside 9-11: moving o to 10-11 (or 9-10) frees one.
    const p = problem({ 0: [['9.00', '11.00']] }, [s('o', 60, { 0: [['9.00', '11.00']] }), s('u', 60, { 0: [['9.00', '11.00']] })], {
      wiggleRoom: 1,
      pinned: [{ member_id: 'o', day: 0, start: '9.30' }],
    });
    const plan = await solve(p);
    expect(plan.unscheduled_students).toEqual(['u']);
    expect(plan.fixes?.u).toContainEqual({ kind: 'move_other', member_id: 'o', name: 'O', to: { day: 0, start: '9.00', week: null } });
    expect(plan.fixes?.u).toContainEqual({ kind: 'shorter', duration: 30 });
    expect(kinds(plan, 'u')).not.toContain('teacher_time');
    await expectFixesWork(p, plan);
  });

  it('offers the longest shorter duration that fits, and student_time inside the teacher times', async () => {
    // a holds 9-10; u (60 min, free 9.00-10.30) fits with 30 minutes at 10-10.30, or with 10.30-11
    // added to its times; more teacher time does not help (u's times lie inside the teacher's).
    const p = problem({ 0: [['9.00', '11.00']] }, [s('a', 60, { 0: [['9.00', '10.00']] }), s('u', 60, { 0: [['9.00', '10.30']] })], { wiggleRoom: 1 });
    const plan = await solve(p);
    expect(plan.unscheduled_students).toEqual(['u']);
    expect(plan.fixes?.u).toEqual([
      { kind: 'student_time', day: 0, start: '10.30', end: '11.00' },
      { kind: 'shorter', duration: 30 },
    ]);
    await expectFixesWork(p, plan);
  });

  it('answers an empty list when no single change helps', async () => {
    // Teacher 9-10 is full with a; u (free only 9-10) can neither get a shorter lesson nor more time
    // of its own inside the teacher's, and more teacher time does not free 9-10.
    const p = problem({ 0: [['9.00', '10.00']] }, [s('a', 60, { 0: [['9.00', '10.00']] }), s('u', 60, { 0: [['9.00', '10.00']] })], { wiggleRoom: 1 });
    const plan = await solve(p);
    const other = plan.unscheduled_students[0]!;
    expect(plan.fixes?.[other]).toEqual([]);
  });

  it('keeps the weeks of biweekly students: two share a slot, the third gets more teacher time', async () => {
    const mo = { 0: [['9.00', '10.00']] as [string, string][] };
    const bw = (x: ProblemStudent): ProblemStudent => ({ ...x, frequency: 'biweekly' });
    const p = problem(mo, [bw(s('a', 60, { 0: [['9.00', '11.00']] })), bw(s('b', 60, mo)), bw(s('c', 60, mo))], { wiggleRoom: 1 });
    const plan = await solve(p);
    expect(plan.stats.placed).toBe(2);
    const other = plan.unscheduled_students[0]!;
    expect(plan.fixes?.[other]).toContainEqual({ kind: 'teacher_time', day: 0, start: '10.00', end: '11.00' });
    await expectFixesWork(p, plan);
  });
});
