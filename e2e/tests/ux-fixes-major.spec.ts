import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { atPath, field, mainNav, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import { createClassWithTimes, joinAndEnterTimes, lesson, lessonPosition, signUpViaApi, slotOf, weekGrid } from '../helpers/planner.js';
import { gridCell } from '../helpers/times.js';

/*
 * The three major usability fixes, at the width where each one hurt:
 *  - phone (390 px): a tap on a lesson selects it, removal is an explicit, large, undoable action, a
 *    second tap on a free cell moves the lesson;
 *  - /student: a 401 while saving runs the expired-session flow and the unsaved times survive the
 *    new login;
 *  - /datenschutz beside the Impressum in the footer, both from config.js, with a warning while the
 *    operator data are placeholders.
 */

const EXPIRED = 'Deine Sitzung ist abgelaufen. Bitte melde Dich erneut an.';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MONDAY = 0;

const teacher: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.hensel'), password: 'Notturno2024', role: 'teacher' };
const anna: Person = { name: 'Anna Bäcker', email: uniqueEmail('anna.baecker'), password: 'Tonleiter77', role: 'student', duration: 30 };
const ben: Person = { name: 'Ben Krüger', email: uniqueEmail('ben.krueger'), password: 'Tonleiter77', role: 'student', duration: 30 };

async function phoneContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
}

let classId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const teacherApi = await signUpViaApi(playwright.request, baseURL!, teacher);
  const created = await createClassWithTimes(teacherApi, 'Klavier Handy', { [MONDAY]: [['9:00', '12:00']] });
  classId = created.classId;
  const annaApi = await signUpViaApi(playwright.request, baseURL!, anna);
  await joinAndEnterTimes(annaApi, anna, created.registerShortcut, { [MONDAY]: [['9:00', '12:00']] });
  const benApi = await signUpViaApi(playwright.request, baseURL!, ben);
  await joinAndEnterTimes(benApi, ben, created.registerShortcut, { [MONDAY]: [['9:00', '12:00']] });
  // A saved plan: Anna Mo 9:00-9:30, Ben Mo 9:30-10:00 (the planner loads the latest one).
  const members = (await (await teacherApi.get(`/api/classes/${classId}/members`)).json()) as
    | { members?: { member_id: string; name: string }[] }
    | { member_id: string; name: string }[];
  const list = Array.isArray(members) ? members : (members.members ?? []);
  const idOf = (name: string) => list.find((m) => m.name === name)!.member_id;
  const saved = await teacherApi.post(`/api/classes/${classId}/schedules`, {
    data: {
      name: 'Plan Handy',
      description: null,
      class_id: classId,
      available_times: {
        '0': [
          ['9.00', idOf(anna.name)],
          ['9.15', idOf(anna.name)],
          ['9.30', idOf(ben.name)],
          ['9.45', idOf(ben.name)],
        ],
        '1': [],
        '2': [],
        '3': [],
        '4': [],
        '5': [],
        '6': [],
      },
    },
  });
  expect(saved.ok(), `save schedule: ${await saved.text()}`).toBeTruthy();
  await Promise.all([teacherApi.dispose(), annaApi.dispose(), benApi.dispose()]);
});

