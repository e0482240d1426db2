import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('forgot password', () => {
  it('posts the e-mail with the update-password redirect and confirms with a link back to login', async () => {
    const app = renderApp({ path: '/forgot-password', routes: [{ method: 'POST', path: '/api/auth/forgot-password', reply: { body: {} } }] });
    fireEvent.change(await screen.findByLabelText('E-Mail'), { target: { value: ' Anna@Example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: /Link zum Zurücksetzen senden/ }));
    expect(await screen.findByText('E-Mail ist unterwegs')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/auth/forgot-password')[0]!.body).toEqual({
      email: 'anna@example.org',
      redirectTo: `${window.location.origin}/update-password`,
    });
    expect(screen.getByRole('link', { name: 'Zurück zum Login' }).getAttribute('href')).toBe('/login');
  });
});

describe('confirm e-mail', () => {
  it('posts the token once and confirms', async () => {
    const app = renderApp({
      path: '/confirm-email?token=abc',
      routes: [{ method: 'POST', path: '/api/auth/confirm-email', reply: { body: { message: 'ok' } } }],
    });
    expect(await screen.findByText('Deine E-Mail-Adresse ist bestätigt.')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/auth/confirm-email')).toHaveLength(1);
    expect(app.fetchMock.callsTo('/api/auth/confirm-email')[0]!.body).toEqual({ token: 'abc' });
    expect(screen.getByRole('link', { name: 'Zum Login' })).toBeTruthy();
  });

  it("shows the server's reason when the token is rejected", async () => {
    renderApp({
      path: '/confirm-email?token=alt',
      routes: [{ method: 'POST', path: '/api/auth/confirm-email', reply: { status: 400, body: { detail: 'Token abgelaufen' } } }],
    });
    expect(await screen.findByText('Die E-Mail-Adresse konnte nicht bestätigt werden.')).toBeTruthy();
    expect(screen.getByText('Token abgelaufen')).toBeTruthy();
  });
});

describe('registration success', () => {
  it('shows next steps from the navigation state and links to /login and /', async () => {
    const app = renderApp({ path: '/register', routes: [{ path: '/api/institutions', reply: { body: [] } }] });
    await screen.findByLabelText('E-Mail');
    await app.router.navigate('/registration-success', {
      state: {
        message: 'Registrierung erfolgreich!',
        email: 'a@b.de',
        teacherName: 'Clara',
        institutionName: 'HMTM',
        className: 'Klavier',
        classDescription: null,
      },
    });
    await waitFor(() => expect(screen.getByText('Registrierung erfolgreich!')).toBeTruthy());
    expect(screen.getByText('a@b.de')).toBeTruthy();
    expect(screen.getByText('Klavier')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
  });
});

describe('reset password', () => {
  it('forwards a link with a token to /update-password', async () => {
    window.history.replaceState(null, '', '/reset-password?token=xyz');
    const app = renderApp({ path: '/reset-password?token=xyz' });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/update-password'));
    window.history.replaceState(null, '', '/');
  });
});
