import '../test/dom';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY, type SessionUser } from '../shared/session';
import { installFetchMock, type MockReply } from '../test/fetch-mock';
import { STUDENT, TEACHER } from '../test/render-app';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const DATA = ['/api/me/available-times', '/api/me/teachers-time-ranges', '/api/profile'];
const PROFILE = { name: STUDENT.username, email: STUDENT.email, role: 'student', duration: null, classes: [] };
const ANSWERS: Record<string, unknown> = {
  '/api/me/available-times': { available_times_response: { available_times: { '0': ['8.15'] }, last_modified: '2026-01-10T10:00:00Z' } },
  '/api/me/teachers-time-ranges': { time_ranges: { '0': ['8.00', '8.15', '8.30', '8.45'] }, has_range: true },
  '/api/profile': PROFILE,
};

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  dispose = undefined;
  window.history.replaceState(null, '', '/');
});

/** The app as main.tsx starts it, at `path`: the session check answers `me`, the data `data`. */
function start(path: string, { me, data }: { me: MockReply; data?: (path: string) => MockReply }) {
  window.history.replaceState(null, '', path);
  const fetchMock = installFetchMock([
    { method: 'GET', path: '/api/me', reply: me },
    ...DATA.map((p) => ({ method: 'GET', path: p, reply: data?.(p) ?? { body: ANSWERS[p] } })),
  ]);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  dispose = () => router.dispose();
  const show = () =>
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  const calls = () => DATA.map((p) => fetchMock.callsTo(p, 'GET').length);
  return { fetchMock, queryClient, router, show, calls };
}

describe("/student's data beside its chunk", () => {
  it('is asked for at start, before the session check has answered', async () => {
    const app = start('/student', { me: { hang: true } });
    app.show();
    await waitFor(() => expect(app.calls()).toEqual([1, 1, 1]));
    // The guard still waits for the session, showing the page's shell: the page itself cannot have asked.
    expect(screen.getByRole('heading', { name: 'Deine Zeiten' })).toBeTruthy();
    expect(screen.queryByRole('grid', { name: 'Deine verfügbaren Zeiten' })).toBeNull();
  });

  it('is fetched once when the page shows it', async () => {
    const app = start('/student', { me: { body: STUDENT } });
    app.show();
    expect(await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' })).toBeTruthy();
    expect(app.calls()).toEqual([1, 1, 1]);
  });

  it('sends a logged-out visitor to / without the expired-session note', async () => {
    const unauthorized = { status: 401, body: { detail: 'Not authenticated' } };
    const app = start('/student', { me: unauthorized, data: () => unauthorized });
    app.show();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Willkommen beim Stundenplan-Assistenten' })).toBeTruthy();
    expect(app.calls()).toEqual([1, 1, 1]);
    expect(window.localStorage.getItem('sessionExpired')).toBeNull();
    expect(screen.queryByText(/Sitzung ist abgelaufen/)).toBeNull();
  });

  it.each<[string, SessionUser, number]>([
    ['a student', STUDENT, 1],
    ['a teacher', TEACHER, 0],
  ])('is asked for when %s navigates to /student, before the page renders', async (_who, user, expected) => {
    const app = start('/impressum', { me: { body: user } });
    app.queryClient.setQueryData(SESSION_QUERY_KEY, user);
    expect(app.calls()).toEqual([0, 0, 0]);
    await app.router.navigate('/student');
    expect(app.calls()).toEqual([expected, expected, expected]);
  });
});
