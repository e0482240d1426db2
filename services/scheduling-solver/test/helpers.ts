import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { grpc, mapToWeekTimes } from '@stundenplan/base';
import { startTestIssuer, TEST_SERVICE_TOKEN_KEY, type TestIssuer } from '@stundenplan/base/testing';
import { availabilityV1, classesV1, schoolV1 } from '@stundenplan/proto';
import pg from 'pg';
import { inject } from 'vitest';
import { start } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export type Times = Record<string, string[]>;

export interface StubMember {
  memberId: string;
  userId: string;
  name: string;
  email: string;
  duration: number;
  /** Teacher-entered times. */
  times: Times;
  /** The student's own times. */
  userTimes: Times;
  /** A registered member the student has not verified yet (no student_id); default: verified. */
  unverified?: boolean;
  /** 'biweekly': a lesson every other week (default weekly). */
  frequency?: 'weekly' | 'biweekly';
  /** Preferred parts (Wunschzeiten) of times and userTimes. */
  preferred?: Times;
  userPreferred?: Times;
  /** Own equipment needs and sites (absent = the class's). */
  needs?: string[];
  siteIds?: string[];
}

export interface StubClass {
  classId: string;
  teacherId: string;
  name: string;
  members: StubMember[];
  teacherTimes: Times;
  /** The class's school settings (absent: no school). */
  school?: { schoolId: string; siteIds: string[]; needs: string[] };
}

/** "H.MM" -> quarter-hour slot of the day. */
export function slotOf(label: string): number {
  const [h, m] = label.split('.').map(Number);
  if (h === undefined || m === undefined) throw new Error(`bad label ${label}`);
  return h * 4 + m / 15;
}

/** Labels from `from` (inclusive) to `to` (exclusive), both "H.MM". */
export function labels(from: string, to: string): string[] {
  const out: string[] = [];
  for (let s = slotOf(from); s < slotOf(to); s++) out.push(`${Math.floor(s / 4)}.${String((s % 4) * 15).padStart(2, '0')}`);
  return out;
}

export function member(name: string, duration: number, times: Times, opts: Partial<StubMember> = {}): StubMember {
  return { memberId: randomUUID(), userId: '', name, email: '', duration, times, userTimes: {}, ...opts };
}

/**
 * The classes and availability neighbours as real gRPC servers over the generated service
 * definitions, answering from an in-memory world the test controls.
 */
export class Neighbours {
  readonly classes = new Map<string, StubClass>();
  readonly calls: { method: string; request: unknown }[] = [];
  /** school_id -> what GetRoomPlanning answers (the fake school service). */
  readonly roomPlanning = new Map<string, schoolV1.GetRoomPlanningResponse>();
  private server: grpc.Server | undefined;
  addr = '';

  addClass(teacherId: string, members: StubMember[] = [], teacherTimes: Times = {}, name = 'Klavier'): StubClass {
    const c: StubClass = { classId: randomUUID(), teacherId, name, members, teacherTimes };
    this.classes.set(c.classId, c);
    return c;
  }

