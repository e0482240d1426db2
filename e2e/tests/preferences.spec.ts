import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { atPath, field, loginOnLoginPage, uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import { createClassWithTimes, joinAndEnterTimes, lesson, signUpViaApi, slotMap, slotOf, span, type TimeWindows } from '../helpers/planner.js';

/*
 * Better plans (preferred times and stable re-planning), in a real browser against the
 * real stack:
 *   teacher  Mo 9:00-13:00 (time range exact)
 *   Anna 30  Mo 9:00-13:00, paints her preferred 10:00-10:30 on /student ('Bevorzugt')
 *   Ben  30  Mo 9:00-13:00, preferred 12:00-12:30 (entered through the API)
 * The calculation puts both lessons into their preferred half hours (2 von 2). The plan is saved;
 * then Ben can no longer come at 12:00, and a recalculation with 'Möglichst wenige Änderungen'
 * moves only Ben (1 verschoben), Anna stays.
 */

const MONDAY = 0;
const CLASS_NAME = 'Violine Wunschzeiten';
const teacher: Person = { name: 'Clara Schumann', email: uniqueEmail('clara.schumann'), password: 'Romanze1853', role: 'teacher' };
const anna: Person = { name: 'Anna Fenger', email: uniqueEmail('anna.fenger'), password: 'Etuede2024', role: 'student', duration: 30 };
const ben: Person = { name: 'Ben Lorenz', email: uniqueEmail('ben.lorenz'), password: 'Kadenz2024', role: 'student', duration: 30 };
const week: TimeWindows = { [MONDAY]: [['9:00', '13:00']] };

const TEXT = {
  calculated: 'Neuer Stundenplan erfolgreich berechnet!',
  timesUpdated: 'Verfügbare Zeiten erfolgreich aktualisiert',
  saved: 'Stundenplan erfolgreich gespeichert!',
} as const;

const toast = (page: Page, text: string) => page.locator('.toaster').getByText(text, { exact: true });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Seitenleiste' });
const cell = (grid: Locator, day: number, clock: string) => grid.locator(`[data-day="${day}"][data-slot="${slotOf(clock)}"]`);

let teacherApi: APIRequestContext;
let benApi: APIRequestContext;
let annaApi: APIRequestContext;
let classId = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  teacherApi = await signUpViaApi(playwright.request, baseURL, teacher);
  const created = await createClassWithTimes(teacherApi, CLASS_NAME, week);
  classId = created.classId;
  annaApi = await signUpViaApi(playwright.request, baseURL, anna);
  await joinAndEnterTimes(annaApi, anna, created.registerShortcut, week);
  benApi = await signUpViaApi(playwright.request, baseURL, ben);
  await joinAndEnterTimes(benApi, ben, created.registerShortcut, week);
  const res = await benApi.put('/api/me/available-times', {
    data: { available_times: slotMap(week), preferred_times: slotMap({ [MONDAY]: [['12:00', '12:30']] }) },
  });
  expect(res.ok(), `Ben's preferred times: ${await res.text()}`).toBeTruthy();
});

test.afterAll(async () => {
  await Promise.all([teacherApi, annaApi, benApi].filter(Boolean).map((api) => api.dispose()));
});

test.use({ viewport: { width: 1440, height: 1100 } });

test('Student*in malt Wunschzeiten ("Bevorzugt"), speichert, und nach dem Neuladen sind sie wieder da', async ({ page }) => {
  await loginByApi(page.request, anna);
  await page.goto('/student');
  await expect(page).toHaveURL(atPath('/student'));
  const grid = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
  await expect(grid).toBeVisible();
  await expect(cell(grid, MONDAY, '10:00')).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('radio', { name: 'Bevorzugt' }).check();
  const preferredGrid = page.getByRole('grid', { name: 'Deine bevorzugten Zeiten' });
  await expect(preferredGrid).toBeVisible();
  const from = cell(preferredGrid, MONDAY, '10:00');
  await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await from.hover();
  await page.mouse.down();
  const to = await cell(preferredGrid, MONDAY, '10:15').boundingBox();
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(cell(preferredGrid, MONDAY, '10:00')).toHaveAttribute('aria-selected', 'true');
  await expect(cell(preferredGrid, MONDAY, '10:15')).toHaveAttribute('aria-selected', 'true');
  await expect(cell(preferredGrid, MONDAY, '10:30')).toHaveAttribute('aria-label', 'Montag 10:30, verfügbar');

  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(toast(page, TEXT.timesUpdated)).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
  await expect(cell(reloaded, MONDAY, '10:00')).toHaveAttribute('aria-label', 'Montag 10:00, bevorzugt');
  await expect(cell(reloaded, MONDAY, '10:15')).toHaveAttribute('aria-label', 'Montag 10:15, bevorzugt');
  await expect(cell(reloaded, MONDAY, '10:30')).toHaveAttribute('aria-label', 'Montag 10:30, verfügbar');
  await expect(cell(reloaded, MONDAY, '10:00')).toHaveClass(/wg-cell--marked/);
  const stored = (await (await page.request.get('/api/me/available-times')).json()) as {
    available_times_response: { preferred_times: Record<string, string[]> };
  };
  expect(stored.available_times_response.preferred_times).toEqual({ '0': ['10.00', '10.15'] });
});

