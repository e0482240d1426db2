import { randomUUID } from 'node:crypto';
import { grpc, slotsToWeekTimes, Topic, weekTimesToMap, type EventEnvelope, type EventPayload } from '@stundenplan/base';
import { randomSchema, startTestIssuer, TEST_SERVICE_TOKEN_KEY, type TestIssuer } from '@stundenplan/base/testing';
import { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots } from '@stundenplan/timegrid';
import pg from 'pg';
import { inject } from 'vitest';
import { start, type ClassesService } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export type Times = Record<string, string[]>;

/** Parsed JSON answers and rows in tests: loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A tiny real availability service: remembers teacher-entered member times and serves users' own times. */
export class AvailabilityStub {
  server = new grpc.Server();
  port = 0;
  fail = false;
  memberTimes = new Map<string, Times>();
  userTimes = new Map<string, Times>();
  userModified = new Map<string, string>();
  calls: { method: string; req: unknown; requestId?: string }[] = [];

  /** Answers in the compact form, as the availability service does. */
  private static toWeek(t: Times | undefined): availabilityV1.WeekTimes {
    return slotsToWeekTimes(WeekSlots.fromTimesMap(t ?? {}, { strict: false }));
  }
  private modified(userId: string): Date | undefined {
    const iso = this.userModified.get(userId);
    return iso ? new Date(iso) : undefined;
  }

  private static fromWeek(w: availabilityV1.WeekTimes | undefined): Times {
    return weekTimesToMap(w);
  }