  async start(): Promise<void> {
    const server = new grpc.Server();
    const fail = (cb: grpc.sendUnaryData<unknown>, code: grpc.status, details: string) =>
      cb({ code, details, name: 'Error', message: details, metadata: new grpc.Metadata() });
    const owned = (classId: string, teacherId: string, cb: grpc.sendUnaryData<unknown>): StubClass | undefined => {
      const c = this.classes.get(classId);
      if (!c) return void fail(cb, grpc.status.NOT_FOUND, 'Klasse nicht gefunden');
      if (teacherId && c.teacherId !== teacherId) return void fail(cb, grpc.status.PERMISSION_DENIED, 'Du hast keine Berechtigung für diese Aktion');
      return c;
    };
    const toProtoMember = (c: StubClass, m: StubMember): classesV1.Member => ({
      memberId: m.memberId,
      classId: c.classId,
      userId: m.userId,
      studentId: m.unverified ? '' : m.userId,
      name: m.name,
      email: m.email,
      duration: m.duration,
      frequency: m.frequency ?? 'weekly',
      needs: m.needs ? { values: m.needs } : undefined,
      siteIds: m.siteIds ? { values: m.siteIds } : undefined,
      family: '',
    });
    const week = (t: Times): availabilityV1.WeekTimes => mapToWeekTimes(t);
    server.addService(classesV1.ClassesServiceService, {
      getClass: (call: grpc.ServerUnaryCall<classesV1.GetClassRequest, classesV1.GetClassResponse>, cb: grpc.sendUnaryData<classesV1.GetClassResponse>) => {
        this.calls.push({ method: 'GetClass', request: call.request });
        const c = owned(call.request.classId, call.request.teacherId, cb as grpc.sendUnaryData<unknown>);
        if (!c) return;
        cb(null, {
          classInfo: {
            classId: c.classId,
            name: c.name,
            description: '',
            isGroup: false,
            registerShortcut: 'a-b-c',
            teacherId: c.teacherId,
            teacherName: 'L',
            institutionName: '',
            deadline: '',
            allowLateChanges: false,
            teacherEmail: '',
            school: c.school,
          },
        });
      },
      listMembers: (
        call: grpc.ServerUnaryCall<classesV1.ListMembersRequest, classesV1.ListMembersResponse>,
        cb: grpc.sendUnaryData<classesV1.ListMembersResponse>,
      ) => {
        this.calls.push({ method: 'ListMembers', request: call.request });
        const c = owned(call.request.classId, call.request.teacherId, cb as grpc.sendUnaryData<unknown>);
        if (!c) return;
        cb(null, { members: c.members.map((m) => toProtoMember(c, m)) });
      },
    });
    server.addService(schoolV1.SchoolServiceService, {
      getRoomPlanning: (
        call: grpc.ServerUnaryCall<schoolV1.GetRoomPlanningRequest, schoolV1.GetRoomPlanningResponse>,
        cb: grpc.sendUnaryData<schoolV1.GetRoomPlanningResponse>,
      ) => {
        this.calls.push({ method: 'GetRoomPlanning', request: call.request });
        const planning = this.roomPlanning.get(call.request.schoolId);
        if (!planning) return void fail(cb as grpc.sendUnaryData<unknown>, grpc.status.NOT_FOUND, 'Schule nicht gefunden.');
        cb(null, planning);
      },
    } as unknown as schoolV1.SchoolServiceServer);
    server.addService(availabilityV1.AvailabilityServiceService, {
      getPlanningData: (
        call: grpc.ServerUnaryCall<availabilityV1.GetPlanningDataRequest, availabilityV1.GetPlanningDataResponse>,
        cb: grpc.sendUnaryData<availabilityV1.GetPlanningDataResponse>,
      ) => {
        this.calls.push({ method: 'GetPlanningData', request: call.request });
        const c = this.classes.get(call.request.classId);
        if (!c) return void fail(cb as grpc.sendUnaryData<unknown>, grpc.status.NOT_FOUND, 'Klasse nicht gefunden');
        const refs = call.request.members;
        const ids = refs.length ? refs.map((r) => r.memberId) : c.members.map((m) => m.memberId);
        cb(null, {
          teacherTimes: week(c.teacherTimes),
          timeRange: undefined,
          rangeMode: '',
          extraMinutes: 0,
          members: ids.map((id, i) => {
            const m = c.members.find((x) => x.memberId === id);
            const withUser = (refs[i]?.userId ?? '') !== '';
            return {
              memberId: id,
              userId: m?.userId ?? '',
              availableTimes: week(m?.times ?? {}),
              availableTimesUserInput: week(withUser ? (m?.userTimes ?? {}) : {}),
              availableTimesUserInputLastModified: '',
              userInputUpdateTime: undefined,
              preferredTimes: week(m?.preferred ?? {}),
              preferredTimesUserInput: week(withUser ? (m?.userPreferred ?? {}) : {}),
            };
          }),
        });
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    this.server = server;
    this.addr = `127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.tryShutdown(() => r()) : r()));
  }
}

export function databaseUrl(): string {
  return inject('databaseUrl');
}

export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await client.query<R>(sql, values);
  } finally {
    await client.end();
  }
}

export type Service = Awaited<ReturnType<typeof start>>;

export interface Harness {
  svc: Service;
  issuer: TestIssuer;
  world: Neighbours;
  schema: string;
  base: string;
  teacherId: string;
  teacher: string;
  otherTeacherId: string;
  otherTeacher: string;
  student: string;
  stop(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const issuer = await startTestIssuer();
  const world = new Neighbours();
  await world.start();
  const schema = `t_sched_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const svc = await start({
    DATABASE_URL: databaseUrl(),
    DB_SCHEMA: schema,
    PORT: '0',
    GRPC_PORT: '0',
    SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
    LOG_LEVEL: 'silent',
    AUTH_JWKS_URL: issuer.jwksUrl,
    CLASSES_SERVICE_ADDR: world.addr,
    AVAILABILITY_SERVICE_ADDR: world.addr,
    SCHOOL_SERVICE_ADDR: world.addr,
    SOLVER_POOL_SIZE: '1',
    ...env,
  });
  const teacherId = randomUUID();
  const otherTeacherId = randomUUID();
  return {
    svc,
    issuer,
    world,
    schema,
    base: `http://127.0.0.1:${svc.httpPort}`,
    teacherId,
    teacher: await issuer.cookie({ userId: teacherId, role: 'teacher' }),
    otherTeacherId,
    otherTeacher: await issuer.cookie({ userId: otherTeacherId, role: 'teacher' }),
    student: await issuer.cookie({ role: 'student' }),
    async stop() {
      await svc.stop();
      await world.stop();
      await issuer.close();
      await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

/** Answers are read field by field in the tests; a loose type keeps them short. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResult<T = Json> {
  status: number;
  body: T;
}

export async function api<T = Json>(h: { base: string }, method: string, path: string, cookie?: string, body?: unknown): Promise<ApiResult<T>> {
  const res = await fetch(`${h.base}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed as T };
}

/** All 7 day keys, as the web always sends them. */
export function week(entries: Record<string, [string, string][]> = {}): Record<string, [string, string][]> {
  const out: Record<string, [string, string][]> = {};
  for (let d = 0; d < 7; d++) out[String(d)] = entries[String(d)] ?? [];
  return out;
}

/** One lesson as saved-form entries: one [label, member_id] per quarter hour. */
export function lesson(memberId: string, from: string, minutes: number): [string, string][] {
  const end = slotOf(from) + minutes / 15;
  const endLabel = `${Math.floor(end / 4)}.${String((end % 4) * 15).padStart(2, '0')}`;
  return labels(from, endLabel).map((l) => [l, memberId]);
}

export async function redisReachable(host = '127.0.0.1', port = 6379): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 5000, stepMs = 25): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`waitFor timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Subscribers of a Redis pub/sub channel (PUBSUB NUMSUB over a raw socket; no client library needed). */
export async function redisSubscribers(channel: string, host = '127.0.0.1', port = 6379): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host, port });
    let data = '';
    s.setTimeout(2000, () => {
      s.destroy();
      reject(new Error('redis timeout'));
    });
    s.once('connect', () => s.write(`*3\r\n$6\r\nPUBSUB\r\n$6\r\nNUMSUB\r\n$${Buffer.byteLength(channel)}\r\n${channel}\r\n`));
    s.on('data', (chunk) => {
      data += chunk.toString();
      const m = /:(\d+)\r\n$/.exec(data);
      if (m) {
        s.destroy();
        resolve(Number(m[1]));
      }
    });
    s.once('error', reject);
  });
}
