import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { minimalPdf } from '../../test/fixtures/minimal-pdf.js';
import { SHOTS_DIR, uniqueEmail, type Person } from '../helpers/accounts.js';
import { axeViolations } from '../helpers/axe.js';
import { login, toast } from '../helpers/classes.js';
import { waitForMail } from '../helpers/mail.js';
import { createClassWithTimes, joinAndEnterTimes, memberIdsByName, saveScheduleViaApi, signUpViaApi } from '../helpers/planner.js';

/*
 * Issue 26 in the browser at phone width (390 px): a student cancels a date in "Meine Kurse", gets a make-up and
 * books its first suggestion; she asks a classmate to swap the next date, he accepts on his phone, and the
 * teacher's "Termine" view shows the cancellation, the make-up and the swap week by week (390 and 1440 px).
 * The new screens are checked with axe.
 */

// Three people in their own browsers and a booking that asks first: more than the default minute.
test.describe.configure({ timeout: 150_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MONDAY = 0;
const WEDNESDAY = 2;
const CLASS_NAME = 'Klavier Semester';
/** The parts of the planner page that make up the "Termine" view. */
const TERMINE = ['.dates-view__tabs', '.dates-view'];

const stamp = Date.now().toString(36);
const teacher: Person = { name: 'Clara Wieck', email: uniqueEmail('clara.wieck'), password: 'Romanze1840', role: 'teacher' };
const anna: Person = { name: 'Anna Alt', email: uniqueEmail('anna.alt'), password: 'Etuede2027a', role: 'student', duration: 30 };
const ben: Person = { name: 'Ben Bauer', email: uniqueEmail('ben.bauer'), password: 'Etuede2027b', role: 'student', duration: 30 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Axe on the page, or only on the given parts (the planner's step indicator is not part of these screens). */
async function axe(page: Page, only: string[] = []): Promise<string[]> {
  return (await axeViolations(page, only)).map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

async function phonePage(browser: Browser, baseURL: string, who: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

let classId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const teacherApi = await signUpViaApi(playwright.request, baseURL!, teacher);
  // Teacher free Mondays and Wednesdays 9-12: room for a make-up beside the two lessons.
  const created = await createClassWithTimes(teacherApi, `${CLASS_NAME} ${stamp}`, { [MONDAY]: [['9:00', '12:00']], [WEDNESDAY]: [['9:00', '12:00']] });
  classId = created.classId;
  // Both students are free on Monday 9-10 and Wednesday 10-11: each fits the other's lesson.
  for (const who of [anna, ben]) {
    const api = await signUpViaApi(playwright.request, baseURL!, who);
    await joinAndEnterTimes(api, who, created.registerShortcut, { [MONDAY]: [['9:00', '10:00']], [WEDNESDAY]: [['10:00', '11:00']] });
    await api.dispose();
  }
  const ids = await memberIdsByName(teacherApi, classId);
  const a = ids.get(anna.name)!;
  const b = ids.get(ben.name)!;
  await saveScheduleViaApi(teacherApi, classId, 'Semesterplan', {
    [MONDAY]: [
      ['9.00', a],
      ['9.15', a],
    ],
    [WEDNESDAY]: [
      ['10.00', b],
      ['10.15', b],
    ],
  });
  // A semester from next Monday over eight weeks (Berlin).
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ((8 - today.getUTCDay()) % 7 || 7)));
  const last = new Date(monday.getTime() + 55 * 86_400_000);
  const semester = await teacherApi.put(`/api/classes/${classId}/semester`, { data: { first_day: iso(monday), last_day: iso(last), state: 'BE', breaks: [] } });
  expect(semester.ok(), await semester.text()).toBeTruthy();
  const sent = await teacherApi.post('/api/send-schedule-to-students', {
    multipart: { class_id: classId, schedule_name: 'Semesterplan', pdf: { name: 'stundenplan.pdf', mimeType: 'application/pdf', buffer: minimalPdf() } },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  await teacherApi.dispose();
});

test('cancel, make-up, booking and a swap on the phone; the teacher sees them under Termine', async ({ browser, baseURL }) => {
  const violations: string[] = [];
  const annaPage = await phonePage(browser, baseURL!, anna);
  await annaPage.goto('/student/classes');
  const dates = annaPage.getByTestId('my-dates');
  await expect(dates.locator('.lesson-item')).not.toHaveCount(0);
  violations.push(...(await axe(annaPage)).map((v) => `Meine Kurse: ${v}`));

  // Cancel the first date: more than 24 hours ahead, so a make-up is due.
  await dates
    .getByRole('button', { name: /^Absagen:/ })
    .first()
    .click();
  const cancel = annaPage.getByRole('dialog', { name: 'Termin absagen' });
  await cancel.getByLabel('Grund (optional, sieht deine Lehrkraft)').fill('Konzertreise');
  violations.push(...(await axe(annaPage)).map((v) => `Absagen-Dialog: ${v}`));
  await cancel.getByRole('button', { name: 'Termin absagen' }).click();
  await expect(cancel).toBeHidden();
  await expect(dates.locator('.lesson-status--cancelled').first()).toBeVisible();

  // The make-up with its suggestions; book the first.
  const makeups = annaPage.locator('section', { has: annaPage.getByRole('heading', { name: 'Nachholtermine' }) });
  const book = makeups.getByRole('button', { name: /^Buchen:/ }).first();
  await expect(book).toBeVisible();
  await shot(annaPage, 'semester-changes-makeup-390');
  violations.push(...(await axe(annaPage)).map((v) => `Nachholtermine: ${v}`));
  await book.click();
  await annaPage.getByRole('dialog', { name: 'Nachholtermin buchen' }).getByRole('button', { name: 'Verbindlich buchen' }).click();
  await expect(makeups.getByText(/Nachholtermin gebucht:/)).toBeVisible();

  // Swap the next planned date with Ben: only he is offered, by first name and initial.
  await dates
    .getByRole('button', { name: /^Tauschen:/ })
    .first()
    .click();
  const swap = annaPage.getByRole('dialog', { name: 'Termin tauschen' });
  await swap.getByRole('radio', { name: /^Ben B\.: / }).check();
  await shot(annaPage, 'semester-changes-swap-390');
  violations.push(...(await axe(annaPage)).map((v) => `Tauschen-Dialog: ${v}`));
  await swap.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(toast(annaPage, 'Ben B. wurde per E-Mail gefragt. Du bekommst Bescheid, sobald Ben B. antwortet.')).toBeVisible();
  await waitForMail(annaPage.request, ben.email, /Tauschanfrage/);

  const benPage = await phonePage(browser, baseURL!, ben);
  await benPage.goto('/student/classes');
  const request = benPage.locator('[data-testid^="swap-request-"]');
  await expect(request).toContainText('Anna A. möchte den Termin');
  violations.push(...(await axe(benPage)).map((v) => `Tauschanfrage: ${v}`));
  await shot(benPage, 'semester-changes-request-390');
  await request.getByRole('button', { name: 'Annehmen' }).click();
  await expect(toast(benPage, 'Die Stunden sind getauscht. Eure Kalender zeigen die neuen Termine.')).toBeVisible();
  await expect(
    benPage
      .getByTestId('my-dates')
      .getByText(/Getauscht mit Anna A\./)
      .first(),
  ).toBeVisible();
  await waitForMail(benPage.request, teacher.email, /Getauschte Stunden/);

  // The teacher's "Termine" at phone and desktop width.
  const teacherPage = await phonePage(browser, baseURL!, teacher);
  await teacherPage.goto(`/scheduling/planen?klasse=${classId}&ansicht=termine`);
  const view = teacherPage.locator('.dates-view');
  await expect(view.getByRole('heading', { name: 'Termine' })).toBeVisible();
  await expect(view.getByText(/Konzertreise/)).toBeVisible();
  await expect(view.locator('.lesson-status--makeup').first()).toBeVisible();
  await expect(view.getByText(/Getauscht mit Ben B\./)).toBeVisible();
  await shot(teacherPage, 'semester-changes-termine-390');
  violations.push(...(await axe(teacherPage, TERMINE)).map((v) => `Termine 390: ${v}`));
  await teacherPage.setViewportSize(DESKTOP);
  await shot(teacherPage, 'semester-changes-termine-1440');
  violations.push(...(await axe(teacherPage, TERMINE)).map((v) => `Termine 1440: ${v}`));
  await annaPage.setViewportSize(DESKTOP);
  await annaPage.reload();
  await expect(annaPage.getByTestId('my-dates')).toBeVisible();
  await shot(annaPage, 'semester-changes-student-1440');

  // Nothing overflows the phone's width.
  await teacherPage.setViewportSize(PHONE);
  for (const page of [teacherPage, benPage]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  expect(violations).toEqual([]);
});
