import { expect, test, type Locator, type Page } from '@playwright/test';
import { atPath, mainNav, shot, uniqueEmail, main, type Person } from '../helpers/accounts.js';
import {
  createClassByApi,
  DAY_NAMES,
  dragAcross,
  expectSelected,
  gridCell,
  joinClassByApi,
  loginByApi,
  registerConfirmed,
  withApi,
  type CreatedClass,
} from '../helpers/times.js';
import { toast } from '../helpers/classes.js';

/*
 * Class times in the browser: the teacher enters the class times in /scheduling step 2 and
 * picks 'extended' with 30 minutes in step 3; a student of the class sees only those days on
 * /student, padded by one hour, drags times in, saves and finds them again after a reload; the
 * teacher sees the student's total and 'gerade eben' in the member table, types times into the
 * edit-times dialog, sees the preview and the total, saves, and the row's total changes.
 *
 * Set-up (accounts, confirmation via the outbox, the class and joining it by its registration code)
 * runs over the HTTP API; every step of the flow under test runs in the browser.
 *
 * The numbers: the teacher marks Montag 10:00-12:00 and Mittwoch 14:00-15:00 (3 hours). Extended by
 * 30 minutes the range is Montag 9:30-12:30 and Mittwoch 13:30-15:30 (5 hours). The student's window
 * adds one hour (4 slots) on each side: Montag 8:30-13:30 and Mittwoch 12:30-16:30, so /student shows
 * the rows 8:30 to 16:15 for Montag and Mittwoch only. The student drags Montag 9:00-11:00 and
 * Mittwoch 15:00-16:00 (3 hours, '3 Std.'); the teacher then types 'Mo 9-12, Di 14:00-16:30, Mi ab 10'
 * (3 h + 2.5 h + 14 h = 19.5 h, '19 Stunden und 30 Minuten', '19:30 Std.').
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const run = Date.now().toString(36).slice(-5);
const teacher: Person = { name: 'Clara Schumann', email: uniqueEmail('clara.schumann'), password: 'Klavierstueck1840', role: 'teacher' };
const student: Person = { name: 'Johannes Brahms', email: uniqueEmail('johannes.brahms'), password: 'Wiegenlied1868', role: 'student', duration: 45 };
const CLASS_NAME = `Klavier Hauptfach ${run}`;
const TYPED_TIMES = 'Mo 9-12, Di 14:00-16:30, Mi ab 10';

const TEXT = {
  placeholder: 'z.B. Mo 9-12, Di 14:00-16:30, Mi ab 10',
  timesSaved: 'Verfügbare Zeiten erfolgreich gespeichert',
  rangeSaved: 'Zeitraum für Klasse gespeichert',
  noTimes: 'Keine Zeiten',
  justNow: 'gerade eben',
  withRange: 'Du kannst Zeiten im Zeitraum eintragen, den deine Lehrkräfte freigegeben haben. Schraffierte Felder liegen außerhalb.',
  noRange: 'Deine Lehrkräfte haben noch keinen Zeitraum festgelegt. Du kannst deine Zeiten an allen Tagen eintragen.',
} as const;

let cls: CreatedClass;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  cls = await withApi(playwright, baseURL, async (api) => {
    await registerConfirmed(api, teacher);
    await loginByApi(api, teacher);
    return createClassByApi(api, CLASS_NAME, 'Einzelunterricht');
  });
  await withApi(playwright, baseURL, async (api) => {
    await registerConfirmed(api, student);
    await loginByApi(api, student);
    await joinClassByApi(api, cls.register_shortcut, student.duration!);
  });
});

test('Lehrkraft: Schritt 2 Zeiten im Raster eintragen und speichern, Schritt 3 „Erweitert“ um 30 Minuten', async ({ page, context }) => {
  await loginByApi(page.request, teacher);
  await page.goto('/scheduling');
  await expect(page.getByRole('heading', { level: 2, name: 'Für welche Klasse möchtest du planen?' })).toBeVisible();
  await main(page)
    .getByRole('button', { name: new RegExp(`^${CLASS_NAME}`) })
    .click();

  // No teacher times yet: the automatic jump leads to step 2.
  await expect(page).toHaveURL(`/scheduling/zeiten?klasse=${cls.class_id}`);
  await expect(page.getByRole('heading', { level: 2, name: `Deine bevorzugten Zeiten für ${CLASS_NAME}` })).toBeVisible();
  const grid = page.getByRole('grid', { name: `Bevorzugte Zeiten für ${CLASS_NAME}` });
  const sum = main(page).getByTestId('summed-time');
  const sidebarSum = page.getByTestId('sidebar-teacher-sum');
  await expect(sum).toHaveText(TEXT.noTimes);
  await expect(sidebarSum).toHaveText(TEXT.noTimes);
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);

  await dragAcross(page, gridCell(grid, 'Montag', '10:00'), gridCell(grid, 'Montag', '11:45'));
  await expectSelected(grid, 'Montag', '10:00', '11:45');
  await dragAcross(page, gridCell(grid, 'Mittwoch', '14:00'), gridCell(grid, 'Mittwoch', '14:45'));
  await expectSelected(grid, 'Mittwoch', '14:00', '14:45');
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(12);
  await expectSelected(grid, 'Montag', '9:45', '9:45', false);
  await expectSelected(grid, 'Montag', '12:00', '12:00', false);
  await expect(sum).toHaveText('3 Stunden');
  await expect(sidebarSum).toHaveText('3 Stunden');

  // The unsaved indicator with its save button; saving stores the times.
  await saveWithIndicator(page);
  await shot(page, 'times-01-lehrkraft-schritt-2');

  // Saved on the server: a reload shows them again.
  await page.reload();
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(12);
  await expectSelected(grid, 'Montag', '10:00', '11:45');
  await expect(sum).toHaveText('3 Stunden');

  await main(page).getByRole('button', { name: 'Weiter zu Schritt 3' }).click();
  await expect(page).toHaveURL(`/scheduling/zeitraum?klasse=${cls.class_id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Zeitraum für Studierende festlegen' })).toBeVisible();
  const extended = main(page).getByRole('radio', { name: /^Erweitert/ });
  const extra = main(page).getByLabel('Zusätzliche Zeit');
  const preview = main(page).locator('.range-preview');
  // Exact is pre-selected: the range equals the teacher's times.
  await expect(main(page).getByRole('radio', { name: /^Genau deine Zeiten/ })).toBeChecked();
  await expect(preview).toContainText('Zeitraum gesamt: 3 Stunden.');
  await expect(extra).toBeDisabled();

  await extended.check();
  await expect(extra).toBeEnabled();
  // docs/product/limits.md: 15, 30, 45 or 60 minutes, default 15.
  await expect(extra.locator('option')).toHaveText(['15 Minuten', '30 Minuten', '45 Minuten', '60 Minuten']);
  await expect(extra).toHaveValue('15');
  await expect(preview).toContainText('Zeitraum gesamt: 4 Stunden.');
  await extra.selectOption({ label: '30 Minuten' });
  await expect(preview).toContainText('Zeitraum gesamt: 5 Stunden.');
  await main(page).getByRole('button', { name: 'Zeitraum speichern' }).click();

  await expect(toast(page, TEXT.rangeSaved)).toBeVisible();
  await expect(main(page).getByRole('status').filter({ hasText: 'Gespeichert:' })).toHaveText(/Gespeichert:\s*Erweitert um 30 Minuten/);
  await expect(main(page).getByRole('button', { name: 'Auswahl ändern' })).toBeVisible();
  await expect(extended).toBeDisabled();
  await expect(extended).toBeChecked();
  await expect(extra).toHaveValue('30');
  const sidebar = page.getByRole('complementary', { name: 'Seitenleiste' });
  await expect(sidebar).toContainText('Erweitert um 30 Minuten');
  await expect(sidebar).toContainText('5 Stunden');

  // The per-class cookie remembers the mode for about a year (docs/product/data.md, docs/product/limits.md).
  const cookie = (await context.cookies()).find((c) => c.name === `timeRangeMode_${cls.class_id}`);
  expect(cookie && decodeURIComponent(cookie.value)).toBe('extended:30');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);
  await shot(page, 'times-02-lehrkraft-schritt-3');

  // docs/product/times.md automatic jump: with times and a range mode, choosing the class again leads to step 4.
  await page.goto('/scheduling');
  await main(page)
    .getByRole('button', { name: new RegExp(`^${CLASS_NAME}`) })
    .click();
  await expect(page).toHaveURL(`/scheduling/planen?klasse=${cls.class_id}`);
  // Access rules: a step without a chosen class shows the warning instead.
  await page.goto('/scheduling/zeitraum');
  await expect(main(page).getByText('Bitte wähle zuerst eine Klasse aus.')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Zu Schritt 1: Klasse wählen' })).toBeVisible();
});

test('Student*in: nur die Tage der Lehrkraft, um eine Stunde erweitert; Zeiten per Ziehen eintragen, speichern, neu laden', async ({ page }) => {
  await loginByApi(page.request, student);
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Deine Zeiten', exact: true }).click();
  await expect(page).toHaveURL(atPath('/student'));
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Zeiten' })).toBeVisible();

  const grid = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
  await expect(grid).toBeVisible();
  await expect(main(page).getByText(TEXT.withRange)).toBeVisible();
  await expect(main(page).getByText(TEXT.noRange)).toHaveCount(0);

  // Only Montag and Mittwoch; the other days are hidden.
  await expect(grid.getByRole('columnheader')).toHaveText(['Uhrzeit', 'Montag', 'Mittwoch']);
  for (const day of DAY_NAMES.filter((d) => d !== 'Montag' && d !== 'Mittwoch')) {
    await expect(grid.getByRole('gridcell', { name: new RegExp(`^${day} `) }), `${day} is hidden`).toHaveCount(0);
  }

  // Rows: one hour before the earliest (Montag 9:30 - 1 h) to one hour after the latest (Mittwoch 15:30 + 1 h).
  const rowHeaders = grid.getByRole('rowheader');
  await expect(rowHeaders.first()).toHaveText('08:30');
  await expect(rowHeaders.last()).toHaveText('16:15');
  await expect(rowHeaders).toHaveCount(32);
  await expect(gridCell(grid, 'Montag', '8:15')).toHaveCount(0);
  await expect(gridCell(grid, 'Mittwoch', '16:30')).toHaveCount(0);

  // Per day: open from one hour before to one hour after the extended range, disabled outside.
  const open = async (day: 'Montag' | 'Mittwoch', time: string, enabled: boolean) => {
    const cell = gridCell(grid, day, time);
    if (enabled) await expect(cell, `${day} ${time} is open`).not.toHaveAttribute('aria-disabled', 'true');
    else await expect(cell, `${day} ${time} is disabled`).toHaveAttribute('aria-disabled', 'true');
  };
  await open('Montag', '8:30', true);
  await open('Montag', '13:15', true);
  await open('Montag', '13:30', false);
  await open('Montag', '16:15', false);
  await open('Mittwoch', '8:30', false);
  await open('Mittwoch', '12:15', false);
  await open('Mittwoch', '12:30', true);
  await open('Mittwoch', '16:15', true);

  const sum = main(page).getByTestId('summed-time');
  await expect(sum).toHaveText(TEXT.noTimes);
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(0);

  await dragAcross(page, gridCell(grid, 'Montag', '9:00'), gridCell(grid, 'Montag', '10:45'));
  await dragAcross(page, gridCell(grid, 'Mittwoch', '15:00'), gridCell(grid, 'Mittwoch', '15:45'));
  await expectStudentTimes(grid);
  await expect(sum).toHaveText('3 Stunden');

  await saveWithIndicator(page);
  await shot(page, 'times-03-student-gespeichert');

  await page.reload();
  await expect(grid).toBeVisible();
  await expectStudentTimes(grid);
  await expect(sum).toHaveText('3 Stunden');
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
});

test('Student*in auf dem Handy: zwei Tipps wählen ein Rechteck; Verlassen mit ungespeicherten Änderungen fragt nach', async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'de-DE',
  });
  try {
    const page = await context.newPage();
    await loginByApi(page.request, student);
    await page.goto('/student');
    const grid = page.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
    await expect(grid).toBeVisible();
    // Mobile: short day names (docs/product/planning.md) and the two-tap help.
    await expect(grid.getByRole('columnheader')).toHaveText(['Uhrzeit', 'Mo', 'Mi']);
    await expect(main(page).getByText('Tippe auf zwei Felder, um den Bereich dazwischen an- oder abzuwählen.', { exact: false })).toBeVisible();
    await expectStudentTimes(grid);

    // First tap marks a corner, second tap applies the rectangle Montag 12:00-12:45 x Mittwoch.
    await gridCell(grid, 'Montag', '12:30').tap();
    await expect(main(page).getByText('Erste Ecke: Montag 12:30. Tippe auf die zweite Ecke des Bereichs.')).toBeVisible();
    await expect(grid.locator('[aria-selected="true"]')).toHaveCount(12);
    await gridCell(grid, 'Mittwoch', '12:45').tap();
    // Montag 12:30, 12:45; Mittwoch 12:30, 12:45 (Mittwoch 12:30 is the first open row there).
    await expectSelected(grid, 'Montag', '12:30', '12:45');
    await expectSelected(grid, 'Mittwoch', '12:30', '12:45');
    await expect(grid.locator('[aria-selected="true"]')).toHaveCount(16);
    await expect(main(page).getByTestId('summed-time')).toHaveText('4 Stunden');
    await expect(page.getByText('Ungespeicherte Änderungen', { exact: true }).first()).toBeVisible();

    // Leaving asks first (docs/product/times.md): 'Zurück' stays, 'Verwerfen' leaves without saving.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    const modal = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button')).toContainText(['Zurück', 'Verwerfen', 'Speichern und fortfahren']);
    await modal.getByRole('button', { name: 'Zurück' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(atPath('/student'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await modal.getByRole('button', { name: 'Verwerfen' }).click();
    await expect(page).toHaveURL(atPath('/impressum'));

    // Nothing was saved.
    await page.goto('/student');
    await expectStudentTimes(grid);
  } finally {
    await context.close();
  }
});

/** Montag 9:00-11:00 and Mittwoch 15:00-16:00 selected, nothing else. */
/** 'Ungespeicherte Änderungen' is shown; Speichern saves (toast) and the indicator goes away. */
async function saveWithIndicator(page: Page) {
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
  await main(page).getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(toast(page, TEXT.timesSaved)).toBeVisible();
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
}

