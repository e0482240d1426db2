import { TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, databaseUrl, dropSchemas, randomSchema, sessionCookie, startAuth, waitFor, type TestAuth } from './helpers.js';

/**
 * End to end in one process, as in embedded mode: auth and notification on the same database and the
 * in-process event bus. Register -> the confirmation mail appears at /dev/mail.json -> its link confirms
 * -> login works; forgot password -> the reset mail's link sets a new password.
 */

interface MailJson {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
}

interface Started {
  httpPort: number;
  stop(): Promise<void>;
}

let auth: TestAuth;
let notification: Started;
let notificationSchema: string;
const call = () => client(`http://127.0.0.1:${notification.httpPort}`);

beforeAll(async () => {
  // Loaded by path so the auth typecheck does not compile the notification service's sources.
  const modulePath = new URL('../../notification/src/main.ts', import.meta.url).pathname;
  const mod = (await import(/* @vite-ignore */ modulePath)) as { start(env: Record<string, string>): Promise<Started> };
  notificationSchema = randomSchema('t_notif');
  notification = await mod.start({
    DATABASE_URL: databaseUrl(),
    DB_SCHEMA: notificationSchema,
    PORT: '0',
    GRPC_PORT: '0',
    SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
    LOG_LEVEL: 'silent',
    EVENT_BUS: 'memory',
    STORE: 'memory',
    MAIL_TRANSPORT: 'outbox',
  });
  auth = await startAuth({ EVENT_BUS: 'memory', PUBLIC_BASE_URL: 'http://localhost:8080' });
});

afterAll(async () => {
  await auth?.svc.stop();
  await notification?.stop();
  await dropSchemas([auth?.schema, notificationSchema].filter(Boolean) as string[]);
});

async function mailTo(address: string, subjectPart: string): Promise<MailJson> {
  return waitFor(async () => {
    const res = await call()<MailJson[]>('GET', `/dev/mail.json?to=${encodeURIComponent(address)}`);
    return res.body.find((m) => m.subject.includes(subjectPart) && m.status === 'sent');
  });
}

describe('registration to login through the mails', () => {
  it('register -> confirmation mail at /dev/mail.json -> its link confirms -> login -> /api/me', async () => {
    const address = `e2e${Date.now()}@stud.hmtm.de`;
    const reg = await auth.call('POST', '/api/auth/register', {
      body: { email: address, password: 'geheim123', name: 'Clara Wieck', role_id: 1, duration: 45 },
    });
    expect(reg.status).toBe(201);

    const mail = await mailTo(address, 'bestätige');
    expect(mail.subject).toBe('Bitte bestätige deine E-Mail-Adresse – Stundenplan-Assistent');
    const link = /(http:\/\/localhost:8080\/confirm-email\?token=[\w-]+)/.exec(mail.text)![1]!;
    const token = new URL(link).searchParams.get('token');

    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).status).toBe(403);
    const confirmed = await auth.call('POST', '/api/auth/confirm-email', { body: { token } });
    expect(confirmed.status).toBe(200);

    const login = await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } });
    expect(login.status).toBe(200);
    const me = await auth.call('GET', '/api/me', { cookie: sessionCookie(login.cookies) });
    expect(me.body).toMatchObject({ role: 'student', username: 'Clara Wieck', email: address });

    const page = await (await fetch(`http://127.0.0.1:${notification.httpPort}/dev/mail`)).text();
    expect(page).toContain(`<a href="${link}">${link}</a>`);
  });

  it('forgot password -> reset mail -> /update-password#token=… sets the new password', async () => {
    const address = `e2e-reset${Date.now()}@example.org`;
    await auth.call('POST', '/api/auth/register', { body: { email: address, password: 'geheim123', name: 'Robert Schumann', role_id: 2 } });
    const confirmMail = await mailTo(address, 'bestätige');
    await auth.call('POST', '/api/auth/confirm-email', { body: { token: /token=([\w-]+)/.exec(confirmMail.text)![1] } });

    expect(
      (await auth.call('POST', '/api/auth/forgot-password', { body: { email: address, redirectTo: 'http://localhost:8080/update-password' } })).status,
    ).toBe(200);
    const reset = await mailTo(address, 'Passwort');
    const token = /http:\/\/localhost:8080\/update-password#token=([\w-]+)/.exec(reset.text)![1];
    expect((await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'neuesPasswort7' } })).status).toBe(200);
    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'neuesPasswort7' } })).status).toBe(200);
  });
});
