import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { minimalPdf } from '../../test/fixtures/minimal-pdf.js';
import { SHOTS_DIR, uniqueEmail, type Person } from '../helpers/accounts.js';
import { axeViolations } from '../helpers/axe.js';
import { login } from '../helpers/classes.js';
import { createClassWithTimes, joinAndEnterTimes, memberIdsByName, saveScheduleViaApi, signUpViaApi, type TimeWindows } from '../helpers/planner.js';

/*
 * Issue 37 (items 12, 15, 17) in the browser: a swap names both lessons in the offer, on both cards and in the
 * teacher's approval, and "Tauschen" shows only where somebody fits; a make-up shows more times on request and
 * asks before it is booked; "Termine" keeps a long reason inside a tablet's width, filters by student and jumps
 * to a week. Phone 390, tablet 768, desktop 1440; axe on each screen.
 */

// Four people in their own browsers on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1440, height: 900 };
const [MONDAY, WEDNESDAY, THURSDAY] = [0, 2, 3];
const LONG_REASON = `Arzttermin ${'Nachuntersuchung'.repeat(12)} und danach noch ein langer Weg zurück in die Hochschule`;

const stamp = Date.now().toString(36);
const teacher: Person = { name: 'Clara Wieck', email: uniqueEmail('clara.swaps'), password: 'Romanze1840', role: 'teacher' };
const jonas: Person = { name: 'Jonas Weber', email: uniqueEmail('jonas.weber'), password: 'Etuede2027j', role: 'student', duration: 30 };
const lena: Person = { name: 'Lena Vogel', email: uniqueEmail('lena.vogel'), password: 'Etuede2027l', role: 'student', duration: 30 };
const carla: Person = { name: 'Carla Czerny', email: uniqueEmail('carla.czerny'), password: 'Etuede2027c', role: 'student', duration: 30 };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000));
/** "Mo 16.03." as the swap texts write a day. */
const short = (day: string, weekday: string) => `${weekday} ${day.slice(8, 10)}.${day.slice(5, 7)}.`;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true, animations: 'disabled' });
}

