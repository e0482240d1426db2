import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classes, n, newClass, person, setupCalendar, slot, teacherCookie } from './calendar-fixture.js';
import { getJson, postJson, sql, waitFor, type MailJson } from './helpers.js';
import { pdfFile } from './sending-fixture.js';

/**
 * The schedule mail says each student's own place in the plan and links to 'Meine Kurse'; a later sending to
 * `recipients=changed` mails only the students whose lessons changed (docs/product/documents.md "Sending
 * schedules"). The mails are read from the dev mail store; neighbours are tiny real gRPC servers (calendar-fixture.ts).
 */

setupCalendar();

async function sendTo(classId: string, recipients?: 'changed' | 'all') {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdfFile(100))], { type: 'application/pdf' }), 'stundenplan.pdf');
  form.append('class_id', classId);
  form.append('schedule_name', `Plan ${randomUUID().slice(0, 6)}`);
  if (recipients) form.append('recipients', recipients);
  const res = await fetch(`${n.base}/api/send-schedule-to-students`, { method: 'POST', body: form, headers: { Cookie: teacherCookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Waits until `count` mails to `to` are in the dev mail store (sent), newest first. */
async function mailsTo(to: string, count: number): Promise<MailJson[]> {
  return waitFor(async () => {
    const { body } = await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`);
    return body.length === count && body.every((m) => m.status === 'sent') ? body : null;
  });
}

const week = (labels: string[], memberId: string, w: 'A' | 'B') => labels.map((l): [string, string, 'A' | 'B'] => [l, memberId, w]);

describe('schedule mails: each student’s own lessons', () => {
  it('names a placed student’s lesson times (a biweekly one with its weeks), tells an unplaced one plainly and links to „Meine Kurse“', async () => {
    const anna = person('Anna Amsel');
    const ben = { ...person('Ben Brahms'), frequency: 'biweekly' as const };
    const cem = person('Cem Czerny');
    const classId = newClass(
      {
        '1': slot(['15.00', '15.15', '15.30'], anna.memberId),
        '3': [...week(['16.00', '16.15'], ben.memberId, 'A'), ...week(['17.00', '17.15'], ben.memberId, 'B')],
      },
      [anna, ben, cem],
    );
    expect(await sendTo(classId)).toMatchObject({ status: 200, body: { recipient_count: 3 } });

    const [toAnna] = await mailsTo(anna.email, 1);
    expect(toAnna!.text).toContain('\nDeine Stunde: Dienstag, 15:00–15:45\n');
    expect(toAnna!.text).not.toContain('Steht dein Name nicht im Plan');
    expect(toAnna!.text).toContain('Deine Termine, Absagen und Tauschmöglichkeiten findest du unter „Meine Kurse“: http://localhost:8080/student/classes');

    const [toBen] = await mailsTo(ben.email, 1);
    expect(toBen!.text).toContain('\nDeine Stunden:\n- Donnerstag, 16:00–16:30 (14-täglich, A-Woche)\n- Donnerstag, 17:00–17:30 (14-täglich, B-Woche)\n');

    const [toCem] = await mailsTo(cem.email, 1);
    expect(toCem!.text).toContain('\nFür dich wurde in diesem Plan noch kein Termin gefunden. Clara Schumann meldet sich bei dir.\n');
    expect(toCem!.text).not.toContain('Deine Stunde');
    expect(toCem!.text).toContain('„Meine Kurse“: http://localhost:8080/student/classes');
  });
});

describe('the plan as sent goes to the lessons service', () => {
  it('writes one schedule.sent.v1 with each member’s lessons, the series and who was told, with the sending', async () => {
    const anna = person('Anna Amsel');
    const cem = person('Cem Czerny');
    const classId = newClass({ '1': slot(['15.00', '15.15'], anna.memberId) }, [anna, cem]);
    expect(await sendTo(classId)).toMatchObject({ status: 200, body: { recipient_count: 2 } });
    const rows = await sql<{ key: string; payload: Record<string, unknown> }>(
      `SELECT key, payload->'payload' AS payload FROM "${n.schema}".outbox_events WHERE topic = 'schedule.sent.v1' AND payload->'payload'->>'class_id' = $1`,
      [classId],
    );
    expect(rows).toHaveLength(1);
    const [sending] = await sql<{ id: string }>(`SELECT id::text FROM "${n.schema}".schedule_sendings WHERE class_id = $1`, [classId]);
    expect(rows[0]!.key).toBe(sending!.id);
    expect(rows[0]!.payload).toMatchObject({
      sending_id: sending!.id,
      class_id: classId,
      lessons: { [anna.memberId]: [{ day: 1, start: 60, end: 62 }] },
      informed_member_ids: expect.arrayContaining([anna.memberId, cem.memberId]),
    });
    expect(rows[0]!.payload.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('sending again: only to the students whose lessons changed', () => {
  it('after one moved lesson mails only that student (recipients=changed); the preview counts agree; `all` or no choice mails everyone', async () => {
    const anna = person('Anna Amsel');
    const ben = person('Ben Brahms');
    const cem = person('Cem Czerny');
    const classId = newClass({ '0': [...slot(['9.00', '9.15'], anna.memberId), ...slot(['9.30', '9.45'], ben.memberId)] }, [anna, ben, cem]);
    const preview = (lessons: { member_id: string; day: number; start: number; end: number }[]) =>
      postJson(`${n.base}/api/classes/${classId}/send-preview`, { lessons }, { Cookie: teacherCookie });

    // Nothing sent yet: everyone counts as changed.
    expect(await preview([])).toEqual({ status: 200, body: { all: 3, changed: 3, sent_before: false } });
    expect(await sendTo(classId, 'changed')).toMatchObject({ status: 200, body: { recipient_count: 3 } });
    for (const p of [anna, ben, cem]) await mailsTo(p.email, 1);

    // Anna's lesson moves from Monday 9:00 to Wednesday 11:00.
    classes.get(classId)!.schedule = { '0': slot(['9.30', '9.45'], ben.memberId), '2': slot(['11.00', '11.15'], anna.memberId) };
    const moved = [
      { member_id: ben.memberId, day: 0, start: 38, end: 40 },
      { member_id: anna.memberId, day: 2, start: 44, end: 46 },
    ];
    expect(await preview(moved)).toEqual({ status: 200, body: { all: 3, changed: 1, sent_before: true } });
    expect(await sendTo(classId, 'changed')).toMatchObject({ status: 200, body: { recipient_count: 1, message: 'Stundenplan an 1 Studierende gesendet.' } });
    const [newest] = await mailsTo(anna.email, 2);
    expect(newest!.text).toContain('Deine Stunde: Mittwoch, 11:00–11:30');
    expect(await mailsTo(ben.email, 1)).toHaveLength(1);
    expect(await mailsTo(cem.email, 1)).toHaveLength(1);

    // Nothing changed since: nobody is mailed, and the answer says so.
    expect(await preview(moved)).toEqual({ status: 200, body: { all: 3, changed: 0, sent_before: true } });
    expect(await sendTo(classId, 'changed')).toEqual({
      status: 200,
      body: { recipient_count: 0, message: 'Niemand bekommt eine E-Mail: Seit dem letzten Versand hat sich an keiner Stunde etwas geändert.' },
    });

    // A student added since the last sending has not been told: they count as changed.
    const dora = person('Dora Dussek');
    classes.get(classId)!.members.push(dora);
    expect(await preview(moved)).toEqual({ status: 200, body: { all: 4, changed: 1, sent_before: true } });
    expect(await sendTo(classId, 'changed')).toMatchObject({ status: 200, body: { recipient_count: 1 } });
    const [toDora] = await mailsTo(dora.email, 1);
    expect(toDora!.text).toContain('Für dich wurde in diesem Plan noch kein Termin gefunden.');

    // 'all', and no choice at all (the SPEC's form), mail everyone.
    expect(await sendTo(classId, 'all')).toMatchObject({ status: 200, body: { recipient_count: 4 } });
    expect(await sendTo(classId)).toMatchObject({ status: 200, body: { recipient_count: 4 } });
    await mailsTo(ben.email, 3);
  });

  it('refuses an unknown choice of recipients in German and mails nobody', async () => {
    const a = person('Emil Elgar');
    const classId = newClass({ '0': slot(['9.00'], a.memberId) }, [a]);
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(pdfFile(100))], { type: 'application/pdf' }), 'stundenplan.pdf');
    form.append('class_id', classId);
    form.append('recipients', 'einige');
    const res = await fetch(`${n.base}/api/send-schedule-to-students`, { method: 'POST', body: form, headers: { Cookie: teacherCookie } });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { detail: 'Die Empfänger*innen müssen „changed“ (nur geänderte) oder „all“ (alle) sein.' },
    });
  });
});
