import { randomUUID } from 'node:crypto';
import { forgetSharedMemoryStore, Topic, type EventEnvelope } from '@stundenplan/base';
import { describe, expect, it } from 'vitest';
import { memberTimes, n, sentClass, setupCalendar, TEACHER_EMAIL } from './calendar-fixture.js';
import { deliver, getJson, sleep, sql, waitFor, type MailJson } from './helpers.js';

/**
 * A student changes their own times after the plan was sent (times.changed.v1, docs/product/documents.md "Times
 * changed after sending"): the teacher gets one mail per student, class and day, however often the student saves,
 * and the student is told which lessons no longer fit. The mails are read from the dev mail store.
 */

setupCalendar();

const timesChanged = (userId: string): EventEnvelope<Topic.TimesChanged> => ({
  id: randomUUID(),
  topic: Topic.TimesChanged,
  key: userId,
  version: 1,
  occurredAt: new Date().toISOString(),
  payload: { kind: 'user', user_id: userId },
});

const mailsTo = async (to: string) => (await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`)).body;

describe('times changed after the plan was sent', () => {
  it('two saves mail the teacher once; the student learns which lesson no longer fits', async () => {
    const { className, people } = await sentClass('Cello', [
      { name: 'Anna Amsel', day: 1, labels: ['15.00', '15.15', '15.30'], times: { '1': ['15.00', '15.15', '15.30'], '3': ['10.00', '10.15'] } },
      { name: 'Ben Brahms', day: 3, labels: ['10.00', '10.15'], times: { '3': ['10.00', '10.15'] } },
    ]);
    const [anna, ben] = people;
    const teacherBefore = (await mailsTo(TEACHER_EMAIL)).length;

    // Anna no longer has Tuesday afternoons, and saves twice.
    memberTimes.set(anna!.memberId, { '3': ['10.00', '10.15', '10.30'] });
    await deliver(timesChanged(anna!.userId));
    await deliver(timesChanged(anna!.userId));

    const teacher = await waitFor(async () => {
      const m = (await mailsTo(TEACHER_EMAIL)).filter((x) => x.subject.includes(className));
      return m.length && m.every((x) => x.status === 'sent') ? m : null;
    });
    const [student] = await waitFor(async () => {
      const m = await mailsTo(anna!.email);
      const told = m.filter((x) => x.subject === `Deine Zeiten und deine Stunden in „${className}“`);
      return told.length && told.every((x) => x.status === 'sent') ? told : null;
    });
    await sleep(300); // a second mail would be queued by now
    expect((await mailsTo(TEACHER_EMAIL)).filter((x) => x.subject.includes(className))).toHaveLength(1);
    expect((await mailsTo(TEACHER_EMAIL)).length).toBe(teacherBefore + 1);
    expect(teacher[0]!.subject).toBe(`Anna Amsel hat die Zeiten geändert: „${className}“`);
    expect(teacher[0]!.text).toContain(`Anna Amsel hat nach dem Versand des Stundenplans für „${className}“ die eigenen Zeiten geändert.`);
    expect(teacher[0]!.text).toContain('Diese Stunden passen nicht mehr zu den neuen Zeiten:\n- Dienstag, 15:00–15:45\n');

    expect(student!.text).toContain(`Diese Stunde aus dem Stundenplan für „${className}“ passt nicht mehr dazu:\n- Dienstag, 15:00–15:45\n`);
    expect(student!.text).toContain('sag die Stunde unter „Meine Kurse“ ab: http://localhost:8080/student/classes');
    expect((await mailsTo(anna!.email)).filter((x) => x.subject.startsWith('Deine Zeiten'))).toHaveLength(1);

    // Kept in the database, not in the memory store: with that emptied the same day still sends no second one.
    forgetSharedMemoryStore();
    await deliver(timesChanged(anna!.userId));
    await sleep(300);
    expect((await mailsTo(TEACHER_EMAIL)).filter((x) => x.subject.includes(className))).toHaveLength(1);
    const [row] = await sql<{ n: string }>(`SELECT count(*) AS n FROM "${n.schema}".times_change_notices WHERE member_id = $1`, [anna!.memberId]);
    expect(Number(row!.n)).toBe(2);

    // Ben's lesson still fits: the teacher hears of it, Ben gets no mail about it.
    memberTimes.set(ben!.memberId, { '3': ['9.30', '9.45', '10.00', '10.15'] });
    await deliver(timesChanged(ben!.userId));
    const forBen = await waitFor(async () => (await mailsTo(TEACHER_EMAIL)).find((x) => x.subject.startsWith('Ben Brahms hat die Zeiten geändert')) ?? null);
    expect(forBen.text).toContain('Alle Stunden passen weiterhin zu den neuen Zeiten.');
    expect((await mailsTo(ben!.email)).filter((x) => x.subject.startsWith('Deine Zeiten'))).toHaveLength(0);
  });

  it('a student without a lesson in the sent plan, or a teacher changing times, mails nobody', async () => {
    const { people } = await sentClass('Bratsche', [{ name: 'Cem Czerny', day: 0, labels: ['9.00'], times: { '0': ['9.00'] } }]);
    const before = (await mailsTo(TEACHER_EMAIL)).length;
    await deliver(timesChanged(randomUUID()));
    await deliver({ ...timesChanged(people[0]!.userId), payload: { kind: 'member', class_id: randomUUID(), member_id: people[0]!.memberId } });
    await sleep(300);
    expect((await mailsTo(TEACHER_EMAIL)).length).toBe(before);
  });
});
