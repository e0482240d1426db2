import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi, registerConfirmed, withApi } from '../helpers/times.js';

/*
 * The pages the build renders ahead (docs/adr/0030-prerendered-pages.md, issue 38): each arrives as HTML with its
 * content, and the app hydrates it without a mismatch (React's root container on #root, nothing said about
 * hydration in the console). A logged-in page arrives as its shell and becomes the page once the session is known.
 */
const student: Person = { name: 'Lili Boulanger', email: uniqueEmail('lili.boulanger'), password: 'Psalm24Faust1913', role: 'student', duration: 30 };
const teacher: Person = { name: 'Nadia Boulanger', email: uniqueEmail('nadia.boulanger'), password: 'Fontainebleau1921', role: 'teacher' };

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ playwright }, testInfo) => {
  await withApi(playwright, testInfo.project.use.baseURL, async (api) => {
    await registerConfirmed(api, student);
    await registerConfirmed(api, teacher);
  });
});

/** What the console says about hydration (React's mismatch reports and main.tsx's recoverable errors), and errors. */
function watchConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (!['error', 'warning'].includes(message.type())) return;
    if (/hydrat|did not match|recovered from|Minified React error/i.test(message.text())) said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
  return said;
}

/** True once the app has taken #root over: hydrateRoot/createRoot mark it with React's root container. */
const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer$')));

const PUBLIC: [string, string][] = [
  ['/', 'Willkommen beim Stundenplan-Assistenten'],
  ['/login', 'Login'],
  ['/register', 'Registrieren'],
  ['/contact', 'Kontakt'],
  ['/impressum', 'Impressum'],
  ['/datenschutz', 'Datenschutzerklärung'],
  ['/barrierefreiheit', 'Erklärung zur Barrierefreiheit'],
  ['/gibt-es-nicht', 'Seite nicht gefunden'],
];

for (const [path, heading] of PUBLIC) {
  test(`${path}: arrives rendered and hydrates without a mismatch`, async ({ page }) => {
    const said = watchConsole(page);
    const response = await page.request.get(path);
    expect(await response.text()).toContain(heading);
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(said).toEqual([]);
  });
}

for (const [path, who, heading] of [
  ['/student', student, 'Deine Zeiten'],
  ['/me/classes', teacher, 'Klassen & Kurse'],
  ['/scheduling', teacher, 'Stundenplanung'],
] as const) {
  test(`${path}: arrives as its shell, hydrates without a mismatch and becomes the page`, async ({ page }) => {
    await loginByApi(page.request, who);
    const said = watchConsole(page);
    const html = await (await page.request.get(path)).text();
    expect(html).toContain(`<h1 class="page__title">${heading.replace('&', '&amp;')}</h1>`);
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The user menu: the session is known and the page is the app's.
    await expect(page.getByRole('button', { name: new RegExp(who.name.split(' ')[0]!) })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(said).toEqual([]);
  });
}

test('the check can fail: a page whose HTML differs from the first render is reported', async ({ page }) => {
  const said = watchConsole(page);
  await page.route('**/login', async (route) => {
    const original = await route.fetch();
    const body = (await original.text()).replace('<h1 class="page__title">Login</h1>', '<h1 class="page__title">Anders</h1>');
    await route.fulfill({ response: original, body });
  });
  await page.goto('/login');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect.poll(() => said.length).toBeGreaterThan(0);
});

test('what is typed into /login before the app has taken over is what it sends', async ({ page }) => {
  // The app's entry is held back until the visitor has typed: the page is the build's HTML only.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]{8}\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(student.email);
  await page.getByLabel('Passwort').fill(student.password);
  expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
  release();
  await hydrated(page);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const login = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/auth/login'));
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Anmelden' }).click();
  expect((await login).postDataJSON()).toEqual({ email: student.email, password: student.password });
  await expect(page).toHaveURL(/\/student$/);
});