async function expectStudentTimes(grid: Locator) {
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(12);
  await expectSelected(grid, 'Montag', '9:00', '10:45');
  await expectSelected(grid, 'Mittwoch', '15:00', '15:45');
  await expectSelected(grid, 'Montag', '8:45', '8:45', false);
  await expectSelected(grid, 'Montag', '11:00', '11:00', false);
  await expectSelected(grid, 'Mittwoch', '14:45', '14:45', false);
  await expectSelected(grid, 'Mittwoch', '16:00', '16:00', false);
}

test('Lehrkraft: Summe und „gerade eben“ in der Mitgliedertabelle; Zeiten als Text eingeben ändert die Summe', async ({ page }) => {
  await loginByApi(page.request, teacher);
  await page.goto('/scheduling');
  await mainNav(page).getByRole('link', { name: 'Deine Kurse', exact: true }).click();
  await expect(page).toHaveURL(atPath('/me/classes'));
  await main(page).getByRole('button', { name: CLASS_NAME, exact: true }).click();

  const members = main(page).getByRole('table', { name: `Studierende in ${CLASS_NAME}` });
  const row = members.getByRole('row').filter({ hasText: student.email });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  const total = cells.nth(3);
  const lastChange = cells.nth(4);
  await expect(members.getByRole('columnheader')).toHaveText(['E-Mail', 'Name', 'Dauer', 'Verfügbare Zeit', 'Letzte Änderung', 'Aktionen']);
  await expect(cells.nth(1)).toContainText(student.name);
  // Joined with the code and a lesson of 45 minutes.
  await expect(cells.nth(2).getByRole('spinbutton')).toHaveValue('45');
  // The student's own times: 3 hours; changed just now, the full German date on hover.
  await expect(total).toHaveText('3 Std.');
  await expect(lastChange).toHaveText(TEXT.justNow);
  await expect(lastChange.locator('[title]')).toHaveAttribute('title', /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await shot(page, 'times-04-mitgliedertabelle');

  await row.getByRole('button', { name: 'Verfügbare Zeiten bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: `Verfügbare Zeiten bearbeiten für ${student.name}` });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('textbox', { name: /^Verfügbare Zeiten/ });
  await expect(input).toHaveAttribute('placeholder', TEXT.placeholder);
  await expect(input).toHaveValue('');

  // The student's own entry as a second preview.
  const own = dialog.getByRole('figure', { name: 'Eigene Angabe der Student*in' });
  await expect(own.getByRole('listitem')).toHaveText(['Mo 09:00–11:00', 'Mi 15:00–16:00']);
  await expect(own).toContainText('Gesamt: 3 Stunden');
  await expect(dialog).toContainText(`Letzte Änderung: ${TEXT.justNow}`);

  const preview = dialog.getByRole('figure', { name: 'Vorschau der eingegebenen Zeiten' });
  await expect(preview).toContainText('Keine Zeiten');
  await input.pressSequentially(TYPED_TIMES);
  await expect(input).toHaveValue(TYPED_TIMES);
  await expect(preview.getByRole('listitem')).toHaveText(['Mo 09:00–12:00', 'Di 14:00–16:30', 'Mi 10:00–24:00']);
  await expect(preview.getByTestId('week-preview-block')).toHaveCount(3);
  await expect(preview.locator('.week-preview__total')).toHaveText('Gesamt: 19 Stunden und 30 Minuten');
  await expect(dialog.getByText('Fehler beim Verarbeiten der Eingabe.')).toHaveCount(0);
  await shot(page, 'times-05-dialog-vorschau');

  await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(toast(page, TEXT.timesSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  // docs/product/limits.md: 'h:mm Std.' in the table.
  await expect(total).toHaveText('19:30 Std.');
  await expect(lastChange).toHaveText(TEXT.justNow);

  // Stored on the server: after a reload the row still shows the new total.
  await page.reload();
  await main(page).getByRole('button', { name: CLASS_NAME, exact: true }).click();
  await expect(total).toHaveText('19:30 Std.');
  await row.getByRole('button', { name: 'Verfügbare Zeiten bearbeiten' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Verfügbare Zeiten/ })).not.toHaveValue('');
  await expect(preview.getByRole('listitem')).toHaveText(['Mo 09:00–12:00', 'Di 14:00–16:30', 'Mi 10:00–24:00']);
  await expect(preview.locator('.week-preview__total')).toHaveText('Gesamt: 19 Stunden und 30 Minuten');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await shot(page, 'times-06-mitgliedertabelle-neu');
});
