/**
 * Test harness: the real availability service on a random schema of the run's PostgreSQL, a real
 * JWKS issuer for sessions, and the classes neighbour as a tiny real gRPC server answering
 * GetClass / ListMemberships from an in-test table.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ChangeScope, grpc, Topic, type EventEnvelope, type EventPayload } from '@stundenplan/base';
import { randomSchema, startTestIssuer, TEST_SERVICE_TOKEN_KEY, type TestIssuer, testServiceClient } from '@stundenplan/base/testing';
import { availabilityV1, classesV1 } from '@stundenplan/proto';
import { SLOT_LABELS } from '@stundenplan/timegrid';
import { inject } from 'vitest';
import { start, type AvailabilityService } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** A map that reports every change (the stub's tables, see ClassesStub.onChange). */
class ReportingMap<K, V> extends Map<K, V> {
  constructor(private readonly report: () => void) {
    super();
  }
  override set(key: K, value: V): this {
    super.set(key, value);
    this.report?.();
    return this;
  }
  override delete(key: K): boolean {
    const had = super.delete(key);
    this.report?.();
    return had;
  }
  override clear(): void {
    super.clear();
    this.report?.();
  }
}

/** The classes service as far as availability sees it. */
export class ClassesStub {
  /** Told of every change of the tables below; like the real service it moves the `classes` change stamp. */
  onChange: () => void = () => {};
  private readonly changed = () => this.onChange();
  /** class id -> teacher id */
  readonly classes = new ReportingMap<string, string>(this.changed);
  /** user id -> class ids the user is a member of */
  readonly memberships = new ReportingMap<string, string[]>(this.changed);
  /** class id -> deadline (YYYY-MM-DD) and whether late changes are allowed */
  readonly deadlines = new ReportingMap<string, { deadline: string; allowLateChanges: boolean }>(this.changed);
  /** `${userId}/${classId}` of memberships the student has not verified yet (all others are verified) */
  readonly unverified = new ReportingMap<string, true>(this.changed);
  /** class id -> its semester (ListSemesters) */
  readonly semesters = new Map<string, Omit<classesV1.Semester, 'classId'>>();
  readonly calls: { method: string; request: unknown }[] = [];
  /** When set, every call fails with this status (e.g. UNAVAILABLE). */
  failWith: grpc.status | undefined;
  server!: grpc.Server;
  port = 0;

  addClass(teacherId: string, classId: string = randomUUID()): string {
    this.classes.set(classId, teacherId);
    return classId;
  }

  join(userId: string, ...classIds: string[]): void {
    this.memberships.set(userId, [...(this.memberships.get(userId) ?? []), ...classIds]);
  }

  /** A membership a teacher created that the student has not verified yet (no student_id). */
  joinUnverified(userId: string, classId: string): void {
    this.unverified.set(`${userId}/${classId}`, true);
    this.join(userId, classId);
  }

  async start(): Promise<void> {
    const impl: Partial<classesV1.ClassesServiceServer> = {
      getClass: (call, cb) => {
        this.calls.push({ method: 'GetClass', request: call.request });
        if (this.failWith !== undefined) return cb({ code: this.failWith, details: 'down' });
        const teacherId = this.classes.get(call.request.classId);
        if (!teacherId) return cb({ code: grpc.status.NOT_FOUND, details: 'Klasse nicht gefunden' });
        if (call.request.teacherId && call.request.teacherId !== teacherId) {
          return cb({ code: grpc.status.PERMISSION_DENIED, details: 'Du hast keine Berechtigung für diese Aktion' });
        }
        cb(null, {
          classInfo: {
            classId: call.request.classId,
            name: 'Klavier',
            description: '',
            isGroup: false,
            registerShortcut: 'a-b-c',
            teacherId,
            teacherName: 'L',
            institutionName: 'I',
            deadline: '',
            allowLateChanges: false,
            teacherEmail: '',
            school: undefined,
          },
        });
      },
      listMemberships: (call, cb) => {
        this.calls.push({ method: 'ListMemberships', request: call.request });
        if (this.failWith !== undefined) return cb({ code: this.failWith, details: 'down' });
        const classIds = this.memberships.get(call.request.userId) ?? [];
        cb(null, {
          memberships: classIds.map((classId) => ({
            member: {
              memberId: randomUUID(),
              classId,
              userId: call.request.userId,
              studentId: this.unverified.has(`${call.request.userId}/${classId}`) ? '' : call.request.userId,
              name: 'S',
              email: 's@example.org',
              duration: 30,
              frequency: 'weekly',
              needs: undefined,
              siteIds: undefined,
              family: '',
            },
            classInfo: {
              classId,
              name: 'Klavier',
              description: '',
              isGroup: false,
              registerShortcut: 'a-b-c',
              teacherId: this.classes.get(classId) ?? '',
              teacherName: 'L',
              institutionName: 'I',
              deadline: this.deadlines.get(classId)?.deadline ?? '',
              allowLateChanges: this.deadlines.get(classId)?.allowLateChanges ?? false,
              teacherEmail: '',
              school: undefined,
            },
          })),
        });
      },
      listSemesters: (call, cb) => {
        this.calls.push({ method: 'ListSemesters', request: call.request });
        if (this.failWith !== undefined) return cb({ code: this.failWith, details: 'down' });
        const semesters = call.request.classIds.flatMap((classId) => {
          const s = this.semesters.get(classId);
          return s ? [{ classId, ...s }] : [];
        });
        cb(null, { semesters });
      },
    };
    this.server = new grpc.Server();
    this.server.addService(classesV1.ClassesServiceService, impl as classesV1.ClassesServiceServer);
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
  }