  async start(): Promise<string> {
    const unavailable = { code: grpc.status.UNAVAILABLE, details: 'stub down' };
    this.server.addService(availabilityV1.AvailabilityServiceService, {
      getPlanningData: (
        call: grpc.ServerUnaryCall<availabilityV1.GetPlanningDataRequest, unknown>,
        cb: grpc.sendUnaryData<availabilityV1.GetPlanningDataResponse>,
      ) => {
        this.calls.push({ method: 'getPlanningData', req: call.request });
        if (this.fail) return cb(unavailable);
        cb(null, {
          teacherTimes: undefined,
          timeRange: undefined,
          rangeMode: '',
          extraMinutes: 0,
          members: [
            ...call.request.members.map(({ memberId }) => ({
              memberId,
              userId: '',
              availableTimes: AvailabilityStub.toWeek(this.memberTimes.get(memberId)),
              availableTimesUserInput: undefined,
              availableTimesUserInputLastModified: '',
              userInputUpdateTime: undefined,
              preferredTimes: undefined,
              preferredTimesUserInput: undefined,
            })),
            // students' own times, one entry per user id
            ...call.request.members.map(({ userId }) => ({
              memberId: '',
              userId,
              availableTimes: undefined,
              availableTimesUserInput: AvailabilityStub.toWeek(this.userTimes.get(userId)),
              availableTimesUserInputLastModified: '',
              userInputUpdateTime: this.modified(userId),
              preferredTimes: undefined,
              preferredTimesUserInput: undefined,
            })),
          ],
        });
      },
      countAnswered: (
        call: grpc.ServerUnaryCall<availabilityV1.CountAnsweredRequest, unknown>,
        cb: grpc.sendUnaryData<availabilityV1.CountAnsweredResponse>,
      ) => {
        this.calls.push({ method: 'countAnswered', req: call.request, requestId: call.metadata.get('x-request-id')[0] as string | undefined });
        if (this.fail) return cb(unavailable);
        const has = (t: Times | undefined) => Object.values(t ?? {}).some((labels) => labels.length > 0);
        cb(null, {
          counts: call.request.classes.map((c) => c.members.filter((m) => has(this.memberTimes.get(m.memberId)) || has(this.userTimes.get(m.userId))).length),
        });
      },
      getUserTimes: (call: grpc.ServerUnaryCall<availabilityV1.GetUserTimesRequest, unknown>, cb: grpc.sendUnaryData<availabilityV1.GetUserTimesResponse>) => {
        this.calls.push({ method: 'getUserTimes', req: call.request });
        if (this.fail) return cb(unavailable);
        cb(null, {
          users: call.request.userIds.map((userId) => ({
            memberId: '',
            userId,
            availableTimes: undefined,
            availableTimesUserInput: AvailabilityStub.toWeek(this.userTimes.get(userId)),
            availableTimesUserInputLastModified: '',
            userInputUpdateTime: this.modified(userId),
            preferredTimes: undefined,
            preferredTimesUserInput: undefined,
          })),
        });
      },
      setMemberTimes: (
        call: grpc.ServerUnaryCall<availabilityV1.SetMemberTimesRequest, unknown>,
        cb: grpc.sendUnaryData<availabilityV1.SetMemberTimesResponse>,
      ) => {
        this.calls.push({ method: 'setMemberTimes', req: call.request });
        if (this.fail) return cb(unavailable);
        const t = AvailabilityStub.fromWeek(call.request.availableTimes);
        this.memberTimes.set(call.request.memberId, t);
        cb(null, { availableTimes: AvailabilityStub.toWeek(t), preferredTimes: undefined });
      },
    });
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    return `127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.tryShutdown(() => r()));
  }
}

export interface Actor {
  userId: string;
  name: string;
  email: string;
  cookie: string;
}

export interface ApiResponse<T = Json> {
  status: number;
  body: T;
}

export interface Harness {
  svc: ClassesService;
  /** The harness's schema (pass it to a second harness for a second replica or a restart). */
  schema: string;
  issuer: TestIssuer;
  availability: AvailabilityStub | undefined;
  base: string;
  call<T = Json>(method: string, path: string, actor?: Actor | null, body?: unknown): Promise<ApiResponse<T>>;
  teacher(opts?: { name?: string; directory?: boolean; institution?: { id: string; name: string } }): Promise<Actor>;
  student(opts?: { name?: string; email?: string; directory?: boolean; duration?: number; institutionId?: string | null }): Promise<Actor>;
  publish<T extends Topic>(topic: T, payload: EventPayload<T>, key?: string): Promise<void>;
  waitFor<T>(fn: () => Promise<T | undefined | null | false>, ms?: number): Promise<T>;
  outbox(topic: string): Promise<Json[]>;
  sql<T = Json>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

let counter = 0;

export interface HarnessOptions {
  availability?: boolean;
  env?: Record<string, string>;
  /** Run on this existing schema (another replica, or a restart) instead of a fresh one; stop() then leaves it (see dropSchema). */
  schema?: string;
  /** The clock of the automatic reminders. */
  now?: () => Date;
}

/** Drops a test schema (one that harnesses started with `schema` left behind). */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Starts the real classes service on a fresh schema, a test token issuer and (optionally) the availability stub. */
export async function startHarness(opts: HarnessOptions = { availability: true }): Promise<Harness> {
  const issuer = await startTestIssuer();
  const availability = opts.availability === false ? undefined : new AvailabilityStub();
  const addr = availability ? await availability.start() : '127.0.0.1:1';
  const schema = opts.schema ?? randomSchema('t_classes');
  const svc = await start(
    {
      DATABASE_URL: inject('databaseUrl'),
      DB_SCHEMA: schema,
      PORT: '0',
      GRPC_PORT: '0',
      SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
      AUTH_JWKS_URL: issuer.jwksUrl,
      AVAILABILITY_SERVICE_ADDR: addr,
      PUBLIC_BASE_URL: 'https://stundenplan.example.org',
      LOG_LEVEL: 'silent',
      // No retention timer: the tests' clocks jump years ahead; retention.int.test.ts runs its passes itself.
      RETENTION_INTERVAL_MS: '0',
      ...opts.env,
    },
    { now: opts.now },
  );
  const base = `http://127.0.0.1:${svc.httpPort}`;
  const pool = svc.ctx.pool!;

  const h: Harness = {
    svc,
    schema,
    issuer,
    availability,
    base,
    async call(method, path, actor, body) {
      const headers: Record<string, string> = {};
      if (actor) headers.cookie = actor.cookie;
      let payload: string | undefined;
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const res = await fetch(`${base}${path}`, { method, headers, body: payload });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* keep text */
      }
      return { status: res.status, body: parsed as Json };
    },
    async teacher(o = {}) {
      const n = ++counter;
      const userId = randomUUID();
      const name = o.name ?? `Lehrkraft Nummer${n}`;
      const email = `lehrkraft${n}.${userId.slice(0, 6)}@hmtm.example.org`;
      if (o.directory !== false) {
        await h.publish(Topic.UserRegistered, {
          user_id: userId,
          name,
          email,
          role_id: 2,
          duration: null,
          institution_id: o.institution?.id ?? 'inst-1',
          institution_name: o.institution?.name ?? 'Hochschule für Musik und Theater München',
          register_shortcut: null,
          member_id: null,
          class_id: null,
        });
        await h.waitFor(async () => (await h.sql('SELECT 1 FROM user_directory WHERE user_id = $1', [userId])).length > 0);
      }
      return { userId, name, email, cookie: await issuer.cookie({ userId, role: 'teacher', email, name }) };
    },
    async student(o = {}) {
      const n = ++counter;
      const userId = randomUUID();
      const name = o.name ?? `Studentin Nummer${n}`;
      const email = o.email ?? `student${n}.${userId.slice(0, 6)}@stud.example.org`;
      if (o.directory !== false) {
        await h.publish(Topic.UserRegistered, {
          user_id: userId,
          name,
          email,
          role_id: 1,
          duration: o.duration ?? 45,
          institution_id: o.institutionId === undefined ? 'inst-1' : o.institutionId,
          institution_name: 'Hochschule für Musik und Theater München',
          register_shortcut: null,
          member_id: null,
          class_id: null,
        });
        await h.waitFor(async () => (await h.sql('SELECT 1 FROM user_directory WHERE user_id = $1', [userId])).length > 0);
      }
      return { userId, name, email, cookie: await issuer.cookie({ userId, role: 'student', email, name }) };
    },
    async publish(topic, payload, key) {
      const event: EventEnvelope<typeof topic> = {
        id: randomUUID(),
        topic,
        key: key ?? randomUUID(),
        version: 1,
        occurredAt: new Date().toISOString(),
        payload,
      };
      await svc.ctx.bus.publish(event);
    },
    async waitFor(fn, ms = 5000) {
      const until = Date.now() + ms;
      for (;;) {
        const v = await fn();
        if (v) return v as Json;
        if (Date.now() > until) throw new Error('waitFor: condition not met in time');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async outbox(topic) {
      const { rows } = await pool.query<{ payload: { payload: unknown } }>('SELECT payload FROM outbox_events WHERE topic = $1 ORDER BY seq', [topic]);
      return rows.map((r) => r.payload.payload);
    },
    async sql(text, values = []) {
      const { rows } = await pool.query(text, values);
      return rows;
    },
    async stop() {
      await svc.stop();
      await availability?.stop();
      await issuer.close();
      // Leave CI's shared database as it was (a given schema belongs to the caller).
      if (!opts.schema) await dropSchema(schema);
    },
  };
  return h;
}

/** Creates a class through the API and returns it. */
export async function createClass(h: Harness, teacher: Actor, name = 'Klavier Hauptfach', extra: Record<string, unknown> = {}) {
  const res = await h.call('POST', '/api/classes', teacher, { name, description: 'Wintersemester', is_group: false, register_shortcut: '', ...extra });
  if (res.status !== 201) throw new Error(`createClass failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { class_id: string; name: string; register_shortcut: string; description: string | null; member_count: number };
}

/** Adds unregistered members; returns their rows. */
export async function addMembers(h: Harness, teacher: Actor, classId: string, students: { name: string; email?: string | null; duration?: unknown }[]) {
  const res = await h.call('POST', `/api/classes/${classId}/members/new`, teacher, { students });
  if (res.status !== 201) throw new Error(`addMembers failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.members as { member_id: string; name: string; email: string | null; duration: number }[];
}
