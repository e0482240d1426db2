import '../test/dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { api, ApiError } from '../shared/api/client';
import { AppLayout } from '../shared/layout/AppLayout';
import { renderApp, STUDENT, TEACHER } from '../test/render-app';
import { RootErrorPage } from './RootErrorPage';
import { appRoutes } from './router';

describe('route guard', () => {
  it.each(['/profile', '/student', '/scheduling', '/app', '/me/times', '/api/progress'])(
    'sends a logged-out visitor from %s to / with state.from',
    async (path) => {
      const app = renderApp({ path });
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
      expect(app.router.state.location.state).toEqual({ from: path });
      expect(app.router.state.historyAction).toBe('REPLACE');
      expect(await screen.findByRole('heading', { name: 'Willkommen beim Stundenplan-Assistenten' })).toBeTruthy();
    },
  );

  it('sends a logged-out visitor away from the teacher page /me/classes', async () => {
    const app = renderApp({ path: '/me/classes' });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });

  it('lets a logged-in user open /profile', async () => {
    renderApp({
      path: '/profile',
      user: TEACHER,
      routes: [{ path: '/api/profile', reply: { body: { name: 'Clara Schumann', email: 'clara@hmtm.de', role: 'teacher', duration: null, classes: [] } } }],
    });
    expect(await screen.findByText('Persönliche Informationen')).toBeTruthy();
  });

  it('sends a student away from teacher pages to /student', async () => {
    const app = renderApp({ path: '/me/classes', user: STUDENT });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/student'));
    expect(await screen.findByRole('heading', { name: 'Deine Zeiten' })).toBeTruthy();
  });

  it('sends a teacher away from student pages to /scheduling', async () => {
    const app = renderApp({ path: '/student/classes', user: TEACHER });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/scheduling'));
    expect(await screen.findByRole('heading', { name: 'Stundenplanung' })).toBeTruthy();
  });

  it('shows the teacher page to a teacher', async () => {
    renderApp({ path: '/me/classes', user: TEACHER });
    expect(await screen.findByRole('heading', { name: 'Klassen & Kurse' })).toBeTruthy();
  });
});