test('Handy, Planer: Tippen wählt eine Stunde aus statt sie zu löschen; Entfernen ist groß und rückgängig zu machen; Tippen auf ein freies Feld verschiebt', async ({
  browser,
  baseURL,
}) => {
  const context = await phoneContext(browser, baseURL);
  try {
    const page = await context.newPage();
    await loginByApi(page.request, teacher);
    await page.goto('/scheduling');
    await page.getByRole('button', { name: /^Klavier Handy/ }).tap();
    await expect(page).toHaveURL(/\/scheduling\/planen\?klasse=/);
    const annaLesson = lesson(page, anna.name);
    await expect(annaLesson).toBeVisible();
    await expect(lesson(page, ben.name)).toBeVisible();

    // The tile carries no tiny buttons on a phone; its centre is the tile itself.
    await expect(annaLesson.getByRole('button', { name: `${anna.name} aus dem Plan entfernen` })).toBeHidden();
    await annaLesson.scrollIntoViewIfNeeded();
    const box = (await annaLesson.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

    // Still planned, now selected, with its actions in a bar at the bottom.
    await expect(annaLesson).toHaveAttribute('data-selected', 'true');
    expect(await lessonPosition(page, anna.name)).toMatchObject({ day: MONDAY, start: slotOf('9:00'), end: slotOf('9:30') });
    const bar = page.getByRole('region', { name: 'Ausgewählte Stunde' });
    await expect(bar).toContainText(`${anna.name} Montag 09:00–09:30 Uhr`);
    await expect(bar).toContainText('Tippe auf ein freies Feld, um die Stunde dorthin zu verschieben.');
    const remove = bar.getByRole('button', { name: 'Aus dem Plan nehmen' });
    const removeBox = (await remove.boundingBox())!;
    expect(removeBox.height, 'touch target height').toBeGreaterThanOrEqual(44);
    expect(removeBox.width, 'touch target width').toBeGreaterThanOrEqual(44);
    await shot(page, 'ux14-phone-planner-selected');

    // A tap on a free cell moves the selected lesson there (Montag 10:30).
    const target = weekGrid(page).locator(`[data-cell="${MONDAY}:${slotOf('10:30')}"]`);
    await target.scrollIntoViewIfNeeded();
    await target.tap();
    await expect.poll(() => lessonPosition(page, anna.name)).toMatchObject({ day: MONDAY, start: slotOf('10:30'), end: slotOf('11:00') });

    // Removal is explicit and can be undone.
    await remove.tap();
    await expect(annaLesson).toHaveCount(0);
    const undo = page.getByRole('status').filter({ hasText: `${anna.name} wurde aus dem Plan genommen.` });
    await expect(undo).toBeVisible();
    await shot(page, 'ux14-phone-planner-undo');
    await undo.getByRole('button', { name: 'Rückgängig' }).tap();
    await expect(annaLesson).toBeVisible();
    expect(await lessonPosition(page, anna.name)).toMatchObject({ day: MONDAY, start: slotOf('10:30'), end: slotOf('11:00') });
    await expect(lesson(page, ben.name)).toBeVisible();
  } finally {
    await context.close();
  }
});

test('/student: Sitzung läuft beim Speichern ab -> Startseite mit Hinweis; nach dem Anmelden sind die ungespeicherten Zeiten wieder da', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  try {
    const page = await context.newPage();
    await loginByApi(page.request, anna);
    await page.goto('/student');
    const grid = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
    await expect(grid).toBeVisible();
    const cell = gridCell(grid, 'Montag', '9:00');
    await expect(cell).toHaveAttribute('aria-selected', 'true');
    await cell.click();
    await expect(cell).toHaveAttribute('aria-selected', 'false');
    await gridCell(grid, 'Montag', '12:00').click();
    await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();

    // The session ends on the server side (cookie gone), then the student saves.
    await context.clearCookies();
    await page.getByRole('main').getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page).toHaveURL(atPath('/'));
    await expect(page.getByText(EXPIRED)).toBeVisible();
    await expect(page.getByText(/Speichern fehlgeschlagen/)).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    // The notice consumed the sessionExpired flag; lastPath stays for the next login.
    expect(await page.evaluate(() => localStorage.getItem('lastPath'))).toBe('/student');

    // Log in again on the home page: back on /student with the unsaved times.
    const form = page.getByRole('form', { name: 'Login' });
    await field(form, 'E-Mail').fill(anna.email);
    await field(form, 'Passwort').fill(anna.password);
    await form.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(atPath('/student'));
    await expect(page.getByText('Deine noch nicht gespeicherten Zeiten wurden wiederhergestellt.', { exact: false })).toBeVisible();
    await expect(gridCell(grid, 'Montag', '9:00')).toHaveAttribute('aria-selected', 'false');
    await expect(gridCell(grid, 'Montag', '12:00')).toHaveAttribute('aria-selected', 'true');
    await shot(page, 'ux14-student-restored');
    await page.getByRole('main').getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);

    await page.reload();
    await expect(gridCell(grid, 'Montag', '12:00')).toHaveAttribute('aria-selected', 'true');
    await expect(gridCell(grid, 'Montag', '9:00')).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByText('wurden wiederhergestellt', { exact: false })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('Handy, /student: der Toast nach dem Login verdeckt den Zwei-Tipp-Hinweis und sein „Abbrechen“ nicht', async ({ browser, baseURL }) => {
  const context = await phoneContext(browser, baseURL);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await field(form, 'E-Mail').fill(ben.email);
    await field(form, 'Passwort').fill(ben.password);
    await form.getByRole('button', { name: 'Anmelden' }).tap();
    await expect(page).toHaveURL(atPath('/student'));
    const grid = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
    await gridCell(grid, 'Montag', '10:00').tap();
    const hint = page.getByRole('status').filter({ hasText: 'Erste Ecke: Montag 10:00.' });
    const toastBox = page.locator('.toaster').getByText('Login erfolgreich', { exact: true });
    await expect(hint).toBeVisible();
    await expect(toastBox).toBeVisible();
    await shot(page, 'ux14-phone-student-toast-and-hint');
    const a = (await hint.boundingBox())!;
    const b = (await toastBox.boundingBox())!;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `hint ${JSON.stringify(a)} and toast ${JSON.stringify(b)} must not overlap`).toBe(false);
    await hint.getByRole('button', { name: 'Abbrechen' }).tap();
    await expect(hint).toBeHidden();
  } finally {
    await context.close();
  }
});

