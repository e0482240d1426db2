import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeLoginFailure } from '../../shared/session/login';
import { ApiError } from '../../shared/api/client';
import { renderApp, STUDENT, TEACHER } from '../../test/render-app';
import type { MockRoute } from '../../test/fetch-mock';
import type { SessionUser } from '../../shared/session/session-types';

/** /api/me answers 401 until the login succeeded, then the user. */
function loginRoutes(loginReply: MockRoute['reply'], user: SessionUser | null, extra: MockRoute[] = []): MockRoute[] {
  let loggedIn = false;
  return [
    ...extra,
    {
      method: 'POST',
      path: '/api/auth/login',
      reply: (call) => {
        const reply = typeof loginReply === 'function' ? loginReply(call) : loginReply;
        if ((reply.status ?? 200) < 400) loggedIn = true;
        return reply;
      },
    },
    { method: 'GET', path: '/api/me', reply: () => (loggedIn && user ? { body: user } : { status: 401, body: { detail: 'Not authenticated' } }) },
  ];
}

async function submitLogin(email: string, password: string) {
  const form = await screen.findByRole('form', { name: 'Login' });
  fireEvent.change(form.querySelector('input[type=email]')!, { target: { value: email } });
  fireEvent.change(form.querySelector('input[type=password]')!, { target: { value: password } });
  fireEvent.submit(form);
}

describe('login form', () => {
  it('lower-cases and trims the e-mail, toasts success and sends a teacher to /scheduling', async () => {
    const app = renderApp({ path: '/login', routes: loginRoutes({ body: TEACHER }, TEACHER) });
    await submitLogin('  Clara@HMTM.de ', 'geheim123');

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/scheduling'));
    expect(app.fetchMock.callsTo('/api/auth/login')[0]!.body).toEqual({ email: 'clara@hmtm.de', password: 'geheim123' });
    expect(screen.getByText('Login erfolgreich')).toBeTruthy();
  });

  it("focuses the e-mail field on '/login' but not on '/'", async () => {
    const app = renderApp({ path: '/login', routes: loginRoutes({ body: STUDENT }, STUDENT) });
    const form = await screen.findByRole('form', { name: 'Login' });
    await waitFor(() => expect(document.activeElement).toBe(form.querySelector('input[type=email]')));
    app.unmount();

    renderApp({ path: '/', routes: loginRoutes({ body: STUDENT }, STUDENT) });
    const home = await screen.findByRole('form', { name: 'Login' });
    expect(document.activeElement).not.toBe(home.querySelector('input[type=email]'));
  });

  it('sends a student to /student', async () => {
    const app = renderApp({ path: '/', routes: loginRoutes({ body: STUDENT }, STUDENT) });
    await submitLogin('felix@stud.hmtm.de', 'geheim123');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/student'));
  });

  it('sends other users to the last stored path', async () => {
    window.localStorage.setItem('lastPath', '/profile');
    const admin = { ...TEACHER, role: 'admin' };
    const app = renderApp({
      path: '/login',
      routes: loginRoutes({ body: admin }, admin, [
        { path: '/api/profile', reply: { body: { name: 'A B', email: 'a@b.de', role: 'teacher', duration: null, classes: [] } } },
      ]),
    });
    await submitLogin('a@b.de', 'geheim123');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/profile'));
    expect(window.localStorage.getItem('lastPath')).toBeNull();
  });

  it.each([
    ['Invalid credentials', 'Ungültige E-Mail oder Passwort'],
    ['User not found', 'Kein Account mit dieser E-Mail gefunden'],
    ['Zu viele Versuche', 'Zu viele Versuche'],
  ])('maps the detail %s to %s', async (detail, message) => {
    renderApp({ path: '/login', routes: loginRoutes({ status: 401, body: { detail } }, null) });
    await submitLogin('a@b.de', 'x');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers to resend the confirmation link for unconfirmed e-mails', async () => {
    const app = renderApp({
      path: '/login',
      routes: loginRoutes({ status: 403, body: { detail: 'Email not confirmed' } }, null, [
        { method: 'POST', path: '/api/auth/resend-confirmation', reply: { status: 200, body: {} } },
      ]),
    });
    await submitLogin('A@b.de', 'geheim123');
    expect(await screen.findByText('Bitte bestätige zuerst deine E-Mail-Adresse')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Bestätigungs-Link erneut senden' }));

    expect(await screen.findAllByText('Bestätigungs-Link wurde erneut gesendet')).not.toHaveLength(0);
    expect(app.fetchMock.callsTo('/api/auth/resend-confirmation')[0]!.body).toEqual({ email: 'a@b.de', password: 'geheim123' });
  });

  it('shows a failed resend in German, never the English code', async () => {
    renderApp({
      path: '/login',
      routes: loginRoutes({ status: 403, body: { detail: 'Email not confirmed' } }, null, [
        { method: 'POST', path: '/api/auth/resend-confirmation', reply: { status: 401, body: { detail: 'Invalid credentials' } } },
      ]),
    });
    await submitLogin('a@b.de', 'geheim123');
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigungs-Link erneut senden' }));

    expect(await screen.findByText('Ungültige E-Mail oder Passwort')).toBeTruthy();
    expect(screen.queryByText('Invalid credentials')).toBeNull();
  });
});

describe('describeLoginFailure', () => {
  it("falls back to the error's message, then to 'Ein Fehler ist aufgetreten'", () => {
    expect(describeLoginFailure(new ApiError('Fehler 500', { status: 500, kind: 'http' })).message).toBe('Fehler 500');
    expect(describeLoginFailure('???').message).toBe('Ein Fehler ist aufgetreten');
  });
});
