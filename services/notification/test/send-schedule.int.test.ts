import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sharedInProcessBus, type EventEnvelope, type Topic } from '@stundenplan/base';
import { testServiceTokens } from '@stundenplan/base/testing';
import { describe, expect, it } from 'vitest';
import { createClassesClient } from '../src/clients/classes-client.js';
import type { Mailer, OutgoingMail } from '../src/mail/mailer.js';
import { freePort, sql, waitFor } from './helpers.js';
import {
  address,
  classCalls,
  eventsTo,
  expectBudgetRefused,
  issuer,
  mailEventCount,
  mailsTo,
  n,
  newClass,
  otherTeacherId,
  pdfFile,
  send,
  sendingsOf,
  sentMailsTo,
  setupSending,
  teacherCookie,
  teacherId,
  type SendForm,
} from './sending-fixture.js';

/**
 * POST /api/send-schedule-to-students (docs/product/api.md, saved schedules, PDF, sending): the real
 * service on real PostgreSQL, sessions from a test issuer, the classes service as a tiny real gRPC
 * server with the generated ClassesService definition (sending-fixture.ts).
 */

setupSending();

// ---------------------------------------------------------------- tests

describe('POST /api/send-schedule-to-students', () => {
  it('mails every distinct member address once with the PDF attached and answers recipient_count', async () => {
    const anna = address('anna');
    const ben = address('ben');
    const classId = newClass([
      { name: 'Anna Amsel', email: anna },
      { name: 'Ben Brahms', email: ` ${ben} ` },
      { name: 'Carl Czerny', email: '' },
      { name: 'Anna Amsel (Zweitfach)', email: anna.toUpperCase() },
    ]);
    const pdf = pdfFile();
    const before = await mailEventCount();

    const res = await send({ classId, file: pdf, scheduleName: 'Wintersemester', message: 'Bitte seid pünktlich.\r\nBis bald!' });
    expect(res).toEqual({ status: 200, body: { recipient_count: 2, message: 'Stundenplan an 2 Studierende gesendet.' } });
    expect(classCalls.filter((c) => c.classId === classId)).toEqual([
      { method: 'GetClass', classId, teacherId },
      { method: 'ListMembers', classId, teacherId },
    ]);
    expect(await mailEventCount()).toBe(before + 2);

    const [sending] = await sendingsOf(classId);
    expect(sending).toMatchObject({ class_id: classId, teacher_id: teacherId, recipient_count: 2, schedule_name: 'Wintersemester', pdf_size: pdf.length });
    expect(Date.now() - new Date(sending!.created_at).getTime()).toBeLessThan(60_000);

    const [toAnna] = await sentMailsTo(anna);
    const [toBen] = await sentMailsTo(ben);
    for (const [mail, name, to] of [
      [toAnna!, 'Anna Amsel', anna],
      [toBen!, 'Ben Brahms', ben],
    ] as const) {
      expect(mail).toMatchObject({
        to,
        reply_to: 'clara.schumann@hmtm.de',
        subject: 'Dein Stundenplan für „Klavier Hauptfach“',
        status: 'sent',
        attachments: [{ filename: 'stundenplan.pdf', contentType: 'application/pdf', size: pdf.length }],
      });
      expect(mail.text).toMatch(new RegExp(`^Hallo ${name},\n`));
      expect(mail.text).toContain('Clara Schumann hat dir den Stundenplan „Wintersemester“ für „Klavier Hauptfach“ geschickt.');
      expect(mail.text).toContain('als PDF im Anhang');
      expect(mail.text).toContain('Nachricht von Clara Schumann:\n\nBitte seid pünktlich.\nBis bald!');
      expect(mail.text).toContain('Viele Grüße');

      const file = await fetch(`${n.base}/dev/mail/${mail.id}/attachments/0`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    }
    // The duplicate address (other case) got nothing extra; the member without an address nothing at all.
    expect(await mailsTo(anna.toUpperCase())).toHaveLength(1);
  });

  it('stores the PDF once (mail_blobs, by sha256): the events and the mails reference it instead of carrying a copy per recipient', async () => {
    const members = Array.from({ length: 5 }, (_, i) => ({ name: `Person ${i}`, email: address(`p${i}`) }));
    const classId = newClass(members);
    const pdf = pdfFile(30_000);
    const sha = createHash('sha256').update(pdf).digest('hex');
    expect((await send({ classId, file: pdf })).status).toBe(200);

    const events = await sql<{ payload: EventEnvelope<Topic.MailRequested>; bytes: number }>(
      `SELECT payload, octet_length(payload::text) AS bytes FROM "${n.schema}".outbox_events WHERE payload->'payload'->>'to' = ANY($1)`,
      [members.map((m) => m.email)],
    );
    expect(events).toHaveLength(5);
    for (const e of events) {
      expect(e.payload.payload.attachments).toEqual([{ filename: 'stundenplan.pdf', contentType: 'application/pdf', blobSha256: sha }]);
      expect(Number(e.bytes)).toBeLessThan(5000);
    }
    const blobs = await sql<{ size: number; same: boolean }>(`SELECT size, content = $2 AS same FROM "${n.schema}".mail_blobs WHERE sha256 = $1`, [sha, pdf]);
    expect(blobs).toEqual([{ size: pdf.length, same: true }]);
    for (const m of members) {
      const [mail] = await sentMailsTo(m.email);
      const file = await fetch(`${n.base}/dev/mail/${mail!.id}/attachments/0`);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    }
    const copies = await sql<{ n: string }>(`SELECT count(*) AS n FROM "${n.schema}".mail_attachments WHERE content IS NOT NULL AND blob_sha256 = $1`, [sha]);
    expect(Number(copies[0]!.n)).toBe(0);
  });

  it('accepts the file in the field `file` too; without a schedule name or message the text stays short', async () => {
    const to = address('dora');
    const classId = newClass([{ name: 'Dora Dvořák', email: to }], { name: 'Gesang', teacherName: '' });
    const pdf = pdfFile(500);
    const res = await send({ classId, file: pdf, field: 'file' });
    expect(res).toEqual({ status: 200, body: { recipient_count: 1, message: 'Stundenplan an 1 Studierende gesendet.' } });
    const [mail] = await sentMailsTo(to);
    expect(mail!.subject).toBe('Dein Stundenplan für „Gesang“');
    // No teacher name from classes: the session's name is used.
    expect(mail!.text).toContain('Clara Schumann hat dir den Stundenplan für „Gesang“ geschickt.');
    expect(mail!.text).not.toContain('Nachricht von');
    expect(Buffer.from(await (await fetch(`${n.base}/dev/mail/${mail!.id}/attachments/0`)).arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("answers another teacher's class exactly like an unknown class (404, German), and sends nothing", async () => {
    const to = address('fremd');
    const foreign = newClass([{ name: 'Fremde Person', email: to }], { teacherId: otherTeacherId });
    const before = await mailEventCount();

    expect(await send({ classId: foreign, file: pdfFile() })).toEqual({ status: 404, body: { detail: 'Klasse/Kurs nicht gefunden' } });
    expect(await send({ classId: randomUUID(), file: pdfFile() })).toEqual({ status: 404, body: { detail: 'Klasse/Kurs nicht gefunden' } });
    expect(await send({ classId: 'keine-uuid', file: pdfFile() })).toEqual({ status: 404, body: { detail: 'Klasse/Kurs nicht gefunden' } });
    // Members of a foreign class are never even asked for.
    expect(classCalls.filter((c) => c.classId === foreign).map((c) => c.method)).toEqual(['GetClass']);

    expect(await mailEventCount()).toBe(before);
    expect(await sendingsOf(foreign)).toEqual([]);
    expect(await mailsTo(to)).toEqual([]);
  });

  it('is for teachers only: no session 401, a student 403 (before the upload is read)', async () => {
    const classId = newClass([{ name: 'Eva Elgar', email: address('eva') }]);
    const before = await mailEventCount();
    expect(await send({ classId, file: pdfFile() }, null)).toMatchObject({ status: 401 });
    const student = await issuer.cookie({ role: 'student', email: 'student@hmtm.de' });
    expect(await send({ classId, file: pdfFile() }, student)).toEqual({ status: 403, body: { detail: 'Du hast keine Berechtigung für diese Aktion' } });
    expect(classCalls.filter((c) => c.classId === classId)).toEqual([]);
    expect(await mailEventCount()).toBe(before);
  });
});

describe('POST /api/send-schedule-to-students: refused sendings', () => {
  it('answers 400 when no member has an e-mail address, and sends nothing', async () => {
    const classId = newClass([
      { name: 'Ohne Adresse', email: '' },
      { name: 'Nur Leerzeichen', email: '   ' },
      { name: 'Kaputte Adresse', email: 'keine-adresse' },
    ]);
    const empty = newClass([]);
    const before = await mailEventCount();
    for (const id of [classId, empty]) {
      expect(await send({ classId: id, file: pdfFile() })).toEqual({
        status: 400,
        body: { detail: 'Keine Studierenden mit E-Mail-Adresse in dieser Klasse.' },
      });
      expect(await sendingsOf(id)).toEqual([]);
    }
    expect(await mailEventCount()).toBe(before);
  });

  it.each([
    ['no class_id', { file: pdfFile() }, 400, 'Keine Klasse ausgewählt'],
    ['an empty class_id', { classId: '  ', file: pdfFile() }, 400, 'Keine Klasse ausgewählt'],
    ['no file', { classId: 'CLASS' }, 400, 'Keine PDF-Datei erhalten.'],
    ['an empty file', { classId: 'CLASS', file: Buffer.alloc(0) }, 400, 'Keine PDF-Datei erhalten.'],
    ['a file that is not a PDF', { classId: 'CLASS', file: Buffer.from('<html>kein PDF</html>') }, 400, 'Die Datei ist keine PDF-Datei.'],
    ['a PDF signature that is not at the start', { classId: 'CLASS', file: Buffer.from(' %PDF-1.4 verschoben') }, 400, 'Die Datei ist keine PDF-Datei.'],
    [
      '%PDF- followed by garbage',
      { classId: 'CLASS', file: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20_000), Buffer.from('\n%%EOF\n')]) },
      400,
      'Die Datei ist keine PDF-Datei.',
    ],
    [
      'a message over 2000 characters',
      { classId: 'CLASS', file: pdfFile(), message: 'x'.repeat(2001) },
      400,
      'Die Nachricht darf höchstens 2000 Zeichen lang sein.',
    ],
    [
      'a schedule name over 200 characters',
      { classId: 'CLASS', file: pdfFile(), scheduleName: 'x'.repeat(201) },
      400,
      'Der Name des Stundenplans darf höchstens 200 Zeichen lang sein.',
    ],
    ['a file over 5 MB', { classId: 'CLASS', file: pdfFile(5 * 1024 * 1024) }, 413, 'Die Datei ist zu groß (maximal 5 MB)'],
  ] as const)('refuses %s with %i and a German detail, sending nothing', async (_label, form, status, detail) => {
    const classId = newClass([{ name: 'Franz Fauré', email: address('franz') }]);
    const before = await mailEventCount();
    const f = { ...form, ...('classId' in form && form.classId === 'CLASS' ? { classId } : {}) } as SendForm;
    expect(await send(f)).toEqual({ status, body: { detail } });
    expect(await mailEventCount()).toBe(before);
    expect(await sendingsOf(classId)).toEqual([]);
  });

  it('answers 413 for a file over 5 MB even in the field `file`, and 400 for an unexpected file field', async () => {
    const classId = newClass([{ name: 'Gustav Grieg', email: address('gustav') }]);
    expect(await send({ classId, file: pdfFile(5 * 1024 * 1024 + 1), field: 'file' })).toMatchObject({ status: 413 });
    const form = new FormData();
    form.append('class_id', classId);
    form.append('anhang', new Blob([new Uint8Array(pdfFile())]), 'x.pdf');
    const res = await fetch(`${n.base}/api/send-schedule-to-students`, { method: 'POST', body: form, headers: { Cookie: teacherCookie } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Ungültiger Upload' });
  });

  it('answers 502 in German when the classes service is down, and sends nothing', async () => {
    const classId = newClass([{ name: 'Hanna Haydn', email: address('hanna') }]);
    const original = n.svc.deps.classes;
    n.svc.deps.classes = createClassesClient(`127.0.0.1:${await freePort()}`, testServiceTokens('notification'), 2000);
    const before = await mailEventCount();
    try {
      expect(await send({ classId, file: pdfFile() })).toEqual({
        status: 502,
        body: { detail: 'Der Kursdienst ist gerade nicht erreichbar. Bitte versuche es später erneut.' },
      });
    } finally {
      n.svc.deps.classes.close();
      n.svc.deps.classes = original;
    }
    expect(await mailEventCount()).toBe(before);
    expect(await sendingsOf(classId)).toEqual([]);
  });

  it('writes all mails of a sending in one transaction: one failing event leaves no sending and no mail', async () => {
    const ok = address('ida');
    const boom = address('explode');
    const classId = newClass([
      { name: 'Ida Ives', email: ok },
      { name: 'Jonas Janáček', email: boom },
    ]);
    const before = await mailEventCount();
    // A database refusal on the second event (the first is already inserted in the same transaction).
    await sql(`CREATE FUNCTION "${n.schema}".refuse_explode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.payload->'payload'->>'to' LIKE 'explode-%' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await sql(`CREATE TRIGGER refuse_explode BEFORE INSERT ON "${n.schema}".outbox_events FOR EACH ROW EXECUTE FUNCTION "${n.schema}".refuse_explode()`);
    try {
      expect(await send({ classId, file: pdfFile() })).toEqual({ status: 500, body: { detail: 'Interner Serverfehler' } });
    } finally {
      await sql(`DROP TRIGGER refuse_explode ON "${n.schema}".outbox_events`);
      await sql(`DROP FUNCTION "${n.schema}".refuse_explode()`);
    }
    expect(await mailEventCount()).toBe(before);
    expect(await sendingsOf(classId)).toEqual([]);
    expect(await eventsTo(ok)).toEqual([]);
    expect(await mailsTo(ok)).toEqual([]);
  });
});

describe('POST /api/send-schedule-to-students: repeats and budget', () => {
  it('a second sending with another text mails again, but a redelivered event is never sent twice', async () => {
    const kim = address('kim');
    const leo = address('leo');
    const classId = newClass([
      { name: 'Kim Kodály', email: kim },
      { name: 'Leo Liszt', email: leo },
    ]);
    const pdf = pdfFile();

    // The same plan again with another message is a new sending with its own events (the same request
    // within a minute would be the first one again: send-schedule-once.int.test.ts).
    expect((await send({ classId, file: pdf })).body).toMatchObject({ recipient_count: 2 });
    expect((await send({ classId, file: pdf, message: 'Korrektur: Raum 2.14' })).body).toMatchObject({ recipient_count: 2 });
    expect(await sendingsOf(classId)).toHaveLength(2);
    await sentMailsTo(kim, 2);
    await sentMailsTo(leo, 2);
    const [first, second] = await eventsTo(kim);
    expect(first!.id).not.toBe(second!.id);

    // Redelivery of one event, as after a crash between publishing and marking it published:
    // the relay publishes it again, and the handler also runs again below the consumer's dedupe.
    const sends: OutgoingMail[] = [];
    const original = n.svc.deps.mailer;
    const counting: Mailer = { transport: 'outbox', send: async (m) => (sends.push(m), original.send(m)), close: () => undefined };
    n.svc.deps.mailer = counting;
    try {
      await sql(`UPDATE "${n.schema}".outbox_events SET published_at = NULL WHERE id = $1`, [first!.id]);
      n.svc.ctx.relay?.kick();
      await waitFor(async () => (await sql(`SELECT 1 FROM "${n.schema}".outbox_events WHERE id = $1 AND published_at IS NOT NULL`, [first!.id])).length > 0);
      await sharedInProcessBus().drain();

      await sharedInProcessBus().publish(first!.payload);
      await sharedInProcessBus().drain();

      const { deliverMail } = await import('../src/domain/deliver-mail.js');
      await deliverMail(n.svc.deps, first!.payload);
      await Promise.all([deliverMail(n.svc.deps, first!.payload), deliverMail(n.svc.deps, first!.payload)]);
    } finally {
      n.svc.deps.mailer = original;
    }
    expect(sends).toEqual([]);
    expect(await mailsTo(kim)).toHaveLength(2);
    const rows = await sql<{ attempts: number; status: string }>(`SELECT attempts, status FROM "${n.schema}".mails WHERE event_id = $1`, [first!.id]);
    expect(rows).toEqual([{ attempts: 1, status: 'sent' }]);
  });

  it("counts recipients against the teacher's daily mail budget: over it 429 with wait_time, nothing sent", async () => {
    const original = n.svc.deps.cfg;
    const budgetTeacher = randomUUID();
    const cookie = await issuer.cookie({ userId: budgetTeacher, role: 'teacher', email: 'budget@hmtm.de', name: 'Budget Lehrkraft' });
    n.svc.deps.cfg = { ...original, MAIL_BUDGET_PER_DAY: 3 };
    try {
      const two = newClass(
        [
          { name: 'Ada A', email: address('ada') },
          { name: 'Bea B', email: address('bea') },
        ],
        { teacherId: budgetTeacher },
      );
      expect((await send({ classId: two, file: pdfFile() }, cookie)).status).toBe(200);
      await expectBudgetRefused(two, cookie, 3);
      // One recipient still fits.
      const one = newClass([{ name: 'Cem C', email: address('cem') }], { teacherId: budgetTeacher });
      expect((await send({ classId: one, file: pdfFile() }, cookie)).status).toBe(200);
    } finally {
      n.svc.deps.cfg = original;
    }
  });
});
