import { describe, expect, it } from 'vitest';
import { address, mailEventCount, n, newClass, pdfFile, sendingsOf, setupSending, teacherCookie } from './sending-fixture.js';

/**
 * POST /api/send-schedule-to-students checked against its contract (packages/contracts notification.ts): a form
 * the contract refuses gets the German text of its first wrong field (docs/product/documents.md "Sending schedules"),
 * and nothing is sent.
 */

setupSending();

type Part = [name: string, value: string | Buffer];

async function post(parts: Part[]): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'application/pdf' }), 'stundenplan.pdf');
  }
  const res = await fetch(`${n.base}/api/send-schedule-to-students`, { method: 'POST', body: form, headers: { Cookie: teacherCookie } });
  return { status: res.status, body: await res.json() };
}

describe('POST /api/send-schedule-to-students: a form the contract refuses', () => {
  it.each<[string, (classId: string) => Part[], string]>([
    [
      'a class sent twice',
      (c) => [
        ['class_id', c],
        ['class_id', c],
        ['pdf', pdfFile()],
      ],
      'Keine Klasse ausgewählt',
    ],
    [
      'the PDF as a text field',
      (c) => [
        ['class_id', c],
        ['pdf', '%PDF-1.7 als Text'],
      ],
      'Keine PDF-Datei erhalten.',
    ],
    ['no class and no PDF', () => [['schedule_name', 'Plan']], 'Keine Klasse ausgewählt'],
    [
      'a schedule name sent twice',
      (c) => [
        ['class_id', c],
        ['pdf', pdfFile()],
        ['schedule_name', 'A'],
        ['schedule_name', 'B'],
      ],
      'Ungültiger Upload',
    ],
    [
      'a message sent twice',
      (c) => [
        ['class_id', c],
        ['pdf', pdfFile()],
        ['message', 'A'],
        ['message', 'B'],
      ],
      'Ungültiger Upload',
    ],
    [
      'an end date sent twice',
      (c) => [
        ['class_id', c],
        ['pdf', pdfFile()],
        ['until', '2099-01-01'],
        ['until', '2099-01-02'],
      ],
      'Das Enddatum muss ein gültiges Datum im Format JJJJ-MM-TT sein.',
    ],
    [
      'an end date that is no date',
      (c) => [
        ['class_id', c],
        ['pdf', pdfFile()],
        ['until', 'morgen'],
      ],
      'Das Enddatum muss ein gültiges Datum im Format JJJJ-MM-TT sein.',
    ],
    [
      'a text field over 64 KB',
      (c) => [
        ['class_id', c],
        ['pdf', pdfFile()],
        ['message', 'x'.repeat(70 * 1024)],
      ],
      'Ungültiger Upload',
    ],
    [
      'a control character in a field',
      (c) => [
        ['class_id', c],
        ['pdf', pdfFile()],
        ['schedule_name', 'Plan\u0007'],
      ],
      'Ungültige Zeichen in der Anfrage.',
    ],
  ])('refuses %s with 400 and its German detail, sending nothing', async (_what, parts, detail) => {
    const classId = newClass([{ name: 'Lili Boulanger', email: address('lili') }]);
    const before = await mailEventCount();
    expect(await post(parts(classId))).toEqual({ status: 400, body: { detail } });
    expect(await mailEventCount()).toBe(before);
    expect(await sendingsOf(classId)).toEqual([]);
  });

  it('takes a form of the contract: the PDF, the class, a name, a message and an end date', async () => {
    const classId = newClass([{ name: 'Nadia Boulanger', email: address('nadia') }]);
    const res = await post([
      ['class_id', classId],
      ['pdf', pdfFile()],
      ['schedule_name', 'Sommerplan'],
      ['message', 'Bis bald!'],
    ]);
    expect(res).toEqual({ status: 200, body: { recipient_count: 1, message: 'Stundenplan an 1 Studierende gesendet.' } });
  });
});
