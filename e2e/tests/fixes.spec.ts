import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { atPath, loginOnLoginPage, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import { axeViolations } from '../helpers/axe.js';
import { mailsTo, waitForMail } from '../helpers/mail.js';
import { createClassWithTimes, joinAndEnterTimes, lesson, signUpViaApi, span, type TimeWindows } from '../helpers/planner.js';

/*
 * "Was hilft?" (docs/product/planning.md "Fixes"), end to end:
 *   teacher  Mo 9:00-10:00, Mi 14:00-15:00
 *   Anton 60 Mo 9:00-11:00
 *   Berta 60 Mo 9:00-10:00        -> one of the two gets Monday 9:00; the other's fix: free Mo 10:00-11:00
 *   Carl  60 no times at all      -> only student_time fixes (Wednesday, inside the teacher's times)
 * Applying the teacher_time fix (teacher times plus range) and recalculating places Anton and Berta; asking Carl for
 * more times sends exactly one mail naming the window, and a second request the same day is refused.
 */

const MONDAY = 0;
const WEDNESDAY = 2;
const CLASS_NAME = 'Klavier Was hilft';

const teacher: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.hensel'), password: 'Notturno4711', role: 'teacher' };
const teacherTimes: TimeWindows = { [MONDAY]: [['9:00', '10:00']], [WEDNESDAY]: [['14:00', '15:00']] };
const pupil = (name: string): Person => ({
  name,
  email: uniqueEmail(name.split(' ')[0]!.toLowerCase()),
  password: 'Tonleiter77',
  role: 'student',
  duration: 60,
});
const anton = pupil('Anton Reger');
const berta = pupil('Berta Busch');
const carl = pupil('Carl Ohnezeit');

const toast = (page: Page, text: string) => page.locator('.toaster').getByText(text, { exact: true });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Seitenleiste' });
const fixesButton = (page: Page, name: string) => page.getByRole('button', { name: `Was hilft, damit ${name} einen Platz bekommt?` });
const fixesDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Was hilft bei ${name}?` });

let teacherApi: APIRequestContext;
const studentApis: APIRequestContext[] = [];
let classId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  teacherApi = await signUpViaApi(playwright.request, baseURL, teacher);
  const created = await createClassWithTimes(teacherApi, CLASS_NAME, teacherTimes);
  classId = created.classId;
  const students: [typeof anton, TimeWindows][] = [
    [anton, { [MONDAY]: [['9:00', '11:00']] }],
    [berta, { [MONDAY]: [['9:00', '10:00']] }],
  ];
  for (const [p, times] of students) {
    const api = await signUpViaApi(playwright.request, baseURL, p);
    studentApis.push(api);
    await joinAndEnterTimes(api, p, created.registerShortcut, times);
  }
  // Carl joins with the code (a verified member with an e-mail address) but enters no times.
  const carlApi = await signUpViaApi(playwright.request, baseURL, carl);
  studentApis.push(carlApi);
  expect((await carlApi.post('/api/students/join-class', { data: { register_shortcut: created.registerShortcut, duration: 60 } })).ok()).toBeTruthy();
});

test.afterAll(async () => {
  await Promise.all([teacherApi, ...studentApis].filter(Boolean).map((api) => api.dispose()));
});

async function openPlannerAndCalculate(page: Page) {
  await loginOnLoginPage(page, teacher.email, teacher.password);
  await expect(page).toHaveURL(atPath('/scheduling'));
  await page.getByRole('button', { name: new RegExp(`^${CLASS_NAME}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/scheduling/planen\\?klasse=${classId}$`));
  await expect(sidebar(page).getByRole('region', { name: 'Studierende' })).toContainText('von 3 eingeplant');
  await sidebar(page).getByRole('button', { name: 'Stundenplan berechnen' }).click();
  await expect(toast(page, 'Neuer Stundenplan erfolgreich berechnet!')).toBeVisible({ timeout: 60_000 });
}

/** axe on the open dialog and the "Was hilft?" buttons (the rest of the planner has its own checks). */
async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page, ['[role="dialog"]', '.student-panel__fixes']);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('Was hilft?', () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test('the teacher_time fix Monday 10:00–11:00: one click frees it, recalculates and places both', async ({ page }) => {
    test.setTimeout(240_000);
    await openPlannerAndCalculate(page);

    // Exactly one of Anton and Berta has Monday 9:00; the other is left out with "Was hilft?".
    const placedName = (await lesson(page, anton.name).count()) ? anton.name : berta.name;
    const leftOut = placedName === anton.name ? berta : anton;
    await expect(lesson(page, placedName)).toHaveAttribute('aria-label', `${placedName}, ${span(MONDAY, '09:00', 60)}`);
    await expect(lesson(page, leftOut.name)).toHaveCount(0);
    await expect(fixesButton(page, placedName)).toHaveCount(0);

    await fixesButton(page, leftOut.name).click();
    const dialog = fixesDialog(page, leftOut.name);
    await expect(dialog).toBeVisible();
    const short = leftOut.name.split(' ')[0]!;
    await expect(dialog.locator('[data-kind="teacher_time"] .fixes__sentence')).toHaveText(
      new RegExp(`^Wenn du Mo 10:00–11:00 freigibst, passt ${short} \\w\\. hinein\\.$`),
    );
    // The dialog has the focus (its close button), and the page with it open passes axe.
    await expect(dialog.getByRole('button', { name: 'Schließen' }).last()).toBeFocused();
    await expectAxeClean(page);
    await shot(page, 'fixes-teacher-time-1440');

    await dialog.getByRole('button', { name: 'Freigeben und neu berechnen: Montag 10:00–11:00 Uhr' }).click();
    await expect(dialog).toBeHidden();
    // The recalculated plan: both on Monday, one after the other.
    await expect(lesson(page, anton.name)).toHaveAttribute('aria-label', `${anton.name}, ${span(MONDAY, '10:00', 60)}`, { timeout: 60_000 });
    await expect(lesson(page, berta.name)).toHaveAttribute('aria-label', `${berta.name}, ${span(MONDAY, '09:00', 60)}`);
    await expect(fixesButton(page, anton.name)).toHaveCount(0);
    await expect(fixesButton(page, berta.name)).toHaveCount(0);

    // Stored: the teacher's own times and the class's range now hold Monday 10:00-11:00.
    const times = (await (await teacherApi.get(`/api/classes/${classId}/available-times`)).json()) as { available_times: Record<string, string[]> };
    expect(times.available_times['0']).toEqual(expect.arrayContaining(['9.00', '10.00', '10.15', '10.30', '10.45']));
    const range = (await (await teacherApi.get(`/api/classes/${classId}/time-range`)).json()) as { time_range: Record<string, string[]> };
    expect(range.time_range['0']).toEqual(expect.arrayContaining(['10.00', '10.45']));
    await shot(page, 'fixes-applied-1440');
  });

  test('a student without times gets only student_time fixes; asking sends exactly one mail naming the window', async ({ page }) => {
    test.setTimeout(240_000);
    await openPlannerAndCalculate(page);
    await fixesButton(page, carl.name).click();
    const dialog = fixesDialog(page, carl.name);
    await expect(dialog).toBeVisible();
    const items = dialog.locator('.fixes__item');
    await expect(items.first()).toBeVisible();
    const kinds = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['student_time']));
    const sentence = (await items.first().locator('.fixes__sentence').textContent()) ?? '';
    // 'Wenn Carl O. zusätzlich Mi 14:00–15:00 Zeit hat, passt Carl O. hinein.'
    const match = /^Wenn Carl O\. zusätzlich (Mo|Mi) (\d\d:\d\d)–(\d\d:\d\d) Zeit hat, passt Carl O\. hinein\.$/.exec(sentence);
    expect(match, sentence).not.toBeNull();
    const longDay = match![1] === 'Mo' ? 'Montag' : 'Mittwoch';
    const window = `${longDay} ${match![2]}–${match![3]} Uhr`;

    const ask = items.first().getByRole('button', { name: `Um weitere Zeiten bitten: ${window}, E-Mail an ${carl.name}` });
    await expect(ask).toHaveText('Um weitere Zeiten bitten');
    await ask.click();
    await expect(dialog.locator('.fixes__status')).toHaveText(`${carl.name} wurde per E-Mail gefragt, ob ${window} passt.`);
    const mail = await waitForMail(page.request, carl.email, /^Hast du/);
    expect(mail.subject).toBe(`Hast du ${window} Zeit? („${CLASS_NAME}“)`);
    expect(mail.text).toContain(`Es würde passen, wenn du diese Zeit ergänzt: ${window}.`);
    expect(mail.text).toMatch(/\/student\n/);
    expect(mail.text).not.toContain(anton.name);
    expect(mail.text).not.toContain(berta.name);

    // A second request the same day: a clear German answer and no second mail.
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();
    await fixesButton(page, carl.name).click();
    await fixesDialog(page, carl.name)
      .locator('.fixes__item')
      .first()
      .getByRole('button', { name: /^Um weitere Zeiten bitten/ })
      .click();
    await expect(fixesDialog(page, carl.name).locator('.fixes__status')).toHaveText(
      `${carl.name} hat heute schon eine E-Mail wegen der Zeiten bekommen. Du kannst morgen wieder fragen.`,
    );
    await page.waitForTimeout(1000);
    expect((await mailsTo(page.request, carl.email)).filter((m) => /^Hast du/.test(m.subject))).toHaveLength(1);
    await shot(page, 'fixes-student-time-1440');
  });
});

test.describe('Was hilft? on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the button on the student and the dialog fit 390 px and pass axe', async ({ page }) => {
    test.setTimeout(240_000);
    await openPlannerAndCalculate(page);
    const button = fixesButton(page, carl.name);
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await shot(page, 'fixes-panel-390');
    await button.click();
    const dialog = fixesDialog(page, carl.name);
    await expect(dialog).toBeVisible();
    const d = (await dialog.boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(0);
    expect(d.x + d.width).toBeLessThanOrEqual(390);
    await expectAxeClean(page);
    await shot(page, 'fixes-dialog-390');
  });
});