  stop(): void {
    this.server.forceShutdown();
  }
}

export interface Harness {
  svc: AvailabilityService;
  issuer: TestIssuer;
  classes: ClassesStub;
  schema: string;
  base: string;
  /** Rows of one table of the service's schema. */
  rows<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<R[]>;
  /** times.changed.v1 events the service published (through its outbox and the bus). */
  published: EventEnvelope[];
  grpcClient: availabilityV1.AvailabilityServiceClient;
  stop(): Promise<void>;
}

/** `env`: further settings of the service (e.g. the calendar import's test settings). */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const issuer = await startTestIssuer();
  const classes = new ClassesStub();
  await classes.start();
  const schema = randomSchema('t_avail');
  const databaseUrl = inject('databaseUrl');
  const svc = await start({
    DATABASE_URL: databaseUrl,
    DB_SCHEMA: schema,
    PORT: '0',
    GRPC_PORT: '0',
    SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
    LOG_LEVEL: 'silent',
    AUTH_JWKS_URL: issuer.jwksUrl,
    CLASSES_SERVICE_ADDR: `127.0.0.1:${classes.port}`,
    ...env,
  });
  classes.onChange = () => void svc.ctx.stamps.bump([ChangeScope.classes]);
  const published: EventEnvelope[] = [];
  await svc.ctx.bus.subscribe(Topic.TimesChanged, `test-recorder-${schema}`, async (e) => {
    published.push(e);
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` });
  const grpcClient = testServiceClient(availabilityV1.AvailabilityServiceClient, `127.0.0.1:${svc.grpcPort}`, 'availability');
  return {
    svc,
    issuer,
    classes,
    schema,
    base: `http://127.0.0.1:${svc.httpPort}`,
    published,
    grpcClient,
    rows: async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => (await db.query<R>(sql, values)).rows,
    stop: async () => {
      grpcClient.close();
      await svc.stop();
      classes.stop();
      await issuer.close();
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.end();
    },
  };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Person {
  userId: string;
  cookie: string;
}

export async function person(h: Harness, role: 'teacher' | 'student'): Promise<Person> {
  const userId = randomUUID();
  return { userId, cookie: await h.issuer.cookie({ userId, role }) };
}

export async function call(h: Harness, method: string, path: string, who?: Person, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who.cookie;
  let payload: string | undefined;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(`${h.base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Promise form of a unary call of the availability client. */
export function rpc<Req, Res>(h: Harness, method: 'getPlanningData' | 'getUserTimes' | 'setMemberTimes' | 'countAnswered', req: Req): Promise<Res> {
  const client = h.grpcClient as unknown as Record<string, (r: Req, cb: (err: grpc.ServiceError | null, res: Res) => void) => void>;
  return new Promise((resolve, reject) => client[method]!.call(h.grpcClient, req, (err, res) => (err ? reject(err) : resolve(res))));
}

/** Publish an event onto the bus the service consumes, as another service's relay would. */
export async function deliver<T extends Topic>(h: Harness, topic: T, payload: EventPayload<T>, id: string = randomUUID()): Promise<string> {
  await h.svc.ctx.bus.publish({ id, topic, key: 'k', version: 1, occurredAt: new Date().toISOString(), payload });
  return id;
}

export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A label list for a whole day span, e.g. span(36, 40) = ["9.00", "9.15", "9.30", "9.45"]. */
export function span(from: number, to: number): string[] {
  return SLOT_LABELS.slice(from, to);
}
