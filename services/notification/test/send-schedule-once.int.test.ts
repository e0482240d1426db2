import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  address,
  eventsTo,
  expectBudgetRefused,
  issuer,
  newClass,
  pdfFile,
  restartNotification,
  send,
  sendingsOf,
  sentMailsTo,
  setupSending,
} from './sending-fixture.js';

/**
 * A sending survives what a teacher or a restart does to it: the daily mail budget is still counted
 * after the service restarts (embedded mode: memory store), and a double click on "Senden" mails once.
 */

setupSending();

describe('POST /api/send-schedule-to-students: budget and repeats', () => {
  it('the daily mail budget is still counted after a restart (memory store)', async () => {
    const teacher = randomUUID();
    const cookie = await issuer.cookie({ userId: teacher, role: 'teacher', email: 'neustart@hmtm.de', name: 'Neustart Lehrkraft' });
    await restartNotification({ MAIL_BUDGET_PER_DAY: '3' });
    const two = newClass(
      [
        { name: 'Ada A', email: address('ada') },
        { name: 'Bea B', email: address('bea') },
      ],
      { teacherId: teacher },
    );
    expect((await send({ classId: two, file: pdfFile() }, cookie)).status).toBe(200);
    await restartNotification({ MAIL_BUDGET_PER_DAY: '3' });
    await expectBudgetRefused(two, cookie, 3);
  });

  it('a double click mails once: parallel identical requests get the same answer, one sending, one mail each', async () => {
    // The service counts 3 recipients per day since the test above; two fit, a second sending would not.
    const teacher = randomUUID();
    const cookie = await issuer.cookie({ userId: teacher, role: 'teacher', email: 'doppelklick@hmtm.de', name: 'Doppel Klick' });
    const [ada, bea] = [address('ada'), address('bea')];
    const classId = newClass(
      [
        { name: 'Ada A', email: ada },
        { name: 'Bea B', email: bea },
      ],
      { teacherId: teacher },
    );
    const form = { classId, file: pdfFile(), scheduleName: 'Wintersemester', message: 'Bis bald!' };
    const answers = await Promise.all([send(form, cookie), send(form, cookie), send(form, cookie)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual({ recipient_count: 2, message: 'Stundenplan an 2 Studierende gesendet.' });
    // Once more a moment later (a retry after a timeout): the same answer, still one sending.
    expect((await send(form, cookie)).body).toEqual(answers[0]!.body);
    expect(await sendingsOf(classId)).toHaveLength(1);
    expect(await eventsTo(ada)).toHaveLength(1);
    expect(await eventsTo(bea)).toHaveLength(1);
    await sentMailsTo(ada, 1);
    // Another PDF is another sending (and the budget of 3 recipients has no room for it).
    await expectBudgetRefused(classId, cookie, 3);
  });
});
