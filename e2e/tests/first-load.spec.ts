import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, type Person } from '../helpers/accounts.js';
import { createClassByApi, loginByApi, registerConfirmed, withApi } from '../helpers/times.js';

/*
 * The first load of a page, as a phone opens it (docs/adr/0030-prerendered-pages.md, issues 28 and 38): /student
 * arrives as its rendered shell whose hints fetch the page's files at once, the app asks for the session and the
 * page's data once each; nothing on /, /login, /student or /scheduling moves once painted (no layout shift: the
 * footer waits below the fold, the login card holds its room while the session is checked).
 */
const student: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.hensel'), password: 'Gartenlieder1827', role: 'student', duration: 30 };
const teacher: Person = { name: 'Clara Schumann', email: uniqueEmail('clara.schumann'), password: 'Romanze1853Op21', role: 'teacher' };

test.use({ viewport: { width: 412, height: 823 } });

test.beforeAll(async ({ playwright }, testInfo) => {
  await withApi(playwright, testInfo.project.use.baseURL, async (api) => {
    await registerConfirmed(api, student);
    await registerConfirmed(api, teacher);
  });
});

/** Records every layout shift the page reports, from its very start. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);

test('/student: session, data and page files asked for once, and nothing moves', async ({ page }) => {
  await loginByApi(page.request, student);
  await watchShifts(page);
  const asked: string[] = [];
  const early: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${r.method()} ${url.pathname}`);
    if (url.pathname.startsWith('/assets/availability-')) early.push(url.pathname);
  });
  await page.goto('/student');
  await expect(page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.sort()).toEqual(['GET /api/me', 'GET /api/me/available-times', 'GET /api/me/teachers-time-ranges', 'GET /api/profile']);
  // The HTML's hints and the app's import are one request each for the page's script and style sheet.
  expect(early.filter((u) => u.endsWith('.js'))).toHaveLength(1);
  expect(early.filter((u) => u.endsWith('.css'))).toHaveLength(1);
  expect(await shifts(page)).toEqual([]);
});

for (const path of ['/', '/login']) {
  test(`${path}: logged out, nothing moves once painted`, async ({ page }) => {
    await watchShifts(page);
    await page.goto(path);
    await expect(page.getByRole('textbox', { name: 'E-Mail' }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await shifts(page)).toEqual([]);
  });
}

test('/: a logged-in student gets the way to the times, the login room held until then', async ({ page }) => {
  await loginByApi(page.request, student);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Zu deinen Zeiten' })).toBeVisible();
  // The held login form was never reachable: no second form, nothing focusable in a hidden one.
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveCount(0);
});

test("/scheduling: a teacher's single class arrives in the shell's place, the footer stays below the fold", async ({ page }) => {
  await loginByApi(page.request, teacher);
  await createClassByApi(page.request, 'Klavier Nebenfach');
  await watchShifts(page);
  await page.goto('/scheduling');
  await expect(page.getByRole('button', { name: /Klavier Nebenfach/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await shifts(page)).toEqual([]);
});