describe('route table', () => {
  it('shows the not-found page for unknown paths', async () => {
    renderApp({ path: '/gibt-es-nicht' });
    expect(await screen.findByText('Diese Seite existiert nicht.')).toBeTruthy();
  });

  it('shows public pages without login', async () => {
    renderApp({ path: '/impressum' });
    expect(await screen.findByRole('heading', { name: 'Impressum' })).toBeTruthy();
  });

  it("shows 'Unexpected Application Error!' with the message when a page throws", async () => {
    function Broken(): never {
      throw new Error('Kaputt');
    }
    const table: RouteObject[] = [{ path: '/', element: <AppLayout />, errorElement: <RootErrorPage />, children: [{ index: true, element: <Broken /> }] }];
    const original = console.error;
    console.error = () => undefined;
    try {
      renderApp({ path: '/', routeTable: table });
      expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
      expect(screen.getByText('Kaputt')).toBeTruthy();
    } finally {
      console.error = original;
    }
  });

  it('aborts running requests when the route changes', async () => {
    const app = renderApp({ path: '/contact', routes: [{ path: '/api/slow', reply: { hang: true } }] });
    await screen.findByRole('heading', { name: 'Kontakt' });
    const pending = api.get('slow').catch((e: unknown) => e);

    await act(async () => {
      await app.router.navigate('/impressum');
    });

    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Die Anfrage wurde abgebrochen');
  });

  it('keeps requests when only the query string changes', async () => {
    const app = renderApp({ path: '/contact', routes: [{ path: '/api/slow', reply: { hang: true } }] });
    await screen.findByRole('heading', { name: 'Kontakt' });
    let settled = false;
    void api
      .get('slow', { timeoutMs: 60_000 })
      .finally(() => (settled = true))
      .catch(() => undefined);
    await act(async () => {
      await app.router.navigate('/contact?x=1');
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
  });
});

describe('navigation bar', () => {
  it('shows the logged-out links', async () => {
    renderApp({ path: '/contact' });
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await waitFor(() => expect(nav.querySelectorAll('.navbar__link')).toHaveLength(4));
    expect([...nav.querySelectorAll('.navbar__link')].map((a) => a.textContent)).toEqual(['Startseite', 'Kontakt', 'Registrieren', 'Login']);
  });

  it('shows the teacher links and a teacher avatar', async () => {
    renderApp({ path: '/impressum', user: TEACHER });
    await screen.findByRole('link', { name: 'Stundenplanung' });
    expect(screen.getByRole('link', { name: 'Deine Kurse' }).getAttribute('href')).toBe('/me/classes');
    expect(screen.queryByRole('link', { name: 'Startseite' })).toBeNull();
    expect(screen.getByRole('button', { name: /Benutzermenü/ }).className).toContain('avatar--teacher');
  });

  it('shows the student links and a student avatar', async () => {
    renderApp({ path: '/impressum', user: STUDENT });
    expect((await screen.findByRole('link', { name: 'Deine Zeiten' })).getAttribute('href')).toBe('/student');
    expect(screen.getByRole('link', { name: 'Deine Kurse' }).getAttribute('href')).toBe('/student/classes');
    expect(screen.getByRole('button', { name: /Benutzermenü/ }).className).toContain('avatar--student');
  });

  it('opens the user dropdown and closes it on an outside click', async () => {
    renderApp({ path: '/impressum', user: TEACHER });
    fireEvent.click(await screen.findByRole('button', { name: /Benutzermenü/ }));
    const menu = screen.getByRole('dialog', { name: 'Benutzermenü' });
    expect(menu.textContent).toContain('Clara Schumann');
    expect(menu.textContent).toContain('clara@hmtm.de');
    expect(menu.textContent).toContain('Dozent*in');
    expect(screen.getByRole('link', { name: 'Profil ansehen' })).toBeTruthy();

    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('dialog', { name: 'Benutzermenü' })).toBeNull();
  });

  it("shows 'E-Mail oder Passwort ist falsch' in the mini login", async () => {
    const app = renderApp({
      path: '/impressum',
      routes: [{ method: 'POST', path: '/api/auth/login', reply: { status: 401, body: { detail: 'Invalid credentials' } } }],
    });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Anmelden' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    const popup = screen.getByRole('dialog', { name: 'Anmelden' });
    expect(screen.getByRole('link', { name: 'Noch kein Account? Registrieren' }).getAttribute('href')).toBe('/register');
    fireEvent.change(popup.querySelector('input[type=email]')!, { target: { value: ' Anna@X.de ' } });
    fireEvent.change(popup.querySelector('input[type=password]')!, { target: { value: 'falsch123' } });
    fireEvent.submit(popup.querySelector('form')!);
    expect(await screen.findByText('E-Mail oder Passwort ist falsch')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/auth/login')[0]!.body).toEqual({ email: 'anna@x.de', password: 'falsch123' });
  });

  it('shows a failed resend of the confirmation link in German in the mini login', async () => {
    renderApp({
      path: '/impressum',
      routes: [
        { method: 'POST', path: '/api/auth/login', reply: { status: 403, body: { detail: 'Email not confirmed' } } },
        { method: 'POST', path: '/api/auth/resend-confirmation', reply: { status: 401, body: { detail: 'Invalid credentials' } } },
      ],
    });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Anmelden' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    const popup = screen.getByRole('dialog', { name: 'Anmelden' });
    fireEvent.change(popup.querySelector('input[type=email]')!, { target: { value: 'anna@x.de' } });
    fireEvent.change(popup.querySelector('input[type=password]')!, { target: { value: 'falsch123' } });
    fireEvent.submit(popup.querySelector('form')!);
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigungs-Link erneut senden' }));
    expect(await screen.findByText('Ungültige E-Mail oder Passwort')).toBeTruthy();
    expect(screen.queryByText('Invalid credentials')).toBeNull();
  });

  it('logs out, tells the user about failures and keeps the session then', async () => {
    renderApp({ path: '/impressum', user: TEACHER, routes: [{ method: 'POST', path: '/api/auth/logout', reply: { status: 500 } }] });
    fireEvent.click(await screen.findByRole('button', { name: /Benutzermenü/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Fehler beim Ausloggen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stundenplanung' })).toBeTruthy();
  });

  it('logs out from a protected page and goes to /', async () => {
    const app = renderApp({ path: '/scheduling', user: TEACHER, routes: [{ method: 'POST', path: '/api/auth/logout', reply: { status: 200, body: {} } }] });
    fireEvent.click(await screen.findByRole('button', { name: /Benutzermenü/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Startseite' })).toBeTruthy();
  });

  it('has a footer with the current year and the Impressum link', async () => {
    renderApp({ path: '/about' });
    expect(await screen.findByText(`© ${new Date().getFullYear()} Stundenplan-Assistent`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum');
  });
});

describe('page chunks', () => {
  it.each(['/student', '/scheduling/planen', '/me/classes', '/profile', '/about', '/barrierefreiheit'])(
    '%s carries the loader of its chunk, which createAppRouter starts beside the session check',
    async (path) => {
      const route = matchRoutes(appRoutes, path)?.at(-1)?.route;
      const preload = (route?.handle as { preload?: () => Promise<Record<string, unknown>> } | undefined)?.preload;
      expect(preload, path).toBeTypeOf('function');
      expect(Object.keys(await preload!()).length).toBeGreaterThan(0);
    },
  );
});
