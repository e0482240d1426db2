import { describe, expect, it } from 'vitest';
import { deliver, mailEvent, waitFor } from './helpers.js';
import { address, mailsTo, newClass, pdfFile, send, sentMailsTo, setupSending } from './sending-fixture.js';

/**
 * docs/product/limits.md "Mails per recipient" for schedule sendings: an address that has had its mails for today
 * (default 10, not a confirmed account) is left out, and the answer counts and says it; mails queued faster than they
 * are delivered still stop at the limit, at the delivery.
 */

setupSending();

const LIMIT_TEXT = 'An diese Adresse wurden heute schon zu viele E-Mails geschickt.';

describe('POST /api/send-schedule-to-students: daily limit per recipient', () => {
  it('leaves out an address at its limit, counts it in the answer and says why; the others get the plan', async () => {
    const stranger = address('fremd');
    const anna = address('anna');
    for (let i = 0; i < 10; i++) await deliver(mailEvent({ to: stranger, subject: `Vorher ${i}`, text: 'x' }));
    const classId = newClass([
      { name: 'Fremde Adresse', email: stranger },
      { name: 'Anna A', email: anna },
    ]);
    const res = await send({ classId, file: pdfFile(), message: 'Plan' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      recipient_count: 1,
      skipped_count: 1,
      message: `Stundenplan an 1 Studierende gesendet. 1 Studierende*r bekommt heute keine E-Mail mehr: ${LIMIT_TEXT}`,
    });
    await sentMailsTo(anna, 1);
    expect((await mailsTo(stranger)).filter((m) => /Stundenplan/.test(m.subject))).toEqual([]);

    // Nobody left to mail: 429 in German with the seconds until the day ends.
    const only = newClass([{ name: 'Fremde Adresse', email: stranger }]);
    const refused = await send({ classId: only, file: pdfFile() });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('An die Adressen aller Studierenden wurden heute schon zu viele E-Mails geschickt. Bitte versuche es morgen noch einmal.');
    expect(refused.body.wait_time).toBeGreaterThan(0);
  });

  it('sendings in a row to an address that never signed up mail it 10 times, no more', { timeout: 120_000 }, async () => {
    const stranger = address('nie-registriert');
    const classId = newClass([{ name: 'Nie Registriert', email: stranger }]);
    const answers: Awaited<ReturnType<typeof send>>[] = [];
    // Faster than the delivery, in pairs: the answers cannot see every count yet; the delivery still keeps the limit.
    for (let i = 0; i < 14; i += 2)
      answers.push(...(await Promise.all([i, i + 1].map((v) => send({ classId, file: pdfFile(2000), message: `Version ${v}` })))));
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    const all = await waitFor(async () => {
      const m = await mailsTo(stranger);
      const queued = answers.filter((a) => a.status === 200).length;
      return m.length === queued && m.every((x) => x.status === 'sent' || x.status === 'limited') ? m : null;
    }, 60_000);
    expect(all.filter((m) => m.status === 'sent')).toHaveLength(10);
  });
});
