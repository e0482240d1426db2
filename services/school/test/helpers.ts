import { randomUUID } from 'node:crypto';
import { grpc, sharedInProcessBus, type EventEnvelope, type EventPayload, type Topic } from '@stundenplan/base';
import { dropSchemasAt, randomSchema, startTestIssuer, TEST_SERVICE_TOKEN_KEY, testServiceTokenVerifier, type TestIssuer } from '@stundenplan/base/testing';
import { accountsV1, classesV1 } from '@stundenplan/proto';
import { inject } from 'vitest';
import { start, type SchoolService } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** Parsed JSON answers in tests: loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface StubAccount {
  userId: string;
  email: string;
  name: string;
  role: 'teacher' | 'student';
  institutionId: string;
}

/** A tiny real auth service (AccountsService over gRPC, service tokens checked) with the accounts a test gives it. */
export class AccountsStub {
  readonly server = new grpc.Server();
  readonly accounts: StubAccount[] = [];
  readonly institutions = new Map<string, string>();
  private readonly verify = testServiceTokenVerifier('auth');

  async start(): Promise<string> {
    const notFound = { code: grpc.status.NOT_FOUND, details: 'not found' };
    const unauthenticated = { code: grpc.status.UNAUTHENTICATED, details: 'no service token' };
    const checked = <Req, Res>(fn: (req: Req) => Res | undefined) => {
      return (call: grpc.ServerUnaryCall<Req, Res>, cb: grpc.sendUnaryData<Res>) => {
        this.verify(call.metadata).then(
          () => {
            const res = fn(call.request);
            if (res) cb(null, res);
            else cb(notFound);
          },
          () => cb(unauthenticated),
        );
      };
    };
    this.server.addService(accountsV1.AccountsServiceService, {
      findAccount: checked<accountsV1.FindAccountRequest, accountsV1.FindAccountResponse>((req) => {
        const a = this.accounts.find((x) => (req.userId ? x.userId === req.userId : x.email === req.email.toLowerCase()));
        if (!a) return undefined;
        return { account: { ...a, institutionName: this.institutions.get(a.institutionId) ?? '' } };
      }),
      getInstitution: checked<accountsV1.GetInstitutionRequest, accountsV1.GetInstitutionResponse>((req) => {
        const name = this.institutions.get(req.institutionId);
        return name ? { institution: { institutionId: req.institutionId, name } } : undefined;
      }),
    });
    const port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    return `127.0.0.1:${port}`;
  }

  institution(name: string): string {
    const id = randomUUID();
    this.institutions.set(id, name);
    return id;
  }

  account(role: 'teacher' | 'student', institutionId: string, name = 'Test Person'): StubAccount {
    const a = { userId: randomUUID(), email: `${randomUUID().slice(0, 8)}@example.org`, name, role, institutionId };
    this.accounts.push(a);
    return a;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.tryShutdown(() => r()));
  }
}

/** A tiny real classes service: ListMembers of the classes a test gives it, for their teacher only. */
export class ClassesStub {
  readonly server = new grpc.Server();
  /** class id -> its teacher and members (id -> name). */
  readonly classes = new Map<string, { teacherId: string; members: Map<string, string> }>();
  /** Calls of ListMembers, to prove whose pupils were asked for. */
  readonly asked: string[] = [];
  private readonly verify = testServiceTokenVerifier('classes');

  async start(): Promise<string> {
    this.server.addService(classesV1.ClassesServiceService, {
      listMembers: (
        call: grpc.ServerUnaryCall<classesV1.ListMembersRequest, classesV1.ListMembersResponse>,
        cb: grpc.sendUnaryData<classesV1.ListMembersResponse>,
      ) => {
        this.verify(call.metadata).then(
          () => {
            const c = this.classes.get(call.request.classId);
            if (!c) return cb({ code: grpc.status.NOT_FOUND, details: 'Klasse/Kurs nicht gefunden' });
            if (c.teacherId !== call.request.teacherId) return cb({ code: grpc.status.PERMISSION_DENIED, details: 'not the teacher' });
            this.asked.push(call.request.classId);
            cb(null, { members: [...c.members].map(([memberId, name]) => classesV1.Member.fromPartial({ memberId, classId: call.request.classId, name })) });
          },
          () => cb({ code: grpc.status.UNAUTHENTICATED, details: 'no service token' }),
        );
      },
    } as unknown as grpc.UntypedServiceImplementation);
    const port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    return `127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.tryShutdown(() => r()));
  }
}

/** Delivers an event the way the in-process bus of embedded mode does (the service under test consumes it). */
export async function deliver<T extends Topic>(topic: T, payload: EventPayload<T>, id: string = randomUUID()): Promise<void> {
  const event: EventEnvelope<T> = { id, topic, key: 'test', version: 1, occurredAt: new Date().toISOString(), payload };
  const bus = sharedInProcessBus();
  await bus.publish(event);
  await bus.drain();
}

export interface Harness {
  svc: SchoolService;
  accounts: AccountsStub;
  classes: ClassesStub;
  issuer: TestIssuer;
  schema: string;
  base: string;
  grpcAddr: string;
  /** Real HTTP as the given account (none: without a session). */
  call(method: string, path: string, as?: StubAccount, body?: unknown): Promise<{ status: number; body: Json }>;
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const issuer = await startTestIssuer();
  const accounts = new AccountsStub();
  const authAddr = await accounts.start();
  const classes = new ClassesStub();
  const classesAddr = await classes.start();
  const schema = randomSchema('t_school');
  const svc = await start({
    DATABASE_URL: inject('databaseUrl'),
    DB_SCHEMA: schema,
    PORT: '0',
    GRPC_PORT: '0',
    SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
    AUTH_JWKS_URL: issuer.jwksUrl,
    AUTH_SERVICE_ADDR: authAddr,
    CLASSES_SERVICE_ADDR: classesAddr,
    LOG_LEVEL: process.env.SCHOOL_TEST_LOG_LEVEL ?? 'silent',
  });
  const base = `http://127.0.0.1:${svc.httpPort}`;
  return {
    svc,
    accounts,
    classes,
    issuer,
    schema,
    base,
    grpcAddr: `127.0.0.1:${svc.grpcPort}`,
    async call(method, path, as, body) {
      const headers: Record<string, string> = {};
      if (as) headers.cookie = await issuer.cookie({ userId: as.userId, role: as.role, email: as.email, name: as.name });
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Json) : undefined };
    },
    async stop() {
      await svc.stop();
      await accounts.stop();
      await classes.stop();
      await issuer.close();
      await dropSchemasAt(inject('databaseUrl'), [schema]);
    },
  };
}