async function axe(page: Page, label: string, only: string[] = []): Promise<string[]> {
  return (await axeViolations(page, only)).map((v) => `${label}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function pageOf(browser: Browser, baseURL: string, who: Person, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

let classId = '';
let firstMonday = '';
let jonasApi: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  const teacherApi = await signUpViaApi(playwright.request, baseURL!, teacher);
  const created = await createClassWithTimes(teacherApi, `Klavier Tausch ${stamp}`, {
    [MONDAY]: [['9:00', '12:00']],
    [WEDNESDAY]: [['9:00', '12:00']],
    [THURSDAY]: [['14:00', '15:00']],
  });
  classId = created.classId;
  // Jonas and Lena are free at each other's lesson; Carla only at her own (nobody fits her).
  const times: TimeWindows = { [MONDAY]: [['9:00', '10:00']], [WEDNESDAY]: [['10:00', '11:00']] };
  for (const who of [jonas, lena]) {
    const api = await signUpViaApi(playwright.request, baseURL!, who);
    await joinAndEnterTimes(api, who, created.registerShortcut, times);
    if (who === jonas) jonasApi = api;
    else await api.dispose();
  }
  const carlaApi = await signUpViaApi(playwright.request, baseURL!, carla);
  await joinAndEnterTimes(carlaApi, carla, created.registerShortcut, { [THURSDAY]: [['14:00', '14:30']] });
  await carlaApi.dispose();
  const ids = await memberIdsByName(teacherApi, classId);
  const [j, l, c] = [ids.get(jonas.name)!, ids.get(lena.name)!, ids.get(carla.name)!];
  await saveScheduleViaApi(teacherApi, classId, 'Semesterplan', {
    [MONDAY]: [
      ['9.00', j],
      ['9.15', j],
    ],
    [WEDNESDAY]: [
      ['10.00', l],
      ['10.15', l],
    ],
    [THURSDAY]: [
      ['14.00', c],
      ['14.15', c],
    ],
  });
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ((8 - today.getUTCDay()) % 7 || 7)));
  firstMonday = iso(monday);
  const semester = await teacherApi.put(`/api/classes/${classId}/semester`, {
    data: { first_day: firstMonday, last_day: addDays(firstMonday, 55), state: 'BE', breaks: [] },
  });
  expect(semester.ok(), await semester.text()).toBeTruthy();
  const rules = await teacherApi.put(`/api/classes/${classId}/lesson-rules`, { data: { cancel_notice_hours: 24, makeup_weeks: 4, swaps_need_approval: true } });
  expect(rules.ok(), await rules.text()).toBeTruthy();
  const sent = await teacherApi.post('/api/send-schedule-to-students', {
    multipart: { class_id: classId, schedule_name: 'Semesterplan', pdf: { name: 'stundenplan.pdf', mimeType: 'application/pdf', buffer: minimalPdf() } },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  await teacherApi.dispose();
});

test.afterAll(async () => {
  await jonasApi?.dispose();
});

test('a swap names both lessons from the offer to the approval; „Tauschen“ only where somebody fits', async ({ browser, baseURL }) => {
  const violations: string[] = [];
  const monday = firstMonday;
  const wednesday = addDays(monday, 2);
  const mine = `${short(monday, 'Mo')}, 09:00`;
  const theirs = `${short(wednesday, 'Mi')}, 10:00`;

  // Carla fits nobody: her dates have "Absagen" but no "Tauschen".
  const carlaPage = await pageOf(browser, baseURL!, carla);
  await carlaPage.goto('/student/classes');
  const carlaDates = carlaPage.getByTestId('my-dates');
  await expect(carlaDates.getByRole('button', { name: /^Absagen:/ }).first()).toBeVisible();
  await expect(carlaDates.getByRole('button', { name: /^Tauschen:/ })).toHaveCount(0);

  const jonasPage = await pageOf(browser, baseURL!, jonas);
  await jonasPage.goto('/student/classes');
  const dates = jonasPage.getByTestId('my-dates');
  await dates
    .getByTestId(`date-${monday}`)
    .getByRole('button', { name: /^Tauschen:/ })
    .click();
  const dialog = jonasPage.getByRole('dialog', { name: 'Termin tauschen' });
  await dialog.getByRole('radio', { name: `Lena V.: ${theirs}` }).check();
  await expect(dialog).toContainText(`Du gibst deinen Termin ${mine} und bekommst den von Lena V. am ${theirs}.`);
  await shot(jonasPage, 'semester-swaps-offer-390');
  violations.push(...(await axe(jonasPage, 'Tauschen-Dialog 390')));
  await dialog.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(dialog).toBeHidden();
  const outgoing = jonasPage.locator('[data-testid^="swap-request-"]');
  await expect(outgoing).toContainText(`Du möchtest deinen Termin ${mine} mit dem von Lena V. am ${theirs} tauschen`);
  await expect(outgoing).toContainText('Wartet auf die Antwort von Lena V.');

  const lenaPage = await pageOf(browser, baseURL!, lena);
  await lenaPage.goto('/student/classes');
  const incoming = lenaPage.locator('[data-testid^="swap-request-"]');
  await expect(incoming).toContainText(`Jonas W. möchte den Termin ${mine} mit deinem ${theirs} tauschen`);
  await expect(incoming).toContainText('Wartet auf deine Antwort');
  await shot(lenaPage, 'semester-swaps-request-390');
  violations.push(...(await axe(lenaPage, 'Tauschanfrage 390')));
  await incoming.getByRole('button', { name: 'Annehmen' }).click();
  await expect(incoming).toContainText('Wartet auf Zustimmung der Lehrkraft');

  // The teacher approves on the desktop: both lessons, and that it waits for them.
  const teacherPage = await pageOf(browser, baseURL!, teacher, DESKTOP);
  await teacherPage.goto(`/scheduling/planen?klasse=${classId}&ansicht=termine`);
  const approval = teacherPage.locator('[data-testid^="approval-"]');
  await expect(approval).toContainText(`Jonas Weber (${mine}) und Lena Vogel (${theirs}) möchten ihre Termine tauschen.`);
  await expect(approval).toContainText('Wartet auf deine Antwort');
  await shot(teacherPage, 'semester-swaps-approval-1440');
  violations.push(...(await axe(teacherPage, 'Zustimmung 1440', ['.dates-view'])));
  await approval.getByRole('button', { name: 'Zustimmen' }).click();
  await expect(teacherPage.locator('.dates-view').getByText('Getauscht mit Lena V.')).toBeVisible();
  expect(violations).toEqual([]);
});

test('a make-up shows more times on request and asks before it is booked; the booked one is not asked again', async ({ browser, baseURL }) => {
  const violations: string[] = [];
  const cancelled = addDays(firstMonday, 14);
  const res = await jonasApi.post('/api/lessons/cancel', {
    data: { class_id: classId, member_id: (await memberOf(jonasApi)).member_id, date: cancelled, reason: LONG_REASON },
  });
  expect(res.ok(), await res.text()).toBeTruthy();

  const page = await pageOf(browser, baseURL!, jonas);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/suggestions') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/student/classes');
  // The long reason of the cancelled date wraps on the phone too.
  await expect(page.getByTestId('my-dates').getByText(/Nachuntersuchung/)).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const makeups = page.locator('section', { has: page.getByRole('heading', { name: 'Nachholtermine' }) });
  const book = makeups.getByRole('button', { name: /^Buchen:/ });
  await expect(book).toHaveCount(3);
  await makeups.getByRole('button', { name: 'Weitere Zeiten' }).click();
  expect(await book.count()).toBeGreaterThan(3);
  await expect(book.nth(3)).toBeFocused();
  await shot(page, 'semester-swaps-makeup-390');
  violations.push(...(await axe(page, 'Nachholtermine 390')));

  await book.nth(3).click();
  const confirm = page.getByRole('dialog', { name: 'Nachholtermin buchen' });
  await expect(confirm).toContainText(/Möchtest du den Nachholtermin am \w\w, \d\d\.\d\d\. \d\d:\d\d–\d\d:\d\d Uhr buchen\?/);
  violations.push(...(await axe(page, 'Buchen-Dialog 390')));
  await confirm.getByRole('button', { name: 'Verbindlich buchen' }).click();
  await expect(makeups.getByText(/Nachholtermin gebucht:/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Nachholtermin gebucht:/)).toBeVisible();
  expect(refused).toEqual([]);
  expect(violations).toEqual([]);
});

test('Termine: a long reason stays inside the tablet, a filter by student and a jump to a week', async ({ browser, baseURL }) => {
  const violations: string[] = [];
  const page = await pageOf(browser, baseURL!, teacher, TABLET);
  await page.goto(`/scheduling/planen?klasse=${classId}&ansicht=termine`);
  const view = page.locator('.dates-view');
  await expect(view.getByText(/Nachuntersuchung/)).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'semester-swaps-termine-768');
  violations.push(...(await axe(page, 'Termine 768', ['.dates-view'])));

  await view.getByLabel('Studierende').selectOption({ label: 'Carla Czerny' });
  await expect(view.locator('.dates-view__row').first()).toContainText('Carla Czerny');
  await expect(view.locator('.dates-view__row', { hasText: 'Jonas Weber' })).toHaveCount(0);
  await view.getByLabel('Studierende').selectOption({ label: 'Alle' });

  const lastWeek = addDays(firstMonday, 49);
  await view.getByLabel('Zur Woche springen').fill(addDays(lastWeek, 2));
  await view.getByRole('button', { name: 'Anzeigen' }).click();
  const heading = view.getByRole('heading', { name: `Woche ab Mo, ${lastWeek.slice(8, 10)}.${lastWeek.slice(5, 7)}.${lastWeek.slice(0, 4)}` });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();

  for (const [label, size] of [
    ['390', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    expect(await overflow(page), label).toBeLessThanOrEqual(0);
    await shot(page, `semester-swaps-termine-${label}`);
    violations.push(...(await axe(page, `Termine ${label}`, ['.dates-view'])));
  }
  expect(violations).toEqual([]);
});

/** Jonas's membership of the class (his own lessons name it). */
async function memberOf(api: APIRequestContext): Promise<{ member_id: string }> {
  const lessons = (await (await api.get('/api/me/lessons')).json()) as { lessons: { member_id: string; class_id: string }[] };
  return lessons.lessons.find((l) => l.class_id === classId)!;
}
