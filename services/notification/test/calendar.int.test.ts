import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import {
  AppError,
  grpc,
  HealthState,
  savedToScheduleDays,
  startGrpcServer,
  Topic,
  wrapUnary,
  type EventEnvelope,
  type MailRequestedPayload,
} from '@stundenplan/base';
import { startTestIssuer, type TestIssuer, testServiceTokenVerifier } from '@stundenplan/base/testing';
import { classesV1, schedulingV1 } from '@stundenplan/proto';
import { berlinToday } from '@stundenplan/timegrid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, sql, startNotification, waitFor, type TestNotification } from './helpers.js';

/**
 * Every schedule mail carries the student's own lessons as an .ics file, and
 * GET /api/me/calendar.ics answers a student's lessons of the latest sent schedule per class.
 * Neighbours are tiny real gRPC servers; the files are read with ical.js.
 */

interface StubClass {
  teacherId: string;
  name: string;
  members: { memberId: string; userId: string; name: string; email: string }[];
  /** The newest saved schedule (saved form), or none. */
  schedule: Record<string, [string, string][]> | null;
}

const classes = new Map<string, StubClass>();
const silent = { error: () => undefined } as unknown as Parameters<typeof wrapUnary>[0];
let schedulingDown = false;

function owned(req: { classId: string; teacherId: string }): StubClass {
  const c = classes.get(req.classId);
  if (!c || (req.teacherId && c.teacherId !== req.teacherId)) throw AppError.notFound('Klasse/Kurs nicht gefunden');
  return c;
}

const info = (classId: string, c: StubClass): classesV1.ClassInfo => ({
  classId,
  name: c.name,
  description: '',
  isGroup: false,
  registerShortcut: 'a-b-c',
  teacherId: c.teacherId,
  teacherName: 'Clara Schumann',
  institutionName: '',
  deadline: '',
  allowLateChanges: false,
});

const classesStub: Partial<classesV1.ClassesServiceServer> = {
  getClass: wrapUnary<classesV1.GetClassRequest, classesV1.GetClassResponse>(silent, async (req) => ({ classInfo: info(req.classId, owned(req)) })),
  listMembers: wrapUnary<classesV1.ListMembersRequest, classesV1.ListMembersResponse>(silent, async (req) => ({
    members: owned(req).members.map((m) => ({
      memberId: m.memberId,
      classId: req.classId,
      userId: m.userId,
      studentId: m.userId,
      name: m.name,
      email: m.email,
      duration: 30,
    })),
  })),
  listMemberships: wrapUnary<classesV1.ListMembershipsRequest, classesV1.ListMembershipsResponse>(silent, async (req) => ({
    memberships: [...classes.entries()].flatMap(([classId, c]) =>
      c.members
        .filter((m) => m.userId && m.userId === req.userId)
        .map((m) => ({
          member: { memberId: m.memberId, classId, userId: m.userId, studentId: m.userId, name: m.name, email: m.email, duration: 30 },
          classInfo: info(classId, c),
        })),
    ),
  })),
};

const schedulingStub: Partial<schedulingV1.SchedulingServiceServer> = {
  getLatestSchedule: wrapUnary<schedulingV1.GetLatestScheduleRequest, schedulingV1.GetLatestScheduleResponse>(silent, async (req) => {
    if (schedulingDown) throw new AppError('UNAVAILABLE', 'down');
    const c = owned(req);
    if (!c.schedule) throw AppError.notFound('Kein Stundenplan');
    return {
      scheduleId: randomUUID(),
      name: 'Plan',
      availableTimes: savedToScheduleDays(c.schedule),
      description: '',
      classId: req.classId,
      teacherId: c.teacherId,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      pinnedMemberIds: [],
    };
  }),
};

let n: TestNotification;
let issuer: TestIssuer;
const servers: grpc.Server[] = [];
const teacherId = randomUUID();
let teacherCookie: string;

beforeAll(async () => {
  const health = new HealthState();
  health.serving = true;
  const c = await startGrpcServer(
    0,
    [{ definition: classesV1.ClassesServiceService, implementation: classesStub as grpc.UntypedServiceImplementation }],
    health,
    '127.0.0.1',
    testServiceTokenVerifier('classes'),
  );
  const s = await startGrpcServer(
    0,
    [{ definition: schedulingV1.SchedulingServiceService, implementation: schedulingStub as grpc.UntypedServiceImplementation }],
    health,
    '127.0.0.1',
    testServiceTokenVerifier('scheduling-solver'),
  );
  servers.push(c.server, s.server);
  issuer = await startTestIssuer();
  n = await startNotification({
    AUTH_JWKS_URL: issuer.jwksUrl,
    CLASSES_SERVICE_ADDR: `127.0.0.1:${c.port}`,
    SCHEDULING_SOLVER_SERVICE_ADDR: `127.0.0.1:${s.port}`,
  });
  teacherCookie = await issuer.cookie({ userId: teacherId, role: 'teacher', email: 'clara.schumann@hmtm.de', name: 'Clara Schumann' });
});

afterAll(async () => {
  await n?.svc.stop();
  for (const s of servers) s.forceShutdown();
  await issuer?.close();
  await dropSchemas(n ? [n.schema] : []);
});

function pdfFile(): Buffer {
  const size = 100;
  const head = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Length ${size} >>\nstream\n`, 'latin1');
  const mid = Buffer.from('\nendstream\nendobj\n', 'latin1');
  const xrefAt = head.length + size + mid.length;
  const tail = Buffer.from(
    `xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    'latin1',
  );
  return Buffer.concat([head, Buffer.alloc(size, 65), mid, tail]);
}

async function send(classId: string, until?: string, cookie = teacherCookie) {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdfFile())], { type: 'application/pdf' }), 'stundenplan.pdf');
  form.append('class_id', classId);
  if (until !== undefined) form.append('until', until);
  const res = await fetch(`${n.base}/api/send-schedule-to-students`, { method: 'POST', body: form, headers: { Cookie: cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function mailEventsTo(to: string): Promise<(MailRequestedPayload & { attachments: NonNullable<MailRequestedPayload['attachments']> })[]> {
  const rows = await sql<{ payload: EventEnvelope<Topic.MailRequested> }>(
    `SELECT payload FROM "${n.schema}".outbox_events WHERE topic = 'mail.requested.v1' ORDER BY seq`,
  );
  return rows.map((r) => ({ ...r.payload.payload, attachments: r.payload.payload.attachments ?? [] })).filter((p) => p.to === to);
}

function parse(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const tz = comp.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return comp;
}

function occurrences(vevent: ICAL.Component): string[] {
  const it = new ICAL.Event(vevent).iterator();
  const out: string[] = [];
  for (let next = it.next(); next; next = it.next()) out.push(next.toString());
  return out;
}

const DAY_MS = 86_400_000;
const addDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * DAY_MS).toISOString().slice(0, 10);

function newClass(schedule: StubClass['schedule'], members: StubClass['members']): string {
  const id = randomUUID();
  classes.set(id, { teacherId, name: 'Klavier Hauptfach', members, schedule });
  return id;
}

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
    schedulingDown = true;
    try {
      expect((await send(newClass({ '0': [['9.00', a.memberId]] }, [a]))).status).toBe(200);
    } finally {
      schedulingDown = false;
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
