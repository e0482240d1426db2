import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { grpc } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';
import pg from 'pg';
import { inject } from 'vitest';
import { dropSchemasAt, queryAt, sleep, TEST_SERVICE_TOKEN_KEY, waitFor as waitForBase } from '@stundenplan/base/testing';
import { start, type AuthService } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export { sleep };

export const databaseUrl = (): string => inject('databaseUrl');

export function randomSchema(prefix = 't_auth'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

export const sql = <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> =>
  queryAt<R>(databaseUrl(), text, values);

export const dropSchemas = (schemas: string[]): Promise<void> => dropSchemasAt(databaseUrl(), schemas);

export const waitFor = <T>(check: () => T | Promise<T>, timeoutMs = 8000, stepMs = 25): Promise<NonNullable<T>> => waitForBase(check, timeoutMs, stepMs);

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  /** Set-Cookie header lines */
  cookies: string[];
}

/** Real HTTP against a started service; `cookie` is sent as is. */
export function client(baseUrl: string) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: { body?: unknown; cookie?: string; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined || opts.raw !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.cookie) headers.Cookie = opts.cookie;
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as T, headers: res.headers, cookies: res.headers.getSetCookie() };
  };
}

/** 'sp_session=…' from a Set-Cookie list (for the Cookie header of later calls). */
export function sessionCookie(cookies: string[]): string {
  const line = cookies.find((c) => c.startsWith('sp_session='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return line.split(';')[0]!;
}

export interface MailEvent {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Mail requests the auth service wrote to its outbox (what the notification service would receive). */
export async function outboxMails(schema: string, to?: string): Promise<MailEvent[]> {
  const rows = await sql<{ payload: { payload: MailEvent } }>(`SELECT payload FROM "${schema}".outbox_events WHERE topic = 'mail.requested.v1' ORDER BY seq`);
  return rows.map((r) => r.payload.payload).filter((m) => !to || m.to === to);
}

export async function outboxEvents<P = Record<string, unknown>>(schema: string, topic: string): Promise<{ id: string; key: string; payload: P }[]> {
  const rows = await sql<{ payload: { id: string; key: string; payload: P } }>(`SELECT payload FROM "${schema}".outbox_events WHERE topic = $1 ORDER BY seq`, [
    topic,
  ]);
  return rows.map((r) => r.payload);
}

export function confirmTokenOf(mail: MailEvent): string {
  const m = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no confirmation link in: ${mail.text}`);
  return m[1]!;
}

export function resetTokenOf(mail: MailEvent): string {
  const m = /\/update-password#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no reset link in: ${mail.text}`);
  return m[1]!;
}

export interface StubClasses {
  addr: string;
  classes: Map<string, classesV1.ClassInfo>;
  members: Map<string, classesV1.Member>;
  memberships: Map<string, classesV1.Membership[]>;
  calls: { method: string; request: unknown }[];
  close(): Promise<void>;
}

type Unary<Req, Res> = (call: grpc.ServerUnaryCall<Req, Res>, cb: grpc.sendUnaryData<Res>) => void;

/** A tiny real ClassesService on a free port: answers from the maps, NOT_FOUND otherwise. */
export async function startClassesStub(): Promise<StubClasses> {
  const classes = new Map<string, classesV1.ClassInfo>();
  const members = new Map<string, classesV1.Member>();
  const memberships = new Map<string, classesV1.Membership[]>();
  const calls: StubClasses['calls'] = [];
  const notFound = (what: string) => ({ code: grpc.status.NOT_FOUND, details: `${what} nicht gefunden` });
  const getClassByShortcut: Unary<classesV1.GetClassByShortcutRequest, classesV1.GetClassByShortcutResponse> = (call, cb) => {
    calls.push({ method: 'GetClassByShortcut', request: call.request });
    const c = classes.get(call.request.registerShortcut);
    if (c) cb(null, { classInfo: c });
    else cb(notFound('Klasse'));
  };
  const getMember: Unary<classesV1.GetMemberRequest, classesV1.GetMemberResponse> = (call, cb) => {
    calls.push({ method: 'GetMember', request: call.request });
    const m = members.get(call.request.memberId);
    if (m && m.classId === call.request.classId) cb(null, { member: m });
    else cb(notFound('Mitglied'));
  };
  const listMemberships: Unary<classesV1.ListMembershipsRequest, classesV1.ListMembershipsResponse> = (call, cb) => {
    calls.push({ method: 'ListMemberships', request: call.request });
    cb(null, { memberships: memberships.get(call.request.userId) ?? [] });
  };
  const server = new grpc.Server();
  server.addService(classesV1.ClassesServiceService, { getClassByShortcut, getMember, listMemberships } as unknown as grpc.UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    addr: `127.0.0.1:${port}`,
    classes,
    members,
    memberships,
    calls,
    close: () => new Promise((r) => server.tryShutdown(() => r())),
  };
}

/** A TCP port nobody listens on (a service that is down). */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface TestAuth {
  svc: AuthService;
  schema: string;
  base: string;
  call: ReturnType<typeof client>;
}

/** A fresh schema, or with env.DB_SCHEMA the existing one (a restart on the same data). */
export async function startAuth(env: Record<string, string> = {}): Promise<TestAuth> {
  const schema = env.DB_SCHEMA ?? randomSchema();
  const svc = await start({
    DATABASE_URL: databaseUrl(),
    DB_SCHEMA: schema,
    PORT: '0',
    GRPC_PORT: '0',
    SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    EVENT_BUS: 'memory',
    STORE: 'memory',
    PUBLIC_BASE_URL: 'http://localhost:8080',
    CLASSES_SERVICE_ADDR: `127.0.0.1:${await closedPort()}`,
    ...env,
  });
  const base = `http://127.0.0.1:${svc.httpPort}`;
  return { svc, schema, base, call: client(base) };
}

/** Registers and confirms an account through the real endpoints; returns its session cookie. */
export async function registerConfirmed(
  auth: TestAuth,
  user: { email: string; password?: string; name?: string; role_id?: number; duration?: number },
): Promise<{ cookie: string; userId: string; password: string }> {
  const password = user.password ?? 'geheim123';
  const reg = await auth.call('POST', '/api/auth/register', {
    body: { email: user.email, password, name: user.name ?? 'Erika Mustermann', role_id: user.role_id ?? 2, duration: user.duration ?? null },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const mails = await outboxMails(auth.schema, user.email.toLowerCase());
  const conf = await auth.call('POST', '/api/auth/confirm-email', { body: { token: confirmTokenOf(mails.at(-1)!) } });
  if (conf.status !== 200) throw new Error(`confirm failed: ${conf.status} ${JSON.stringify(conf.body)}`);
  const login = await auth.call('POST', '/api/auth/login', { body: { email: user.email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { cookie: sessionCookie(login.cookies), userId: String((login.body as { user_id: string }).user_id), password };
}

/** GET with the path sent byte for byte (fetch would resolve '%2e%2e' and dot segments before sending). */
export function rawGet(a: { base: string }, pathAndQuery: string): Promise<{ status: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(a.base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method: 'GET', path: pathAndQuery }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
