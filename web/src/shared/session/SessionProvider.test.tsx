import '../../test/dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { installFetchMock } from '../../test/fetch-mock';
import { renderApp, TEACHER, testQueryClient } from '../../test/render-app';
import { SessionProvider, startSessionCheck } from './SessionProvider';
import { useSession, type SessionContextValue } from './session-context';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The provider around a probe that shows the user's name; `session()` is what the probe saw last. */
function renderProbe(client: QueryClient) {
  let session: SessionContextValue | null = null;
  function Probe() {
    session = useSession();
    return <p>{session.user?.username ?? 'niemand'}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    session: () => {
      if (!session) throw new Error('the probe has not rendered');
      return session;
    },
  };
}

/** `Date.now()` from `start` on; the function returned moves it on. */
function fakeClock(start: number): (ms: number) => void {
  let now = start;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  return (ms) => {
    now += ms;
  };
}

/** The probe's session asked to re-check (as a caller would), inside act. */
async function refresh(probe: ReturnType<typeof renderProbe>, options?: { force?: boolean }): Promise<void> {
  await act(async () => {
    await probe.session().refresh(options);
  });
}

describe('SessionProvider', () => {
  it('logs out locally when another tab broadcasts a logout, and leaves a protected page', async () => {
    const app = renderApp({ path: '/scheduling', user: TEACHER });
    await screen.findByRole('heading', { name: 'Stundenplanung' });

    const other = new BroadcastChannel('auth');
    other.postMessage({ type: 'logout' });
    other.close();

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Startseite' })).toBeTruthy();
  });

  it('treats a 401 from any call as logged out and shows the expired note on /', async () => {
    const app = renderApp({ path: '/scheduling', user: TEACHER, routes: [{ path: '/api/classes', reply: { status: 401 } }] });
    await screen.findByRole('heading', { name: 'Stundenplanung' });

    await act(async () => {
      await api.get('classes');
    });

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Deine Sitzung ist abgelaufen. Bitte melde Dich erneut an.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stundenplanung' })).toBeNull();
  });

  it('re-checks the session when a tab returns after more than 5 minutes hidden', async () => {
    const advance = fakeClock(1_000_000);
    const app = renderApp({ path: '/impressum', user: TEACHER });
    await screen.findByRole('link', { name: 'Stundenplanung' });
    expect(app.fetchMock.callsTo('/api/me')).toHaveLength(1);

    setVisibility('hidden');
    advance(60_000);
    setVisibility('visible');
    await new Promise((r) => setTimeout(r, 10));
    expect(app.fetchMock.callsTo('/api/me')).toHaveLength(1);

    setVisibility('hidden');
    advance(300_001);
    setVisibility('visible');
    await waitFor(() => expect(app.fetchMock.callsTo('/api/me')).toHaveLength(2));
  });

  it('re-checks on demand at most once per 5 s unless forced', async () => {
    const advance = fakeClock(2_000_000);
    const fetchMock = installFetchMock([{ path: '/api/me', reply: { body: TEACHER } }]);
    const probe = renderProbe(testQueryClient());
    await screen.findByText('Clara Schumann');
    expect(fetchMock.callsTo('/api/me')).toHaveLength(1);

    advance(4_000);
    await refresh(probe);
    expect(fetchMock.callsTo('/api/me')).toHaveLength(1);

    advance(1_001);
    await refresh(probe);
    expect(fetchMock.callsTo('/api/me')).toHaveLength(2);

    await refresh(probe, { force: true });
    expect(fetchMock.callsTo('/api/me')).toHaveLength(3);
  });

  it('does not check the session on the password pages', async () => {
    for (const path of ['/forgot-password', '/reset-password']) {
      const app = renderApp({ path });
      await screen.findByRole('heading', { name: /Passwort/ });
      expect(app.fetchMock.callsTo('/api/me')).toHaveLength(0);
      app.unmount();
    }
  });

  it('starts the first check with the app, which the provider then joins instead of asking again', async () => {
    const advance = fakeClock(3_000_000);
    const fetchMock = installFetchMock([{ path: '/api/me', reply: { body: TEACHER } }]);
    const client = testQueryClient();
    startSessionCheck(client, '/reset-password');
    expect(fetchMock.callsTo('/api/me')).toHaveLength(0);
    startSessionCheck(client, '/student');
    expect(fetchMock.callsTo('/api/me')).toHaveLength(1);
    const probe = renderProbe(client);
    await screen.findByText('Clara Schumann');
    expect(fetchMock.callsTo('/api/me')).toHaveLength(1);
    // The early check counts for the 5 s between checks.
    advance(4_000);
    await refresh(probe);
    expect(fetchMock.callsTo('/api/me')).toHaveLength(1);
  });
});
