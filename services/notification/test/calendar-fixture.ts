import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import {
  AppError,
  grpc,
  HealthState,
  mapToWeekTimes,
  savedToScheduleDays,
  startGrpcServer,
  Topic,
  wrapUnary,
  type EventEnvelope,
  type MailRequestedPayload,
  type SavedScheduleTimes,
} from '@stundenplan/base';
import { startTestIssuer, type TestIssuer, testServiceTokenVerifier } from '@stundenplan/base/testing';
import { availabilityV1, classesV1, schedulingV1 } from '@stundenplan/proto';
import { publicHolidays, type GermanState } from '@stundenplan/timegrid';
import { afterAll, beforeAll } from 'vitest';
import { dropSchemas, sql, startNotification, type TestNotification } from './helpers.js';
import { pdfFile } from './sending-fixture.js';

/**
 * The neighbourhood of the calendar files for their tests: the real service on real PostgreSQL, sessions
 * from a test issuer, the classes and scheduling services as tiny real gRPC servers with the generated
 * service definitions. `n` is a live binding. The files are read with ical.js.
 */

export interface StubClass {
  teacherId: string;
  name: string;
  /** `frequency` as ListMembers / ListMemberships answer it; weekly when not given. */
  members: { memberId: string; userId: string; name: string; email: string; frequency?: 'weekly' | 'biweekly' }[];
  /** The newest saved schedule (saved form), or none. */
  schedule: SavedScheduleTimes | null;
  /** A class of a school: member id -> the room of the member's lesson, as GetLatestSchedule answers it. */
  rooms?: Record<string, schedulingV1.LessonRoom>;
  /** The class's semester, answered by ListSemesters with the holidays of its state as the classes service does. */
  semester?: { firstDay: string; lastDay: string; state: GermanState; breaks: { from: string; to: string; label: string }[] };
}

export const classes = new Map<string, StubClass>();
/** The teacher's address as the classes service answers it (ClassInfo.teacher_email). */
export const TEACHER_EMAIL = 'clara.schumann@hmtm.de';
/** Each member's times as GetPlanningData answers them (teacher-entered; the own times empty). */
export const memberTimes = new Map<string, Record<string, string[]>>();
const silent = { error: () => undefined } as unknown as Parameters<typeof wrapUnary>[0];
export const stubState = { schedulingDown: false };

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
  teacherEmail: TEACHER_EMAIL,
  school: undefined,
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
      frequency: m.frequency ?? 'weekly',
      needs: undefined,
      siteIds: undefined,
      family: '',
    })),
  })),
  listMemberships: wrapUnary<classesV1.ListMembershipsRequest, classesV1.ListMembershipsResponse>(silent, async (req) => ({
    memberships: [...classes.entries()].flatMap(([classId, c]) =>
      c.members
        .filter((m) => m.userId && m.userId === req.userId)
        .map((m) => ({
          member: {
            memberId: m.memberId,
            classId,
            userId: m.userId,
            studentId: m.userId,
            name: m.name,
            email: m.email,
            duration: 30,
            frequency: m.frequency ?? 'weekly',
            needs: undefined,
            siteIds: undefined,
            family: '',
          },
          classInfo: info(classId, c),
        })),
    ),
  })),
  listSemesters: wrapUnary<classesV1.ListSemestersRequest, classesV1.ListSemestersResponse>(silent, async (req) => ({
    semesters: req.classIds.flatMap((classId) => {
      const s = classes.get(classId)?.semester;
      return s ? [{ classId, ...s, holidays: publicHolidays(s.state, s.firstDay, s.lastDay) }] : [];
    }),
  })),
};

const availabilityStub: Partial<availabilityV1.AvailabilityServiceServer> = {
  getPlanningData: wrapUnary<availabilityV1.GetPlanningDataRequest, availabilityV1.GetPlanningDataResponse>(silent, async (req) => ({
    teacherTimes: mapToWeekTimes({}),
    timeRange: undefined,
    rangeMode: '',
    extraMinutes: 0,
    members: req.members.map(({ memberId, userId }) => ({
      memberId,
      userId,
      availableTimes: mapToWeekTimes(memberTimes.get(memberId) ?? {}),
      availableTimesUserInput: mapToWeekTimes({}),
      availableTimesUserInputLastModified: '',
      userInputUpdateTime: undefined,
      preferredTimes: mapToWeekTimes({}),
      preferredTimesUserInput: mapToWeekTimes({}),
    })),
  })),
};

const schedulingStub: Partial<schedulingV1.SchedulingServiceServer> = {
  // The solver's make-up times (its own tests check them): 8:00-8:30 on each day offered, `limit` of them (0: all).
  suggestMakeup: wrapUnary<schedulingV1.SuggestMakeupRequest, schedulingV1.SuggestMakeupResponse>(silent, async (req) => {
    const all = req.days.map((d) => ({ date: d.date, start: 32, end: 34, idleAddedMinutes: 0 }));
    return { candidates: req.limit > 0 ? all.slice(0, req.limit) : all };
  }),
  getLatestSchedule: wrapUnary<schedulingV1.GetLatestScheduleRequest, schedulingV1.GetLatestScheduleResponse>(silent, async (req) => {
    if (stubState.schedulingDown) throw new AppError('UNAVAILABLE', 'down');
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
      createTime: new Date(),
      updateTime: new Date(),
      pinnedMemberIds: [],
      rooms: c.rooms ?? {},
    };
  }),
};

