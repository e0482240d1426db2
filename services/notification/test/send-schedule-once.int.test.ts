import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { address, expectBudgetRefused, issuer, newClass, pdfFile, restartNotification, send, setupSending } from './sending-fixture.js';

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
});
