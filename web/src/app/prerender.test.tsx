import '../test/dom';
import { act } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_PATH, PRERENDERED_PATHS, render } from '../entry-server';
import { installFetchMock, type MockReply } from '../test/fetch-mock';
import { STUDENT, TEACHER } from '../test/render-app';
import { startApp } from './start';

/** Who is logged in on each page: the pages of one role are opened by that role, the public ones by nobody. */
const VISITOR: Record<string, MockReply> = {
  '/student': { body: STUDENT },
  '/me/classes': { body: TEACHER },
  '/scheduling': { body: TEACHER },
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** The page at `path` as the build renders it, then taken over by the app as main.tsx does. */
async function hydrate(path: string) {
  const html = await render(path);
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  // The session check answers at once (before hydration has begun): its answer must wait for the hydration.
  installFetchMock([
    { method: 'GET', path: '/api/me', reply: VISITOR[path] ?? { status: 401, body: { detail: 'Nicht angemeldet' } } },
    { path: /^\/api\//, reply: { hang: true } },
  ]);
  const recovered = vi.fn();
  const logged = vi.spyOn(console, 'error');
  const warned = vi.spyOn(console, 'warn');
  delete document.documentElement.dataset.appReady;
  await act(async () => {
    root = await startApp(container, { onRecoverableError: recovered });
  });
  // The session's answer, and what the pages do with it.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return { html, container, recovered, logged: logged.mock.calls, warned: warned.mock.calls };
}

describe('pages rendered by the build', () => {
  it.each([...PRERENDERED_PATHS, NOT_FOUND_PATH])('%s hydrates without a mismatch', async (path) => {
    const page = await hydrate(path);
    expect(page.html).toContain('<h1');
    expect(page.recovered).not.toHaveBeenCalled();
    expect(page.logged).toEqual([]);
    expect(page.warned).toEqual([]);
    // React's root container is on the element: the page is the app's, not a second copy beside the HTML.
    expect(Object.keys(page.container).some((key) => key.startsWith('__reactContainer$'))).toBe(true);
    expect(page.container.querySelectorAll('.app-shell')).toHaveLength(1);
    // What the browser tests wait for before typing into a prerendered form.
    expect(document.documentElement.dataset.appReady).toBe('true');
  });

  it('render the login form and the home page, and a logged-in page as its shell', async () => {
    const login = await render('/login');
    expect(login).toMatch(/<h1 class="page__title">Login<\/h1>/);
    expect(login).toMatch(/<input[^>]+type="email"[^>]+name="email"/);
    expect(login).toMatch(/<input[^>]+type="password"[^>]+name="password"/);
    expect(await render('/')).toContain('Willkommen beim Stundenplan-Assistenten');
    const student = await render('/student');
    expect(student).toContain('<h1 class="page__title">Deine Zeiten</h1>');
    expect(student).toContain('page-spinner');
    expect(await render(NOT_FOUND_PATH)).toContain('Diese Seite existiert nicht.');
  });

  it('carry no inline script (the CSP allows none)', async () => {
    for (const path of PRERENDERED_PATHS) expect(await render(path), path).not.toContain('<script');
  });

  it('report a mismatch: a first render that differs from the HTML is caught', async () => {
    const html = await render('/login');
    window.history.replaceState(null, '', '/login');
    const container = document.createElement('div');
    container.innerHTML = html.replace('<h1 class="page__title">Login</h1>', '<h1 class="page__title">Anders</h1>');
    document.body.append(container);
    installFetchMock([{ path: /^\/api\//, reply: { hang: true } }]);
    const recovered = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = await startApp(container, { onRecoverableError: recovered });
    });
    expect(recovered).toHaveBeenCalled();
  });
});
