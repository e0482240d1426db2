import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import { createClassWithTimes, joinAndEnterTimes, memberIdsByName, saveScheduleViaApi, signUpViaApi } from '../helpers/planner.js';

/*
 * Issue 28 item 2: the time grids and the planner are ARIA grids a screen reader can read: column headers for the
 * days, a row header per quarter hour, and a gridcell per quarter hour named by day, time and state. The aria
 * snapshots below are partial (Playwright matches the listed rows and cells in order among the others) over a
 * small fixed data set: teacher Monday 9:00-10:00, student Monday 9:00-9:30, Lena planned Monday 9:00-9:45.
 */

const MONDAY = 0;
const CLASS_NAME = 'Klavier Raster';
const teacher: Person = { name: 'Clara Schumann', email: uniqueEmail('clara.raster'), password: 'Romanze1853', role: 'teacher' };
const student: Person = { name: 'Lena Vogel', email: uniqueEmail('lena.raster'), password: 'Tonleiter77', role: 'student', duration: 45 };
let classId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const teacherApi: APIRequestContext = await signUpViaApi(playwright.request, baseURL!, teacher);
  const created = await createClassWithTimes(teacherApi, CLASS_NAME, { [MONDAY]: [['9:00', '10:00']] });
  classId = created.classId;
  const studentApi = await signUpViaApi(playwright.request, baseURL!, student);
  await joinAndEnterTimes(studentApi, student, created.registerShortcut, { [MONDAY]: [['9:00', '9:30']] });
  const lena = (await memberIdsByName(teacherApi, classId)).get(student.name)!;
  await saveScheduleViaApi(teacherApi, classId, 'Raster', {
    [MONDAY]: [
      ['9.00', lena],
      ['9.15', lena],
      ['9.30', lena],
    ],
  });
  await Promise.all([teacherApi.dispose(), studentApi.dispose()]);
});

test.use({ viewport: { width: 1280, height: 900 } });

/** The polite live region of a week grid. */
const live = (page: Page) => page.locator('.wg-live');

test('die Zeiten der Student*in: ein Raster mit benannten Zellen; ein Bereich per Tastatur wird angesagt', async ({ page }) => {
  await loginByApi(page.request, student);
  await page.goto('/student');
  const grid = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
  await expect(grid).toBeVisible();
  await expect(grid).toMatchAriaSnapshot(`
    - grid "Deine verfügbaren Zeiten":
      - rowgroup:
        - row:
          - columnheader "Uhrzeit"
          - columnheader "Montag"
      - rowgroup:
        - row:
          - rowheader "08:45"
          - gridcell "Montag 08:45, nicht verfügbar"
        - row:
          - rowheader "09:00"
          - gridcell "Montag 09:00, verfügbar" [selected]
        - row:
          - rowheader "09:15"
          - gridcell "Montag 09:15, verfügbar" [selected]
        - row:
          - rowheader "09:30"
          - gridcell "Montag 09:30, nicht verfügbar"
  `);
  // Only the class's day (Monday) is shown; exactly one cell is a tab stop.
  await expect(grid.getByRole('columnheader')).toHaveCount(2);
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);

  // Keyboard: Shift+Space on 08:00, down to 08:30, Space marks 08:00 to 08:45 and says so.
  const start = grid.getByRole('gridcell', { name: 'Montag 08:00, nicht verfügbar' });
  await start.focus();
  await page.keyboard.press('Shift+Space');
  await expect(page.getByRole('status').filter({ hasText: 'Erste Ecke: Montag 08:00.' })).toBeVisible();
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('gridcell', { name: 'Montag 08:30, nicht verfügbar' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(live(page)).toHaveText('Montag 08:00 bis 08:45 als verfügbar markiert');
  await expect(live(page)).toHaveAttribute('aria-live', 'polite');
  await expect(grid.getByRole('gridcell', { name: 'Montag 08:30, verfügbar' })).toHaveAttribute('aria-selected', 'true');
  // Space on one cell toggles it back and says that.
  await page.keyboard.press('Space');
  await expect(live(page)).toHaveText('Montag 08:30 bis 08:45 als nicht verfügbar markiert');
});

test('die Zeiten der Lehrkraft: ein Raster mit benannten Zellen', async ({ page }) => {
  await loginByApi(page.request, teacher);
  await page.goto(`/scheduling/zeiten?klasse=${classId}`);
  const grid = page.getByRole('grid', { name: `Bevorzugte Zeiten für ${CLASS_NAME}` });
  await expect(grid).toBeVisible();
  await expect(grid).toMatchAriaSnapshot(`
    - grid "Bevorzugte Zeiten für ${CLASS_NAME}":
      - rowgroup:
        - row:
          - columnheader "Uhrzeit"
          - columnheader "Montag"
          - columnheader "Sonntag"
      - rowgroup:
        - row:
          - rowheader "09:00"
          - gridcell "Montag 09:00, verfügbar" [selected]
          - gridcell "Dienstag 09:00, nicht verfügbar"
        - row:
          - rowheader "09:45"
          - gridcell "Montag 09:45, verfügbar" [selected]
        - row:
          - rowheader "10:00"
          - gridcell "Montag 10:00, nicht verfügbar"
  `);
  const cell = grid.getByRole('gridcell', { name: 'Montag 10:00, nicht verfügbar' });
  await cell.focus();
  await page.keyboard.press('Enter');
  await expect(live(page)).toHaveText('Montag 10:00 bis 10:15 als verfügbar markiert');
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('gridcell', { name: 'Dienstag 10:00, nicht verfügbar' })).toBeFocused();
});

test('der Planer: ein Raster mit belegten und freien Zellen; Auswahl und Ablegen werden angesagt', async ({ page }) => {
  await loginByApi(page.request, teacher);
  await page.goto(`/scheduling/planen?klasse=${classId}`);
  const grid = page.getByRole('grid', { name: 'Wochenplan' });
  await expect(grid.getByRole('gridcell', { name: 'Montag 09:00, belegt: Lena Vogel' })).toBeVisible({ timeout: 20_000 });
  await expect(grid).toMatchAriaSnapshot(`
    - grid "Wochenplan":
      - row:
        - columnheader "Uhrzeit"
        - columnheader /Montag/
        - columnheader /Sonntag/
      - row:
        - rowheader "09:00"
        - 'gridcell "Montag 09:00, belegt: Lena Vogel"'
        - gridcell "Dienstag 09:00, frei, nicht in deinen Zeiten"
      - row:
        - rowheader "09:30"
        - 'gridcell "Montag 09:30, belegt: Lena Vogel"'
      - row:
        - rowheader "09:45"
        - gridcell "Montag 09:45, frei"
  `);
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);

  // Tap to plan by keyboard: click the lesson (a pick), Enter on a free cell (a move), Enter on itself (no change).
  const status = page.locator('.planner-status');
  await page.getByRole('button', { name: /^Lena Vogel, Montag 09:00–09:45 Uhr/ }).click();
  await expect(status).toHaveText('Lena Vogel ausgewählt. Wähle eine freie Zelle im Wochenplan.');
  const free = grid.getByRole('gridcell', { name: 'Montag 09:45, frei' });
  await free.focus();
  await page.keyboard.press('Enter');
  // 09:45-10:30 is outside Lena's times: the override dialog asks; Escape says no, and that is announced.
  const ask = page.getByRole('dialog');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(status).toHaveText('Lena Vogel nicht abgelegt.');
  await expect(grid.getByRole('gridcell', { name: 'Montag 09:00, belegt: Lena Vogel' })).toBeVisible();
});
