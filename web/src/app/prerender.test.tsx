import '../test/dom';
import { act, fireEvent } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_PATH, PRERENDERED_PATHS, render } from '../entry-server';
import { installFetchMock, type FetchMock, type MockReply } from '../test/fetch-mock';
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

/** The page at `path` as the build renders it, with `type` run on it before the app takes it over. */
async function typedThenHydrated(path: string, type: (page: HTMLElement) => void): Promise<{ page: HTMLElement; fetch: FetchMock }> {
  window.history.replaceState(null, '', path);
  const page = document.createElement('div');
  page.id = 'root';
  page.innerHTML = await render(path);
  document.body.append(page);
  const fetch = installFetchMock([
    { method: 'GET', path: '/api/me', reply: { status: 401, body: { detail: 'Nicht angemeldet' } } },
    { path: /^\/api\//, reply: { hang: true } },
  ]);
  // A visitor's typing into the HTML: the fields' values change, no React yet.
  type(page);
  const recovered = vi.fn();
  await act(async () => {
    root = await startApp(page, { onRecoverableError: recovered });
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(recovered).not.toHaveBeenCalled();
  return { page, fetch };
}

const field = <T extends Element>(page: HTMLElement, selector: string) => {
  const found = page.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

describe('what is typed into a rendered page before hydration', () => {
  it('is what the login form sends', async () => {
    const { page, fetch } = await typedThenHydrated('/login', (html) => {
      field<HTMLInputElement>(html, 'input[name="email"]').value = 'lea@example.org';
      field<HTMLInputElement>(html, 'input[name="password"]').value = 'geheim123';
    });
    expect(field<HTMLInputElement>(page, 'input[name="email"]').value).toBe('lea@example.org');
    await act(async () => {
      fireEvent.submit(field(page, 'form[aria-label="Login"]'));
    });
    const login = fetch.calls.filter((c) => c.method === 'POST' && c.url.includes('login'));
    expect(login).toHaveLength(1);
    expect(login[0]?.body).toEqual({ email: 'lea@example.org', password: 'geheim123' });
    // A render after the hydration keeps the text (it is the state now, not only the DOM's).
    expect(field<HTMLInputElement>(page, 'input[name="email"]').value).toBe('lea@example.org');
  });

  it('reaches the state of text areas and selects too', async () => {
    const { page } = await typedThenHydrated('/contact', (html) => {
      const select = field<HTMLSelectElement>(html, 'select[name="type"]');
      select.value = [...select.options].at(-1)?.value ?? '';
      field<HTMLTextAreaElement>(html, 'textarea[name="message"]').value = 'Guten Tag';
    });
    const select = field<HTMLSelectElement>(page, 'select[name="type"]');
    const chosen = [...select.options].at(-1)?.value;
    // Typing after the hydration re-renders the form: what was there before stays.
    await act(async () => {
      fireEvent.change(field(page, 'input[name="subject"]'), { target: { value: 'Frage' } });
    });
    expect(select.value).toBe(chosen);
    expect(field<HTMLTextAreaElement>(page, 'textarea[name="message"]').value).toBe('Guten Tag');
  });
});