test('Lehrkraft berechnet: Stunden in Wunschzeiten mit Stern; mit gespeichertem Plan und "Möglichst wenige Änderungen" wird nur Ben verschoben', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginOnLoginPage(page, teacher.email, teacher.password);
  await expect(page).toHaveURL(atPath('/scheduling'));
  await page.goto(`/scheduling/planen?klasse=${classId}`);
  await expect(sidebar(page).getByRole('region', { name: 'Studierende' })).toContainText('0 von 2 eingeplant');
  // No saved plan yet: nothing to stay close to.
  await expect(sidebar(page).getByRole('switch', { name: 'Möglichst wenige Änderungen' })).toHaveCount(0);

  await test.step('Berechnen: beide Stunden in ihren Wunschzeiten, "2 von 2 Stunden in Wunschzeiten"', async () => {
    await sidebar(page).getByRole('button', { name: 'Stundenplan berechnen' }).click();
    await expect(toast(page, TEXT.calculated)).toBeVisible({ timeout: 60_000 });
    await expect(lesson(page, anna.name)).toHaveAttribute('aria-label', `${anna.name}, ${span(MONDAY, '10:00', 30)}, in Wunschzeit`);
    await expect(lesson(page, ben.name)).toHaveAttribute('aria-label', `${ben.name}, ${span(MONDAY, '12:00', 30)}, in Wunschzeit`);
    await expect(lesson(page, anna.name).locator('[data-mark="preferred"]')).toBeVisible();
    await expect(page.getByTestId('preferred-count')).toHaveText('★2 von 2 Stunden in Wunschzeiten');
    await expect(page.getByTestId('moved-count')).toHaveCount(0);
  });

  await test.step('Speichern', async () => {
    await page.getByRole('toolbar', { name: 'Stundenplan' }).getByRole('button', { name: 'Stundenplan speichern (Ungespeicherte Änderungen)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stundenplan speichern' });
    await field(dialog, 'Name').fill('Plan mit Wunschzeiten');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(toast(page, TEXT.saved)).toBeVisible();
  });

  await test.step('Ben kann um 12:00 nicht mehr; neu laden, der gespeicherte Plan ist geladen, der Schalter ist an', async () => {
    const res = await benApi.put('/api/me/available-times', {
      data: {
        available_times: slotMap({
          [MONDAY]: [
            ['9:00', '12:00'],
            ['12:30', '13:00'],
          ],
        }),
        preferred_times: {},
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    await page.reload();
    await expect(sidebar(page).getByLabel('Name', { exact: true })).toHaveValue('Plan mit Wunschzeiten');
    await expect(lesson(page, ben.name)).toHaveAttribute('aria-label', `${ben.name}, ${span(MONDAY, '12:00', 30)}`);
    await expect(sidebar(page).getByRole('switch', { name: 'Möglichst wenige Änderungen' })).toBeChecked();
  });

  await test.step('Neu berechnen: "1 verschoben", Ben ist markiert, Anna bleibt', async () => {
    await sidebar(page).getByRole('button', { name: 'Stundenplan berechnen' }).click();
    await expect(toast(page, TEXT.calculated).last()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('moved-count')).toContainText('1 verschoben');
    await expect(page.getByTestId('moved-count')).toContainText('gegenüber „Plan mit Wunschzeiten“');
    await expect(lesson(page, ben.name)).toHaveAttribute('aria-label', /, verschoben$/);
    await expect(lesson(page, ben.name).locator('[data-mark="moved"]')).toBeVisible();
    await expect(lesson(page, anna.name)).toHaveAttribute('aria-label', `${anna.name}, ${span(MONDAY, '10:00', 30)}, in Wunschzeit`);
    await expect(page.getByTestId('preferred-count')).toHaveText('★1 von 2 Stunden in Wunschzeiten');
  });
});