async function expectFooterLegalLinks(page: Page): Promise<Locator> {
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Rechtliches' });
  await expect(legal.getByRole('link')).toHaveText(['Über uns', 'Impressum', 'Datenschutz', 'Barrierefreiheit']);
  const impressum = (await legal.getByRole('link', { name: 'Impressum' }).boundingBox())!;
  const privacy = (await legal.getByRole('link', { name: 'Datenschutz' }).boundingBox())!;
  expect(Math.abs(impressum.y - privacy.y), 'Impressum and Datenschutz on one line').toBeLessThan(4);
  return legal;
}

for (const [label, viewport] of [
  ['Desktop', DESKTOP],
  ['Handy', PHONE],
] as const) {
  test(`${label}: Datenschutz neben dem Impressum; Warnung, solange die Betreiberangaben Platzhalter sind`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport, locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const legal = await expectFooterLegalLinks(page);
      await legal.getByRole('link', { name: 'Datenschutz' }).click();
      await expect(page).toHaveURL(atPath('/datenschutz'));
      await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
      await expect(page.getByText('Die Angaben zum Betreiber fehlen noch')).toBeVisible();
      await expect(page.getByText('[Name des Betreibers]').first()).toBeVisible();
      await legal.getByRole('link', { name: 'Impressum' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
      await expect(page.getByText('Die Angaben zum Betreiber fehlen noch')).toBeVisible();
      await shot(page, `ux14-impressum-placeholder-${viewport.width}`);
    } finally {
      await context.close();
    }
  });
}

test('Desktop: mit ausgefüllter config.js zeigen Impressum und Datenschutz die Betreiberangaben ohne Warnung', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.route('**/config.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.__CONFIG__ = { impressum: { operator: 'Musikhochschule Beispielstadt', street: 'Beispielweg 5', postalCode: '12345', city: 'Beispielstadt', email: 'stundenplan@example.org' }, privacy: { hosting: 'Rechenzentrum der Hochschule Beispielstadt' } };`,
    }),
  );
  await page.goto('/datenschutz');
  const main = page.getByRole('main');
  await expect(main.getByText('Musikhochschule Beispielstadt')).toBeVisible();
  await expect(main.getByRole('link', { name: 'stundenplan@example.org' })).toHaveAttribute('href', 'mailto:stundenplan@example.org');
  await expect(main.getByText('Die Server betreibt: Rechenzentrum der Hochschule Beispielstadt.', { exact: false })).toBeVisible();
  await expect(page.getByText('Die Angaben zum Betreiber fehlen noch')).toHaveCount(0);
  await page.goto('/impressum');
  await expect(main.getByText('Beispielweg 5')).toBeVisible();
  await expect(page.getByText('Die Angaben zum Betreiber fehlen noch')).toHaveCount(0);
});
