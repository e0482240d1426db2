import { expect, type APIRequestContext } from '@playwright/test';
import type { Person } from './accounts.js';
import { waitForMail } from './mail.js';

/*
 * Fast set-up over the public HTTP API (docs/product/api.md) for the browser tests: the flows under test stay
 * in the browser, the accounts and classes they start from are made here.
 */

export const CONFIRM_SUBJECT = /Bitte bestätige deine E-Mail-Adresse/;

export const DAY_NAMES = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;
export type DayName = (typeof DAY_NAMES)[number];

const ROLE_ID = { student: 1, teacher: 2 } as const;

/**
 * Registers the person (POST auth/register), of the institution when one is given (a teacher's address must be at
 * its teachers' domain), and confirms the address with the link of the mail in /dev/mail.
 */
export async function registerConfirmed(request: APIRequestContext, who: Person, institutionId: string | null = null): Promise<void> {
  const registered = await request.post('/api/auth/register', {
    data: {
      email: who.email,
      password: who.password,
      name: who.name,
      registerShortcut: null,
      role_id: ROLE_ID[who.role],
      institution_id: institutionId,
      duration: who.role === 'student' ? (who.duration ?? 30) : null,
      memberId: null,
    },
  });
  expect(registered.status(), `register ${who.email}: ${await registered.text()}`).toBe(201);
  const mail = await waitForMail(request, who.email, CONFIRM_SUBJECT);
  const token = /\/confirm-email\?token=([^\s"'<>&]+)/.exec(mail.text)?.[1];
  expect(token, 'the confirmation mail carries a link with a token').toBeTruthy();
  const confirmed = await request.post('/api/auth/confirm-email', { data: { token: decodeURIComponent(token!) } });
  expect(confirmed.ok(), `confirm ${who.email}: ${await confirmed.text()}`).toBeTruthy();
}

/** POST auth/login; the session cookie lands in the request's (for page.request: the page's) cookie jar. */
export async function loginByApi(request: APIRequestContext, who: Person): Promise<void> {
  const res = await request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(res.ok(), `login ${who.email}: ${await res.text()}`).toBeTruthy();
  const me = await request.get('/api/me');
  expect(me.ok(), 'session check after login').toBeTruthy();
  expect(((await me.json()) as { role: string }).role, `role of ${who.email}`).toBe(who.role);
}
