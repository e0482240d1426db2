import { expect, test, type APIRequestContext, type Browser, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { SHOTS_DIR, uniqueEmail, type Person } from '../helpers/accounts.js';
import { membersPanel, memberRow, toast } from '../helpers/classes.js';
import { createClassWithTimes, memberIdsByName, signUpViaApi, weekGrid } from '../helpers/planner.js';

/*
 * Issue 25 in the browser, at phone and desktop width: the teacher sets a Bavarian semester (4 to 15 January 2027,
 * exam week 11 to 15 January) on the class page and sees 'Heilige Drei Könige' among its holidays, makes a student
 * biweekly in the member table, and the send dialog then says per student what the semester costs.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1440, height: 900 };
const WEDNESDAY = 2;

const teacher: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.hensel'), password: 'Notturno1846', role: 'teacher' };
const ANNA = 'Anna Schumann';
const BEN = 'Ben Brahms';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * A class of its own: Anna (30 min) and Ben (30 min) without accounts, and a saved plan with Anna on Wednesday
 * 9:00 in the B week (the saved form carries the week) and Ben on Wednesday 9:30 every week; `shared`: Ben in the
 * A week at Anna's time instead.
 */
async function classWithPlan(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, name: string, shared = false): Promise<string> {
  const api = await signUpViaApi(playwright.request, baseURL, { ...teacher, email: uniqueEmail(name.toLowerCase().replace(/\W/g, '')) });
  const { classId } = await createClassWithTimes(api, name, { [WEDNESDAY]: [['9:00', '12:00']] });
  const added = await api.post(`/api/classes/${classId}/members/new`, {
    data: {
      students: [
        { name: ANNA, email: uniqueEmail('anna.schumann'), duration: 30 },
        { name: BEN, email: uniqueEmail('ben.brahms'), duration: 30 },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const ids = await memberIdsByName(api, classId);
  const a = ids.get(ANNA)!;
  const b = ids.get(BEN)!;
  const days = Object.fromEntries(Array.from({ length: 7 }, (_, d) => [String(d), [] as unknown[]]));
  days[String(WEDNESDAY)] = shared
    ? [
        ['9.00', a, 'B'],
        ['9.00', b, 'A'],
        ['9.15', a, 'B'],
        ['9.15', b, 'A'],
      ]
    : [
        ['9.00', a, 'B'],
        ['9.15', a, 'B'],
        ['9.30', b],
        ['9.45', b],
      ];
  const saved = await api.post(`/api/classes/${classId}/schedules`, {
    data: { name: 'Plan Januar', description: null, class_id: classId, available_times: days },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  // The browser logs in as this teacher.
  const login = await api.storageState();
  await api.dispose();
  return JSON.stringify({ classId, login });
}

async function openAs(browser: Browser, baseURL: string, setup: string, viewport: { width: number; height: number }, touch: boolean) {
  const { classId, login } = JSON.parse(setup) as { classId: string; login: Awaited<ReturnType<APIRequestContext['storageState']>> };
  const context = await browser.newContext({
    baseURL,
    viewport,
    hasTouch: touch,
    isMobile: touch,
    storageState: login,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  return { classId, context, page: await context.newPage() };
}

for (const [label, viewport, touch] of [
  ['390', PHONE, true],
  ['1440', DESKTOP, false],
] as const) {
  test(`semester, biweekly student and what the semester costs (${label} px)`, async ({ browser, baseURL, playwright }) => {
    const className = `Semester ${label}`;
    const setup = await classWithPlan(playwright, baseURL!, className);
    const { classId, context, page } = await openAs(browser, baseURL!, setup, viewport, touch);

    // 1. The semester on the class page.
    await page.goto(`/me/classes?selectClass=${classId}`);
    const section = page.getByTestId(`semester-${classId}`);
    await expect(section.getByText(/Kein Semester festgelegt/)).toBeVisible();
    await section.getByText('Semester', { exact: true }).click();
    await section.getByLabel('Erster Tag').fill('2027-01-04');
    await section.getByLabel('Letzter Tag').fill('2027-01-15');
    await section.getByLabel('Bundesland').selectOption({ label: 'Bayern' });
    await section.getByRole('button', { name: 'Zeitraum hinzufügen' }).click();
    await section.getByLabel('Von').fill('2027-01-11');
    await section.getByLabel('Bis').fill('2027-01-15');
    await section.getByLabel('Bezeichnung').fill('Prüfungswoche');
    await section.getByRole('button', { name: 'Semester speichern' }).click();
    await expect(toast(page, 'Semester gespeichert')).toBeVisible();
    const holidays = section.getByRole('region', { name: 'Gesetzliche Feiertage in Bayern (entfallen automatisch)' });
    await expect(holidays.getByText('Heilige Drei Könige')).toBeVisible();
    await expect(holidays).toContainText('06.01.2027 Heilige Drei Könige');
    await expect(section.getByText('04.01.2027–15.01.2027, Bayern')).toBeVisible();
    await shot(page, `semester-class-${label}`);
    await section.screenshot({ path: `${SHOTS_DIR}/semester-section-${label}.png`, animations: 'disabled' });

    // 2. Anna every other week.
    const members = membersPanel(page, className);
    const frequency = memberRow(members, ANNA).getByLabel(`Rhythmus von ${ANNA}`);
    const saved = page.waitForResponse((r) => r.url().includes('/update') && r.request().method() === 'PUT');
    await frequency.selectOption({ label: '14-täglich' });
    expect((await saved).ok()).toBeTruthy();
    await page.goto(`/me/classes?selectClass=${classId}`);
    await expect(membersPanel(page, className).getByLabel(`Rhythmus von ${ANNA}`)).toHaveValue('biweekly');
    await expect(membersPanel(page, className).getByLabel(`Rhythmus von ${BEN}`)).toHaveValue('weekly');

    // 3. The planner shows Anna's lesson in the B week; the send dialog says what the semester costs.
    await page.goto(`/scheduling/planen?klasse=${classId}`);
    await expect(weekGrid(page).getByRole('button', { name: `${ANNA}, Mittwoch 09:00–09:30 Uhr, B-Woche` })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stundenplan versenden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stundenplan speichern und versenden' });
    const cost = dialog.getByRole('region', { name: 'Termine im Semester 04.01.2027–15.01.2027' });
    await expect(cost.getByRole('listitem')).toHaveText([
      `${ANNA} (14-täglich, B-Woche): 0 TermineEs entfällt 1 Termin: 11.01.–15.01. Prüfungswoche`,
      `${BEN}: 0 TermineEs entfallen 2 Termine: 06.01. Heilige Drei Könige, 11.01.–15.01. Prüfungswoche`,
    ]);
    await expect(dialog.getByLabel('Termine im Kalender bis')).toHaveCount(0);
    await shot(page, `semester-send-${label}`);
    await dialog.screenshot({ path: `${SHOTS_DIR}/semester-dialog-${label}.png`, animations: 'disabled' });
    await context.close();
  });
}

test('Bildschirmfotos der Semesterteile bei 820 px', async ({ browser, baseURL, playwright }) => {
  const setup = await classWithPlan(playwright, baseURL!, 'Semester 820', true);
  const { classId, context, page } = await openAs(browser, baseURL!, setup, TABLET, true);
  const put = await page.request.put(`/api/classes/${classId}/semester`, {
    data: { first_day: '2027-01-04', last_day: '2027-01-15', state: 'BY', breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }] },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  await page.goto(`/me/classes?selectClass=${classId}`);
  const section = page.getByTestId(`semester-${classId}`);
  await section.getByText('Semester', { exact: true }).click();
  await expect(section.getByText('Heilige Drei Könige')).toBeVisible();
  await shot(page, 'semester-class-820');
  await page.goto(`/scheduling/planen?klasse=${classId}`);
  // Anna (B week) and Ben (A week) share Wednesday 9:00: both visible, each on half of the cells.
  await expect(weekGrid(page).locator('.lesson.lesson--half')).toHaveCount(2, { timeout: 20_000 });
  await shot(page, 'semester-planner-820');
  await weekGrid(page).screenshot({ path: `${SHOTS_DIR}/semester-grid-820.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Stundenplan versenden' }).click();
  await expect(page.getByRole('dialog', { name: 'Stundenplan speichern und versenden' }).getByTestId('semester-cost')).toBeVisible();
  await shot(page, 'semester-send-820');
  await context.close();
});
