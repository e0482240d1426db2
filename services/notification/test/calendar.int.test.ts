import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { revokedUserKey, Topic } from '@stundenplan/base';
import { berlinToday } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { addDays, classes, issuer, mailEventsTo, n, newClass, occurrences, parse, send, setupCalendar, stubState, teacherCookie } from './calendar-fixture.js';
import { sql, waitFor } from './helpers.js';

/**
 * Every schedule mail carries the student's own lessons as an .ics file, and
 * GET /api/me/calendar.ics answers a student's lessons of the latest sent schedule per class.
 * Neighbours are tiny real gRPC servers (calendar-fixture.ts); the files are read with ical.js.
 */

setupCalendar();

describe('schedule mails with the student’s own lessons as .ics', () => {
  it('attaches each member their own weekly lesson until the given day; members without a lesson get the PDF only', async () => {
    const anna = { memberId: randomUUID(), userId: randomUUID(), name: 'Anna', email: `anna-${randomUUID().slice(0, 6)}@example.org` };
    const ben = { memberId: randomUUID(), userId: '', name: 'Ben', email: `ben-${randomUUID().slice(0, 6)}@example.org` };
    const cem = { memberId: randomUUID(), userId: '', name: 'Cem', email: `cem-${randomUUID().slice(0, 6)}@example.org` };
    const classId = newClass(
      {
        '0': [
          ['9.00', anna.memberId],
          ['9.15', anna.memberId],
          ['9.30', ben.memberId],
        ],
        '3': [['16.00', anna.memberId]],
      },
      [anna, ben, cem],
    );
    const until = addDays(berlinToday(), 27);
    const res = await send(classId, until);
    expect(res.status).toBe(200);
    expect(res.body.recipient_count).toBe(3);

    const [annaMail] = await mailEventsTo(anna.email);
    expect(annaMail!.text).toContain('Deinen Unterricht findest du außerdem als Kalenderdatei im Anhang (unterricht.ics)');
    const ics = annaMail!.attachments.find((a) => a.filename === 'unterricht.ics')!;
    expect(ics.contentType).toBe('text/calendar; charset=utf-8');
    const cal = parse(Buffer.from(ics.contentBase64!, 'base64').toString('utf8'));
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(2);
    const monday = new ICAL.Event(events[0]!);
    expect(monday.summary).toBe('Unterricht: Klavier Hauptfach');
    expect(monday.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(monday.startDate.dayOfWeek()).toBe(ICAL.Time.MONDAY);
    expect(monday.startDate.toString().slice(11)).toBe('09:00:00');
    expect(monday.endDate.toString().slice(11)).toBe('09:30:00');
    const dates = occurrences(events[0]!);
    expect(dates).toHaveLength(4); // 28 days from today hold exactly four Mondays
    expect(dates.at(-1)!.slice(0, 10) <= until).toBe(true);
    expect(new ICAL.Event(events[1]!).startDate.toString().slice(11)).toBe('16:00:00');

    const [benMail] = await mailEventsTo(ben.email);
    const benCal = parse(Buffer.from(benMail!.attachments.find((a) => a.filename === 'unterricht.ics')!.contentBase64!, 'base64').toString('utf8'));
    expect(benCal.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(new ICAL.Event(benCal.getAllSubcomponents('vevent')[0]!).endDate.toString().slice(11)).toBe('09:45:00');

    const [cemMail] = await mailEventsTo(cem.email);
    expect(cemMail!.attachments.map((a) => a.filename)).toEqual(['stundenplan.pdf']);
    expect(cemMail!.text).not.toContain('Kalenderdatei');
  });

  it('defaults to 15 weeks; refuses a malformed, past or too distant end date in German', async () => {
    const a = { memberId: randomUUID(), userId: '', name: 'Dora', email: `dora-${randomUUID().slice(0, 6)}@example.org` };
    const classId = newClass({ '2': [['10.00', a.memberId]] }, [a]);
    expect((await send(classId)).status).toBe(200);
    const [mail] = await mailEventsTo(a.email);
    const cal = parse(Buffer.from(mail!.attachments[1]!.contentBase64!, 'base64').toString('utf8'));
    expect(occurrences(cal.getAllSubcomponents('vevent')[0]!)).toHaveLength(15);

    expect(await send(classId, '31.12.2026')).toEqual({ status: 400, body: { detail: 'Das Enddatum muss ein gültiges Datum im Format JJJJ-MM-TT sein.' } });
    expect(await send(classId, addDays(berlinToday(), -1))).toEqual({ status: 400, body: { detail: 'Das Enddatum darf nicht in der Vergangenheit liegen.' } });
    expect(await send(classId, addDays(berlinToday(), 400))).toEqual({
      status: 400,
      body: { detail: 'Das Enddatum darf höchstens ein Jahr in der Zukunft liegen.' },
    });
  });

  it('without a saved schedule or with scheduling down the mails still go out, with the PDF only', async () => {
    const a = { memberId: randomUUID(), userId: '', name: 'Emil', email: `emil-${randomUUID().slice(0, 6)}@example.org` };
    expect((await send(newClass(null, [a]))).status).toBe(200);
    stubState.schedulingDown = true;
    try {
      expect((await send(newClass({ '0': [['9.00', a.memberId]] }, [a]))).status).toBe(200);
    } finally {
      stubState.schedulingDown = false;
    }
    const mails = await waitFor(async () => ((await mailEventsTo(a.email)).length === 2 ? mailEventsTo(a.email) : null));
    for (const m of mails) expect(m.attachments.map((x) => x.filename)).toEqual(['stundenplan.pdf']);
  });
});

describe('GET /api/me/calendar.ics', () => {
  it("answers the student's own lessons of the latest sent schedule of each class, nobody else's", async () => {
    const userId = randomUUID();
    const me1 = { memberId: randomUUID(), userId, name: 'Fritz', email: `fritz-${randomUUID().slice(0, 6)}@example.org` };
    const other = { memberId: randomUUID(), userId: randomUUID(), name: 'Geheim Person', email: `geheim-${randomUUID().slice(0, 6)}@example.org` };
    const class1 = newClass(
      {
        '1': [
          ['8.00', me1.memberId],
          ['8.15', other.memberId],
        ],
      },
      [me1, other],
    );
    const me2 = { ...me1, memberId: randomUUID() };
    const class2 = newClass({ '4': [['12.00', me2.memberId]] }, [me2]);
    expect((await send(class1)).status).toBe(200);
    expect((await send(class2)).status).toBe(200);
    // A newer sending of class 1 moves the lesson: the calendar follows the latest one.
    classes.get(class1)!.schedule = { '1': [['10.00', me1.memberId]] };
    expect((await send(class1)).status).toBe(200);
    // A saved but unsent schedule does not count.
    classes.get(class1)!.schedule = { '1': [['18.00', me1.memberId]] };

    const cookie = await issuer.cookie({ userId, role: 'student', email: me1.email, name: 'Fritz' });
    const res = await fetch(`${n.base}/api/me/calendar.ics`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await res.text();
    expect(body).not.toContain('Geheim');
    const starts = parse(body)
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e).startDate.toString().slice(11))
      .sort();
    expect(starts).toEqual(['10:00:00', '12:00:00']);
  });

  it('an empty calendar for a student without sent lessons; teachers 403, visitors 401', async () => {
    const cookie = await issuer.cookie({ userId: randomUUID(), role: 'student', email: 'x@example.org', name: 'X' });
    const res = await fetch(`${n.base}/api/me/calendar.ics`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(parse(await res.text()).getAllSubcomponents('vevent')).toHaveLength(0);
    const teacher = await fetch(`${n.base}/api/me/calendar.ics`, { headers: { Cookie: teacherCookie } });
    expect(teacher.status).toBe(403);
    expect(((await teacher.json()) as { detail: string }).detail).toBe('Du hast keine Berechtigung für diese Aktion');
    expect((await fetch(`${n.base}/api/me/calendar.ics`)).status).toBe(401);
  });
});

describe('private calendar subscription link', () => {
  const call = (method: string, path: string, cookie?: string) => fetch(`${n.base}${path}`, { method, headers: cookie ? { Cookie: cookie } : {} });

  it('is made by the student, shown once, serves their lessons without a session, and stops when replaced or revoked', async () => {
    const userId = randomUUID();
    const me = { memberId: randomUUID(), userId, name: 'Hanna', email: `hanna-${randomUUID().slice(0, 6)}@example.org` };
    const classId = newClass(
      {
        '4': [
          ['15.00', me.memberId],
          ['15.15', me.memberId],
        ],
      },
      [me],
    );
    expect((await send(classId)).status).toBe(200);
    const cookie = await issuer.cookie({ userId, role: 'student', email: me.email, name: 'Hanna' });

    expect(await (await call('GET', '/api/me/calendar-subscription', cookie)).json()).toEqual({ active: false, created_at: null });
    const made = await call('POST', '/api/me/calendar-subscription', cookie);
    expect(made.status).toBe(201);
    const body = (await made.json()) as { url: string; message: string };
    expect(body.message).toBe('Dein privater Kalender-Link wurde erstellt. Ein früherer Link funktioniert nicht mehr.');
    const path = new URL(body.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(((await (await call('GET', '/api/me/calendar-subscription', cookie)).json()) as { active: boolean }).active).toBe(true);
    // The token is stored only as its sha256.
    const [row] = await sql<{ token_sha256: string }>(`SELECT token_sha256 FROM "${n.schema}".calendar_tokens WHERE user_id = $1`, [userId]);
    expect(row!.token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(path).not.toContain(row!.token_sha256);

    const feed = await call('GET', path);
    expect(feed.status).toBe(200);
    const [vevent] = parse(await feed.text()).getAllSubcomponents('vevent');
    expect(new ICAL.Event(vevent!).startDate.toString().slice(11)).toBe('15:00:00');

    const again = (await (await call('POST', '/api/me/calendar-subscription', cookie)).json()) as { url: string };
    expect((await call('GET', path)).status).toBe(404);
    const newPath = new URL(again.url).pathname;
    expect((await call('GET', newPath)).status).toBe(200);
    const revoked = await call('DELETE', '/api/me/calendar-subscription', cookie);
    expect(await revoked.json()).toEqual({ message: 'Dein Kalender-Link wurde widerrufen.' });
    const gone = await call('GET', newPath);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { detail: string }).detail).toBe('Kalender nicht gefunden');
  });

  it('refuses teachers (403) and visitors (401); malformed tokens are 404', async () => {
    expect((await call('POST', '/api/me/calendar-subscription', teacherCookie)).status).toBe(403);
    expect((await call('GET', '/api/me/calendar-subscription', teacherCookie)).status).toBe(403);
    expect((await call('DELETE', '/api/me/calendar-subscription')).status).toBe(401);
    expect((await call('POST', '/api/me/calendar-subscription')).status).toBe(401);
    expect((await call('GET', '/api/calendar/kurz.ics')).status).toBe(404);
    expect((await call('GET', `/api/calendar/${'a'.repeat(43)}`)).status).toBe(404);
    const huge = await call('GET', `/api/calendar/${'a'.repeat(5000)}.ics`);
    expect({ status: huge.status, body: await huge.json() }).toEqual({ status: 404, body: { detail: 'Kalender nicht gefunden' } });
    const control = await call('GET', `/api/calendar/${'a'.repeat(42)}%01.ics`);
    expect({ status: control.status, body: await control.json() }).toEqual({ status: 400, body: { detail: 'Ungültige Zeichen in der Anfrage.' } });
  });

  it('stops the moment the auth service has ended the account (password reset), before any event arrives', async () => {
    const userId = randomUUID();
    const person = { userId, role: 'student' as const, email: 'reset@example.org', name: 'Reset' };
    const { url } = (await (await call('POST', '/api/me/calendar-subscription', await issuer.cookie(person))).json()) as { url: string };
    const path = new URL(url).pathname;
    expect((await call('GET', path)).status).toBe(200);
    // What the auth service writes before it answers the reset (sessions.markUserRevoked); no user.password-reset.v1 is sent here.
    await n.svc.ctx.store.set(revokedUserKey(userId), String(Date.now()), 3600);
    const gone = await call('GET', path);
    expect({ status: gone.status, body: await gone.json() }).toEqual({ status: 404, body: { detail: 'Kalender nicht gefunden' } });
    // A link made afterwards (with a session begun after the reset) works.
    await new Promise((r) => setTimeout(r, 5));
    const fresh = (await (await call('POST', '/api/me/calendar-subscription', await issuer.cookie(person))).json()) as { url: string };
    expect((await call('GET', new URL(fresh.url).pathname)).status).toBe(200);
  });

  it('goes with the account (user.deleted.v1)', async () => {
    const userId = randomUUID();
    const cookie = await issuer.cookie({ userId, role: 'student', email: 'weg@example.org', name: 'Weg' });
    const { url } = (await (await call('POST', '/api/me/calendar-subscription', cookie)).json()) as { url: string };
    await n.svc.ctx.bus.publish({
      id: randomUUID(),
      topic: Topic.UserDeleted,
      key: userId,
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { user_id: userId, email: 'weg@example.org', role_id: 1 },
    });
    await waitFor(async () => ((await call('GET', new URL(url).pathname)).status === 404 ? true : null));
  });
});
