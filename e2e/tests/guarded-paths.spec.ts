import { expect, test, type Page } from '@playwright/test';
import { PROTECTED_PREFIXES } from '../../web/src/shared/routing/protected-paths.js';
import { expectLoggedOutNav } from '../helpers/accounts.js';

/**
 * A visitor (no session) is sent home from every guarded path of docs/product/screens.md, typed or in the app.
 * The prefixes are the web app's own list; web/src/shared/routing/protected-paths.test.ts holds it to screens.md.
 */

test('Abgemeldet: jeder geschützte Pfad (docs/product/screens.md) leitet auf / um', async ({ page, context }) => {
  /** Navigation inside the running app (as a link or the planner would do it). */
  const navigateInApp = (path: string) =>
    page.evaluate((p) => {
      window.history.pushState(null, '', p);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  /** Back on '/' (not a page below it), with the guarded path handed along as state.from. */
  const expectBackHome = (tab: Page, path: string) =>
    expect
      .poll(
        () =>
          tab.evaluate(() => ({
            at: window.location.pathname + window.location.search,
            from: (window.history.state as { usr?: { from?: string } } | null)?.usr?.from ?? null,
          })),
        { message: `${path} leitet auf / um und gibt die Herkunft mit`, intervals: [25, 50, 100, 250], timeout: 15_000 },
      )
      .toEqual({ at: '/', from: path });
  const welcome = (tab: Page) => tab.getByRole('heading', { level: 1, name: 'Willkommen beim Stundenplan-Assistenten' });

  // Typed into the address bar, in a few tabs side by side to keep the run short.
  // /api/* typed there reaches the API itself (the gateway answers), so those four are only
  // reachable inside the app; the web's guard covers them when the app navigates there.
  const typed = PROTECTED_PREFIXES.filter((p) => !p.startsWith('/api/'));
  const queue = [...typed];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const tab = await context.newPage();
      for (let path = queue.shift(); path; path = queue.shift()) {
        await tab.goto(path);
        await expectBackHome(tab, path);
        await expect(welcome(tab)).toBeVisible();
      }
      await tab.close();
    }),
  );

  // Inside the app: the /api/* prefixes, and below every prefix.
  await page.goto('/');
  await expectLoggedOutNav(page);
  for (const prefix of PROTECTED_PREFIXES) {
    const paths = [`${prefix}/unterseite?x=1`];
    if (prefix.startsWith('/api/')) paths.unshift(prefix);
    for (const path of paths) {
      await navigateInApp(path);
      await expectBackHome(page, path);
    }
  }
  await expect(welcome(page)).toBeVisible();

  // The redirect replaces the history entry: going back does not return to a guarded page.
  const historyLength = await page.evaluate(() => window.history.length);
  await page.goto('/profile');
  await expectBackHome(page, '/profile');
  await expect(welcome(page)).toBeVisible();
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength + 1);
});
