import '../test/dom';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY } from '../shared/session';
import { renderApp, STUDENT, TEACHER } from '../test/render-app';

/** The heading and lead of the page shown at `path` (the shell while the session is checked, else the page). */
function header() {
  const header = document.querySelector('.page__header');
  return { title: header?.querySelector('h1')?.textContent, lead: header?.querySelector('.page__lead')?.textContent };
}

describe("a logged-in page's shell", () => {
  it.each([
    ['/student', STUDENT],
    ['/me/classes', TEACHER],
    ['/scheduling', TEACHER],
  ] as const)('%s: has the heading and lead of the page that follows it', async (path, user) => {
    const waiting = renderApp({ path, routes: [{ path: '/api/me', reply: { hang: true } }] });
    await waitFor(() => expect(document.querySelector('.page__header h1')).not.toBeNull());
    expect(document.querySelector('.page-spinner')).not.toBeNull();
    const shell = header();
    waiting.unmount();
    const known = renderApp({ path, user, routes: [{ path: /^\/api\/(?!me$)/, reply: { hang: true } }] });
    // The page itself, no longer its shell.
    await waitFor(() => expect(known.queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(user));
    await screen.findByRole('heading', { level: 1 });
    expect(header()).toEqual(shell);
  });
});
