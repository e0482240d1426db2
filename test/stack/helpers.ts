import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export { minimalPdf } from '../fixtures/minimal-pdf.js';

/** The whole product in this process (embedded mode) on its own ports and its own fresh database. */
export async function startTestStack(databaseUrl: string, opts: { portOffset?: number; port?: number; env?: Record<string, string> } = {}) {
  const dbName = `stack_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-stack-'));
  // @ts-expect-error plain JS module of the repository
  const { startStack } = await import('../../scripts/stack.js');
  const port = opts.port ?? 20080;
  const portOffset = opts.portOffset ?? 14000;
  const launch = () => startStack({ databaseUrl: url.toString(), dataDir, port, portOffset, log: () => {}, env: { LOG_LEVEL: 'error', ...opts.env } });
  let stack = await launch();
  const httpPorts = {
    auth: 8081,
    classes: 8082,
    availability: 8083,
    'scheduling-solver': 8084,
    document: 8085,
    notification: 8086,
    lessons: 8087,
    school: 8088,
  };
  return {
    base: `http://127.0.0.1:${port}`,
    /** The stack's own database (every service's schema in it). */
    databaseUrl: url.toString(),
    /** The stack's data folder (signing key files). */
    dataDir,
    /** Each service's own HTTP address, bypassing the gateway. */
    serviceBase: Object.fromEntries(Object.entries(httpPorts).map(([name, p]) => [name, `http://127.0.0.1:${p + portOffset}`])) as Record<
      keyof typeof httpPorts,
      string
    >,
    /**
     * Stops the whole stack and starts it again on the same database and data folder (same signing keys)
     * with an empty memory store, as `npm start` after a restart of the process would.
     */
    async restart() {
      const storeOf = (st: typeof stack) => (st.services as { ctx?: { store?: unknown } }[])[0]?.ctx?.store;
      const before = storeOf(stack);
      await stack.stop();
      // The same module instance scripts/stack.js uses.
      const base = (await import('../../packages/base/dist/index.js')) as { forgetSharedMemoryStore(): void };
      base.forgetSharedMemoryStore();
      stack = await launch();
      if (!before || storeOf(stack) === before) throw new Error('restart kept the memory store');
    },
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: databaseUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; size: number }[];
}

/** A browser-like client: keeps the session cookie, sends Origin like a browser would. */
export class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async call<T = unknown>(method: string, p: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookie) headers.Cookie = this.cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (method !== 'GET') headers.Origin = this.base;
    const res = await fetch(`${this.base}${p}`, { method, headers, body: payload });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('sp_session=')) {
      const v = setCookie.split(';')[0]!;
      this.cookie = v === 'sp_session=' ? '' : v;
    }
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : type.includes('pdf') ? Buffer.from(await res.arrayBuffer()) : await res.text();
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = unknown>(p: string) {
    return this.call<T>('GET', p);
  }
  post<T = unknown>(p: string, body?: unknown) {
    return this.call<T>('POST', p, body);
  }
  put<T = unknown>(p: string, body?: unknown) {
    return this.call<T>('PUT', p, body);
  }
  del<T = unknown>(p: string) {
    return this.call<T>('DELETE', p);
  }
}

export async function mails(base: string): Promise<Mail[]> {
  const res = await fetch(`${base}/dev/mail.json`);
  return (await res.json()) as Mail[];
}

/** Waits until a mail to `to` matching `subject` arrives (events are asynchronous). */
export async function waitForMail(base: string, to: string, subject: RegExp, timeoutMs = 10000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mails(base)).find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function linkFrom(mail: Mail, pathPart: string): string {
  const m = mail.text.match(new RegExp(`https?://\\S*${pathPart.replace(/[/?]/g, '\\$&')}\\S*`));
  if (!m) throw new Error(`no link with ${pathPart} in mail "${mail.subject}"`);
  return m[0];
}

/** Registers, confirms through the mailed link and logs in. */
export async function signUp(base: string, who: { name: string; email: string; role: 'teacher' | 'student'; registerShortcut?: string; memberId?: string }) {
  const c = new Client(base);
  const password = 'Sicher123!';
  const reg = await c.post('/api/auth/register', {
    email: who.email,
    password,
    name: who.name,
    role_id: who.role === 'teacher' ? 2 : 1,
    institution_id: null,
    duration: who.role === 'student' ? 45 : null,
    registerShortcut: who.registerShortcut ?? null,
    memberId: who.memberId ?? null,
  });
  if (reg.status >= 300) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  const mail = await waitForMail(base, who.email, /bestätig/i);
  const token = new URL(linkFrom(mail, '/confirm-email')).searchParams.get('token');
  const conf = await c.post('/api/auth/confirm-email', { token });
  if (conf.status >= 300) throw new Error(`confirm ${conf.status} ${JSON.stringify(conf.body)}`);
  const login = await c.post('/api/auth/login', { email: who.email, password });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  return c;
}

export const uniqueEmail = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}@example.org`;

/** A new class of `teacher` (201 expected): its id and registration code. */
export async function createClass(teacher: Client, name: string): Promise<{ class_id: string; register_shortcut: string }> {
  const created = await teacher.post<{ class_id: string; register_shortcut: string }>('/api/classes', {
    name,
    description: null,
    is_group: false,
    register_shortcut: '',
  });
  if (created.status !== 201) throw new Error(`creating class ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}
