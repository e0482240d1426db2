import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import type { MockRoute } from '../../test/fetch-mock';

// The page reads the token from the real address bar, like in the browser.
function openWith(url: string, routes: MockRoute[] = []) {
  window.history.replaceState(null, '', url);
  const [path] = url.split('#');
  // The check on opening accepts the link unless a test says otherwise (first matching route wins).
  return renderApp({
    path: path!,
    routes: [...routes, { method: 'POST', path: '/api/auth/check-reset-token', reply: { status: 200, body: { valid: true } } }],
  });
}

function fill(password: string, repeat = password) {
  fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Passwort wiederholen'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: /Passwort speichern/ }));
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('UpdatePasswordPage', () => {
  it('takes the token from the hash, removes it from the address bar and posts it', async () => {
    const app = openWith('/update-password#token=tok-123', [{ method: 'POST', path: '/api/auth/update-password', reply: { status: 200, body: {} } }]);
    await screen.findByRole('heading', { name: 'Neues Passwort festlegen' });
    await waitFor(() => expect(window.location.hash).toBe(''));
    await screen.findByLabelText('Neues Passwort');

    fill('neuesPasswort1');

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.fetchMock.callsTo('/api/auth/update-password')[0]!.body).toEqual({ token: 'tok-123', password: 'neuesPasswort1' });
    expect(screen.getByText('Passwort erfolgreich aktualisiert')).toBeTruthy();
  });

  it('takes the token from the query string too', async () => {
    const app = openWith('/update-password?token=q-9', [{ method: 'POST', path: '/api/auth/update-password', reply: { status: 200, body: {} } }]);
    await screen.findByRole('heading', { name: 'Neues Passwort festlegen' });
    await waitFor(() => expect(window.location.search).toBe(''));
    await screen.findByLabelText('Neues Passwort');
    fill('neuesPasswort1');
    await waitFor(() => expect(app.fetchMock.callsTo('/api/auth/update-password')).toHaveLength(1));
    expect(app.fetchMock.calls.find((c) => c.url === '/api/auth/update-password')!.body).toMatchObject({ token: 'q-9' });
  });

  it('sends visitors without a token to /login', async () => {
    const app = openWith('/update-password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it("shows 'Ungültiger Link' when the server rejects the token", async () => {
    const app = openWith('/update-password#token=old', [
      { method: 'POST', path: '/api/auth/update-password', reply: { status: 400, body: { detail: 'Invalid or expired token' } } },
    ]);
    await screen.findByLabelText('Neues Passwort');
    fill('neuesPasswort1');
    expect(await screen.findByText('Ungültiger Link')).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/update-password');
  });

  it("shows 'Ungültiger Link' as soon as it opens when the link is expired or used, without asking for a password", async () => {
    const app = openWith('/update-password#token=abgelaufen', [
      { method: 'POST', path: '/api/auth/check-reset-token', reply: { status: 400, body: { detail: 'Ungültiger Link' } } },
    ]);
    expect(await screen.findByText('Ungültiger Link')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toBeTruthy();
    expect(screen.queryByLabelText('Neues Passwort')).toBeNull();
    expect(app.fetchMock.callsTo('/api/auth/check-reset-token')[0]!.body).toEqual({ token: 'abgelaufen' });
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(app.fetchMock.callsTo('/api/auth/update-password')).toHaveLength(0);
  });

  it('shows the form when the check accepts the link', async () => {
    openWith('/update-password#token=frisch', [{ method: 'POST', path: '/api/auth/check-reset-token', reply: { status: 200, body: { valid: true } } }]);
    expect(await screen.findByLabelText('Neues Passwort')).toBeTruthy();
    expect(screen.queryByText('Ungültiger Link')).toBeNull();
  });

  it('still offers the form when the check itself fails (the submit decides then)', async () => {
    openWith('/update-password#token=t', [{ method: 'POST', path: '/api/auth/check-reset-token', reply: { status: 502, body: { detail: 'down' } } }]);
    expect(await screen.findByLabelText('Neues Passwort')).toBeTruthy();
    expect(screen.queryByText('Ungültiger Link')).toBeNull();
  });

  it('checks the password rules before sending', async () => {
    const app = openWith('/update-password#token=t');
    await screen.findByLabelText('Neues Passwort');
    fill('kurz', 'anders');
    expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein und Buchstaben sowie Zahlen enthalten.')).toBeTruthy();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/auth/update-password')).toHaveLength(0);
  });

  it('does not check the session on this page', async () => {
    const app = openWith('/update-password#token=t');
    await screen.findByRole('heading', { name: 'Neues Passwort festlegen' });
    expect(app.fetchMock.callsTo('/api/me')).toHaveLength(0);
  });
});
