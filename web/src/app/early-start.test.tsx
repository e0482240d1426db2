import '../test/dom';
import { render, screen, waitFor } from '@testing-library/react';
import { auth, pathOf } from '@stundenplan/contracts/routes';
import { RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, ApiError, call } from '../shared/api/client';
import { claimEarlyResponses } from '../shared/api/early-responses';
import { isSessionCheckExcluded } from '../shared/routing/protected-paths';
import { startSessionCheck } from '../shared/session';
import { installFetchMock } from '../test/fetch-mock';
import { STUDENT } from '../test/render-app';
import { AppProviders } from './AppProviders';
import { EARLY_FILES_ID, EARLY_PAGES, EARLY_RESPONSE_TTL_MS, SESSION_URL } from './early-pages';
import { startEarly } from './early-start';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const STUDENT_URLS = [SESSION_URL, ...(EARLY_PAGES['/student']?.requests ?? [])];
const ANSWERS: Record<string, unknown> = {
  '/api/me': STUDENT,
  '/api/me/available-times': { available_times_response: { available_times: { '0': ['8.15'] }, last_modified: '2026-01-10T10:00:00Z' } },
  '/api/me/teachers-time-ranges': { time_ranges: { '0': ['8.00', '8.15', '8.30', '8.45'] }, has_range: true },
  '/api/profile': { name: STUDENT.username, email: STUDENT.email, role: 'student', duration: null, classes: [] },
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A fetcher that answers from ANSWERS (or fails, for the URLs in `failing`) and records what it was asked. */
function earlyFetcher(failing: string[] = []) {
  return vi.fn((url: string | URL | Request, _init?: RequestInit) =>
    failing.includes(String(url)) ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(json(ANSWERS[String(url)])),
  );
}

/** index.html's list of the early pages' files, as the build writes it. */
function fileList(files: Record<string, unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = EARLY_FILES_ID;
  block.textContent = JSON.stringify(files);
  document.head.append(block);
}

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  dispose = undefined;
  delete window.__earlyResponses;
  document.head.querySelectorAll(`#${EARLY_FILES_ID}, link`).forEach((n) => n.remove());
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

describe('the early start', () => {
  it("asks for /student's session, data and files at once, as the app would", () => {
    fileList({ '/student': ['/assets/availability-AbCd1234.js', '/assets/availability-AbCd1234.css', 'https://evil.example/x.js'], '/': ['/assets/x.js'] });
    const fetcher = earlyFetcher();
    startEarly('/student/', { fetcher });
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual(STUDENT_URLS);
    for (const [, init] of fetcher.mock.calls) expect(init).toEqual({ credentials: 'include', headers: { Accept: 'application/json' } });
    expect([...(window.__earlyResponses?.keys() ?? [])]).toEqual(STUDENT_URLS);
    const links = [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('as'), l.getAttribute('href'), l.getAttribute('crossorigin')]);
    expect(links).toEqual([
      ['modulepreload', null, '/assets/availability-AbCd1234.js', ''],
      ['preload', 'style', '/assets/availability-AbCd1234.css', ''],
    ]);
  });

  it.each(['/', '/login', '/reset-password', '/students', '/student/classes'])('asks for nothing on %s', (path) => {
    const fetcher = earlyFetcher();
    startEarly(path, { fetcher });
    expect(fetcher).not.toHaveBeenCalled();
    expect(window.__earlyResponses).toBeUndefined();
  });

  it('asks for nothing once the app has started (it came first)', () => {
    claimEarlyResponses();
    const fetcher = earlyFetcher();
    startEarly('/student', { fetcher });
    expect(fetcher).not.toHaveBeenCalled();
    expect(window.__earlyResponses?.size).toBe(0);
  });

  it('drops the answers nobody took after a few seconds', () => {
    vi.useFakeTimers();
    startEarly('/student', { fetcher: earlyFetcher() });
    vi.advanceTimersByTime(EARLY_RESPONSE_TTL_MS - 1);
    expect(window.__earlyResponses?.size).toBe(4);
    vi.advanceTimersByTime(1);
    expect(window.__earlyResponses?.size).toBe(0);
  });

  it('asks for the URLs the app asks for: the session check and the route data of each page', () => {
    expect(SESSION_URL).toBe(apiUrl(pathOf(auth.me, {})));
    for (const path of Object.keys(EARLY_PAGES)) {
      expect(isSessionCheckExcluded(path), path).toBe(false);
      window.history.replaceState(null, '', path);
      const fetchMock = installFetchMock([{ path: /.*/, reply: { hang: true } }]);
      const queryClient = createQueryClient();
      startSessionCheck(queryClient, path);
      const router = createAppRouter(queryClient);
      expect(fetchMock.calls.map((c) => c.url).sort(), path).toEqual([SESSION_URL, ...(EARLY_PAGES[path]?.requests ?? [])].sort());
      router.dispose();
      queryClient.clear();
    }
  });
});

describe('the app with an early start', () => {
  function startApp() {
    const fetchMock = installFetchMock(Object.entries(ANSWERS).map(([path, body]) => ({ method: 'GET', path, reply: { body } })));
    claimEarlyResponses();
    const queryClient = createQueryClient();
    startSessionCheck(queryClient, '/student');
    const router = createAppRouter(queryClient);
    dispose = () => router.dispose();
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return fetchMock;
  }

  it('takes the early answers instead of asking again', async () => {
    window.history.replaceState(null, '', '/student');
    const early = earlyFetcher();
    startEarly('/student', { fetcher: early });
    const fetchMock = startApp();
    expect(await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' })).toBeTruthy();
    expect(early).toHaveBeenCalledTimes(4);
    expect(fetchMock.calls).toEqual([]);
    expect(window.__earlyResponses?.size).toBe(0);
  });

  it('asks again for what failed early', async () => {
    window.history.replaceState(null, '', '/student');
    startEarly('/student', { fetcher: earlyFetcher(['/api/me/teachers-time-ranges']) });
    const fetchMock = startApp();
    expect(await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' })).toBeTruthy();
    expect(fetchMock.calls.map((c) => c.url)).toEqual(['/api/me/teachers-time-ranges']);
  });

  it('takes an early answer once, for a plain GET only, and stops waiting for it when aborted', async () => {
    const hanging = new Promise<Response>(() => undefined);
    window.__earlyResponses = new Map([
      ['/api/me', Promise.resolve(json(STUDENT))],
      ['/api/profile', hanging],
    ]);
    const fetchMock = installFetchMock([{ path: '/api/me', reply: { body: { ...STUDENT, username: 'Zweite Antwort' } } }]);
    expect(await call(auth.me, {})).toEqual(STUDENT);
    expect(await call(auth.me, {})).toMatchObject({ username: 'Zweite Antwort' });
    expect(fetchMock.calls).toHaveLength(1);
    const controller = new AbortController();
    const waiting = call(auth.getProfile, {}, { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(window.__earlyResponses?.has('/api/profile')).toBe(false));
  });
});