export let n: TestNotification;
export let issuer: TestIssuer;
const servers: grpc.Server[] = [];
export const teacherId = randomUUID();
export let teacherCookie: string;

/** Starts the neighbourhood before the file's tests and stops it after them. */
export function setupCalendar(): void {
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
    const a = await startGrpcServer(
      0,
      [{ definition: availabilityV1.AvailabilityServiceService, implementation: availabilityStub as grpc.UntypedServiceImplementation }],
      health,
      '127.0.0.1',
      testServiceTokenVerifier('availability'),
    );
    servers.push(c.server, s.server, a.server);
    issuer = await startTestIssuer();
    n = await startNotification({
      AUTH_JWKS_URL: issuer.jwksUrl,
      CLASSES_SERVICE_ADDR: `127.0.0.1:${c.port}`,
      SCHEDULING_SOLVER_SERVICE_ADDR: `127.0.0.1:${s.port}`,
      AVAILABILITY_SERVICE_ADDR: `127.0.0.1:${a.port}`,
    });
    teacherCookie = await issuer.cookie({ userId: teacherId, role: 'teacher', email: 'clara.schumann@hmtm.de', name: 'Clara Schumann' });
  });

  afterAll(async () => {
    await n?.svc.stop();
    for (const s of servers) s.forceShutdown();
    await issuer?.close();
    await dropSchemas(n ? [n.schema] : []);
  });
}

export async function send(classId: string, until?: string, cookie = teacherCookie) {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdfFile(100))], { type: 'application/pdf' }), 'stundenplan.pdf');
  form.append('class_id', classId);
  if (until !== undefined) form.append('until', until);
  const res = await fetch(`${n.base}/api/send-schedule-to-students`, { method: 'POST', body: form, headers: { Cookie: cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** One request to the service's HTTP API with a person's cookie: the status, the text and, for JSON, the parsed body. */
export async function callApi(method: 'GET' | 'POST' | 'PUT', path: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${n.base}${path}`, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

export async function mailEventsTo(to: string): Promise<(MailRequestedPayload & { attachments: NonNullable<MailRequestedPayload['attachments']> })[]> {
  const rows = await sql<{ payload: EventEnvelope<Topic.MailRequested> }>(
    `SELECT payload FROM "${n.schema}".outbox_events WHERE topic = 'mail.requested.v1' ORDER BY seq`,
  );
  return rows.map((r) => ({ ...r.payload.payload, attachments: r.payload.payload.attachments ?? [] })).filter((p) => p.to === to);
}

export function parse(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const tz = comp.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return comp;
}

export function occurrences(vevent: ICAL.Component): string[] {
  const it = new ICAL.Event(vevent).iterator();
  const out: string[] = [];
  for (let next = it.next(); next; next = it.next()) out.push(next.toString());
  return out;
}

/** The dates of every lesson of a calendar file, sorted. */
export const plannedDates = (ics: string) =>
  parse(ics)
    .getAllSubcomponents('vevent')
    .flatMap((e) => occurrences(e))
    .sort();

const DAY_MS = 86_400_000;
export const addDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * DAY_MS).toISOString().slice(0, 10);

/** A registered student with an address of their own. */
export const person = (name: string) => ({
  memberId: randomUUID(),
  userId: randomUUID(),
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`,
});

/** A saved schedule's quarter hours of one member (slot labels such as '9.00'). */
export const slot = (labels: string[], memberId: string) => labels.map((l): [string, string] => [l, memberId]);

export function newClass(schedule: StubClass['schedule'], members: StubClass['members']): string {
  const id = randomUUID();
  classes.set(id, { teacherId, name: 'Klavier Hauptfach', members, schedule });
  return id;
}

/**
 * A class of its own name (`prefix` and a random tail) over a semester in January 2027 in Berlin whose plan was
 * sent: each student has one weekly lesson (`day`, quarter hours `labels`) and the times `times`; with a cookie each.
 */
export async function sentClass(prefix: string, students: { name: string; day: number; labels: string[]; times: Record<string, string[]> }[]) {
  const people = students.map((s) => ({ ...person(s.name), ...s }));
  const schedule: Record<string, [string, string][]> = {};
  for (const p of people) schedule[String(p.day)] = [...(schedule[String(p.day)] ?? []), ...slot(p.labels, p.memberId)];
  const classId = newClass(schedule, people);
  const className = `${prefix} ${randomUUID().slice(0, 4)}`;
  classes.get(classId)!.semester = { firstDay: '2027-01-04', lastDay: '2027-01-29', state: 'BE', breaks: [] };
  classes.get(classId)!.name = className;
  for (const p of people) memberTimes.set(p.memberId, p.times);
  const sent = await send(classId);
  if (sent.status !== 200) throw new Error(`sending failed: ${JSON.stringify(sent.body)}`);
  const withCookies = await Promise.all(
    people.map(async (p) => ({ ...p, cookie: await issuer.cookie({ userId: p.userId, role: 'student', email: p.email, name: p.name }) })),
  );
  return { classId, className, people: withCookies };
}
