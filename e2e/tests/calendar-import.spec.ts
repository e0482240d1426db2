import { expect, test, type Browser, type Page } from '@playwright/test';
import { shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import { createClassWithTimes, signUpViaApi } from '../helpers/planner.js';
import { gridCell, joinClassByApi, loginByApi, quarterHours, registerConfirmed } from '../helpers/times.js';

/*
 * 'Aus Kalender übernehmen' on /student (docs/product/times.md) at phone and desktop width: the student
 * uploads an .ics made here (weekly Montag 10:00-12:00 Europe/Berlin, 'Orchester'), sees the busy cells
 * hatched and named, takes 'Freie Zeiten übernehmen', saves, and the saved times (read back over the
 * API) leave out Montag 10:00-11:45.
 *
 * The class times are Montag 9:00-13:00 (exact), so the student's window is Montag 8:00-14:00 (one hour
 * either side): the free times are Montag 8:00-9:45 and 12:00-13:45.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = Date.now().toString(36).slice(-5);
const teacher: Person = { name: 'Nadia Boulanger', email: uniqueEmail('nadia.boulanger'), password: 'Fontainebleau1921', role: 'teacher' };
let registerShortcut = '';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Stundenplan-Assistent//e2e//DE',
  'BEGIN:VEVENT',
  `UID:orchester-${run}@example.org`,
  'DTSTAMP:20260101T120000Z',
  'DTSTART;TZID=Europe/Berlin:20260105T100000',
  'DTEND;TZID=Europe/Berlin:20260105T120000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO',
  'SUMMARY:Orchester',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const WIDTHS = [
  { label: 'Handy (390 px)', viewport: { width: 390, height: 844 }, mobile: true },
  { label: 'Desktop (1440 px)', viewport: { width: 1440, height: 900 }, mobile: false },
] as const;

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await signUpViaApi(playwright.request, testInfo.project.use.baseURL!, teacher);
  try {
    ({ registerShortcut } = await createClassWithTimes(api, `Orchesterleitung ${run}`, { 0: [['9:00', '13:00']] }));
  } finally {
    await api.dispose();
  }
});

async function newStudentPage(browser: Browser, baseURL: string, width: (typeof WIDTHS)[number], who: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: width.viewport, hasTouch: width.mobile, isMobile: width.mobile, locale: 'de-DE' });
  const page = await context.newPage();
  await registerConfirmed(page.request, who);
  await loginByApi(page.request, who);
  await joinClassByApi(page.request, registerShortcut, 30);
  return page;
}

for (const width of WIDTHS) {
  test(`${width.label}: Kalender einlesen, belegte Zeiten schraffiert, freie Zeiten übernehmen und speichern`, async ({ browser }, testInfo) => {
    const student: Person = { name: 'Lili Boulanger', email: uniqueEmail('lili.boulanger'), password: 'Psaume24Faure', role: 'student', duration: 30 };
    const page = await newStudentPage(browser, testInfo.project.use.baseURL!, width, student);
    try {
      await page.goto('/student');
      const grid = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
      await expect(grid).toBeVisible();

      const panel = page.getByRole('region', { name: 'Aus Kalender übernehmen' });
      await panel.getByText('Aus Kalender übernehmen', { exact: true }).click();
      await panel.getByLabel('Kalenderdatei (.ics)').setInputFiles({ name: 'stundenplan.ics', mimeType: 'text/calendar', buffer: Buffer.from(ICS) });
      await expect(panel.getByRole('status')).toContainText('belegte Zeiten sind schraffiert.');

      for (const time of quarterHours('10:00', '11:45')) {
        const cell = gridCell(grid, 'Montag', time);
        await expect(cell).toHaveAttribute('aria-label', `Montag ${time}, nicht verfügbar, belegt: Orchester`);
        await expect(cell).toHaveAttribute('title', 'Belegt: Orchester');
        await expect(cell).toHaveClass(/wg-cell--busy/);
      }
      await expect(gridCell(grid, 'Montag', '9:45')).not.toHaveClass(/wg-cell--busy/);
      await expect(gridCell(grid, 'Montag', '12:00')).not.toHaveClass(/wg-cell--busy/);
      // Hovering names the event (a desktop tooltip is the title attribute).
      if (!width.mobile) await gridCell(grid, 'Montag', '10:30').hover();

      if (width.mobile) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      }
      await shot(page, `calendar-import-${width.viewport.width}`);

      await panel.getByRole('button', { name: 'Freie Zeiten übernehmen' }).click();
      await expect(gridCell(grid, 'Montag', '8:00')).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('button', { name: 'Speichern' }).first().click();
      await expect(page.locator('.toaster').getByText('Verfügbare Zeiten erfolgreich gespeichert', { exact: true })).toBeVisible();

      const saved = (await (await page.request.get('/api/me/available-times')).json()) as {
        available_times_response: { available_times: Record<string, string[]> };
      };
      const monday = saved.available_times_response.available_times['0'] ?? [];
      const label = (t: string) => t.replace(':', '.');
      expect(monday).toEqual([...quarterHours('8:00', '9:45'), ...quarterHours('12:00', '13:45')].map(label));
      for (const time of quarterHours('10:00', '11:45')) expect(monday).not.toContain(label(time));
    } finally {
      await page.context().close();
    }
  });
}
