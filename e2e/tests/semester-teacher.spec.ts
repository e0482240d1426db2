import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { minimalPdf } from '../../test/fixtures/minimal-pdf.js';
import { SHOTS_DIR, uniqueEmail, type Person } from '../helpers/accounts.js';
import { axeViolations } from '../helpers/axe.js';
import { login, toast } from '../helpers/classes.js';
import { waitForMail } from '../helpers/mail.js';
import { createClassWithTimes, joinAndEnterTimes, memberIdsByName, saveScheduleViaApi, signUpViaApi } from '../helpers/planner.js';

/*
 * Issue 37 (items 10, 11, 13) in the browser at phone (390 px) and desktop (1440 px) width: the teacher sets the
 * class's lesson rules in its semester section, cancels a whole day ("Ich bin krank"), the student sees the
 * cancellation and a make-up, the teacher books the make-up for her under "Termine", the student cancels late
 * and is warned before that no make-up follows, and withdraws the cancellation. The new screens are checked with
 * axe; screenshots at 390, 768 and 1440 px.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1440, height: 900 };
const MONDAY = 0;
const WEDNESDAY = 2;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const de = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const short = (date: string, weekday: string) => `${weekday}, ${date.slice(8, 10)}.${date.slice(5, 7)}.`;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true, animations: 'disabled' });
}

async function axe(page: Page, only: string[] = []): Promise<string[]> {
  return (await axeViolations(page, only)).map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function pageAs(browser: Browser, baseURL: string, who: Person, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, hasTouch: viewport === PHONE, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/**
 * A class with a sent plan over a semester from next Monday (eight weeks, Berlin): Anna Mondays 9:00 and
 * Wednesdays 10:00, Ben Mondays 9:30 (30 minutes each). Anna is free Mondays 9-10 and Wednesdays 10-11, so her
 * make-up fits on a Wednesday at 10:30.
 */
async function classWithSentPlan(playwright: { request: Parameters<typeof signUpViaApi>[0] }, baseURL: string, label: string) {
  const stamp = `${label}-${Date.now().toString(36)}`;
  const teacher: Person = { name: 'Clara Wieck', email: uniqueEmail(`clara.${stamp}`), password: 'Romanze1840', role: 'teacher' };
  const anna: Person = { name: 'Anna Alt', email: uniqueEmail(`anna.${stamp}`), password: 'Etuede2027a', role: 'student', duration: 30 };
  const ben: Person = { name: 'Ben Bauer', email: uniqueEmail(`ben.${stamp}`), password: 'Etuede2027b', role: 'student', duration: 30 };
  const className = `Klavier ${label}`;
  const teacherApi = await signUpViaApi(playwright.request, baseURL, teacher);
  const created = await createClassWithTimes(teacherApi, className, { [MONDAY]: [['9:00', '12:00']], [WEDNESDAY]: [['9:00', '12:00']] });
  const students: [Person, Parameters<typeof joinAndEnterTimes>[3]][] = [
    [anna, { [MONDAY]: [['9:00', '10:00']], [WEDNESDAY]: [['10:00', '11:00']] }],
    [ben, { [MONDAY]: [['9:00', '10:00']] }],
  ];
  for (const [who, times] of students) {
    const api = await signUpViaApi(playwright.request, baseURL, who);
    await joinAndEnterTimes(api, who, created.registerShortcut, times);
    await api.dispose();
  }
  const ids = await memberIdsByName(teacherApi, created.classId);
  const a = ids.get(anna.name)!;
  const b = ids.get(ben.name)!;
  await saveScheduleViaApi(teacherApi, created.classId, 'Semesterplan', {
    [MONDAY]: [
      ['9.00', a],
      ['9.15', a],
      ['9.30', b],
      ['9.45', b],
    ],
    [WEDNESDAY]: [
      ['10.00', a],
      ['10.15', a],
    ],
  });
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ((8 - today.getUTCDay()) % 7 || 7)));
  const last = new Date(monday.getTime() + 55 * 86_400_000);
  const semester = await teacherApi.put(`/api/classes/${created.classId}/semester`, {
    data: { first_day: iso(monday), last_day: iso(last), state: 'BE', breaks: [] },
  });
  expect(semester.ok(), await semester.text()).toBeTruthy();
  const sent = await teacherApi.post('/api/send-schedule-to-students', {
    multipart: {
      class_id: created.classId,
      schedule_name: 'Semesterplan',
      pdf: { name: 'stundenplan.pdf', mimeType: 'application/pdf', buffer: minimalPdf() },
    },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  await teacherApi.dispose();
  const wednesday = iso(new Date(monday.getTime() + 2 * 86_400_000));
  return { classId: created.classId, className, teacher, anna, ben, monday: iso(monday), wednesday };
}

/** The item of a date in "Meine Kurse" that starts at `start`. */
const dateItem = (page: Page, date: string, start: string): Locator => page.getByTestId(`date-${date}`).filter({ hasText: `${start}–` });

for (const [label, viewport] of [
  ['390', PHONE],
  ['1440', DESKTOP],
] as const) {
  test(`the teacher's semester: rules, "Ich bin krank", a make-up booked, a late cancellation withdrawn (${label} px)`, async ({
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(480_000);
    const violations: string[] = [];
    const c = await classWithSentPlan(playwright, baseURL!, label);

    // 1. The lesson rules in the class's semester section.
    const teacherPage = await pageAs(browser, baseURL!, c.teacher, viewport);
    await teacherPage.goto(`/me/classes?selectClass=${c.classId}`);
    const section = teacherPage.getByTestId(`semester-${c.classId}`);
    await section.getByText('Semester', { exact: true }).click();
    const rules = section.getByRole('region', { name: 'Regeln für Absagen und Nachholtermine' });
    await expect(rules.getByLabel('Absagefrist in Stunden')).toHaveValue('24');
    await expect(rules.getByLabel('Nachholfrist in Wochen')).toHaveValue('4');
    await rules.getByLabel('Absagefrist in Stunden').fill('500');
    await rules.getByRole('button', { name: 'Regeln speichern' }).click();
    await expect(rules.getByText('Bitte gib die Absagefrist als ganze Zahl von 0 bis 336 Stunden an.')).toBeVisible();
    // Two weeks' notice: every lesson of the next fortnight is a late cancellation.
    await rules.getByLabel('Absagefrist in Stunden').fill('336');
    await rules.getByLabel('Nachholfrist in Wochen').fill('6');
    await rules.getByRole('button', { name: 'Regeln speichern' }).click();
    await expect(toast(teacherPage, 'Die Regeln für Absagen, Nachholtermine und Tausch sind gespeichert.')).toBeVisible();
    violations.push(...(await axe(teacherPage, [`[data-testid="semester-${c.classId}"]`])).map((v) => `Regeln ${label}: ${v}`));
    await shot(teacherPage, `semester-teacher-rules-${label}`);

    // 2. "Ich bin krank" on the class page: the first Monday, both students.
    const tools = section.getByRole('region', { name: 'Termine absagen' });
    await tools.getByLabel('Tag').fill(c.monday);
    await expect(tools.getByRole('button', { name: `Absagen: Anna Alt, ${short(c.monday, 'Mo')} 09:00 Uhr` })).toBeVisible();
    await tools.getByRole('button', { name: 'Ich bin krank: alle Termine des Tages absagen' }).click();
    const sick = teacherPage.getByRole('dialog', { name: 'Ich bin krank – Termine absagen' });
    await expect(sick.getByTestId('day-lessons')).toContainText('2 Termine');
    await sick.getByLabel(`Nur „${c.className}“`).check();
    await sick.getByLabel('Grund (optional, steht in der E-Mail)').fill('Ich bin krank.');
    violations.push(...(await axe(teacherPage)).map((v) => `Ich-bin-krank-Dialog ${label}: ${v}`));
    await shot(teacherPage, `semester-teacher-sick-dialog-${label}`);
    await sick.getByRole('button', { name: 'Termine absagen' }).click();
    const notice = tools.getByRole('status').filter({ hasText: `Am ${de(c.monday)} sind 2 Termine abgesagt (Anna Alt, Ben Bauer).` });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`09:00–09:30 Uhr Anna Alt („${c.className}“)`);
    await expect(tools.getByRole('button', { name: `Absage zurücknehmen: Anna Alt, ${short(c.monday, 'Mo')}` })).toBeVisible();
    const mail = await waitForMail(teacherPage.request, c.anna.email, /fällt aus/);
    expect(mail.text).toContain('Grund: Ich bin krank.');
    await shot(teacherPage, `semester-teacher-sick-done-${label}`);
    if (viewport === PHONE) await noSidewaysScroll(teacherPage);
    // Nothing in the section is wider than the section (a long button text wraps).
    expect(await section.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await tools.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // 3. Anna sees the cancellation and her make-up; she cannot withdraw the teacher's cancellation.
    const annaPage = await pageAs(browser, baseURL!, c.anna, viewport);
    await annaPage.goto('/student/classes');
    const first = dateItem(annaPage, c.monday, '09:00');
    await expect(first).toContainText('Abgesagt: Ich bin krank.');
    await expect(first.getByRole('button', { name: /Absage zurücknehmen/ })).toHaveCount(0);
    const makeups = annaPage.locator('section', { has: annaPage.getByRole('heading', { name: 'Nachholtermine' }) });
    await expect(makeups).toContainText(`Ausgefallen am ${de(c.monday)}`);

    // 4. The teacher books Anna's make-up under "Termine".
    await teacherPage.goto(`/scheduling/planen?klasse=${c.classId}&ansicht=termine`);
    const open = teacherPage.getByRole('region', { name: 'Offene Nachholtermine' });
    const annaMakeup = open.getByRole('listitem').filter({ hasText: 'Anna Alt' });
    const book = annaMakeup.getByRole('button', { name: /^Buchen:/ }).first();
    await expect(book).toBeVisible({ timeout: 20_000 });
    violations.push(...(await axe(teacherPage, ['.dates-view'])).map((v) => `Termine ${label}: ${v}`));
    await shot(teacherPage, `semester-teacher-termine-${label}`);
    await book.click();
    const confirm = teacherPage.getByRole('dialog');
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /buchen/i }).click();
    await expect(teacherPage.locator('.dates-view').getByText(`Nachholtermin für den ${de(c.monday)}`)).toBeVisible();
    await waitForMail(teacherPage.request, c.anna.email, /^Nachholtermin am/);

    // 5. Anna cancels her Wednesday lesson late: the dialog says before that no make-up follows.
    await annaPage.reload();
    await expect(annaPage.getByTestId('my-dates')).toContainText(`Nachholtermin für den ${de(c.monday)}`);
    const wednesday = dateItem(annaPage, c.wednesday, '10:00');
    await wednesday.getByRole('button', { name: `Absagen: ${short(c.wednesday, 'Mi')}` }).click();
    const cancel = annaPage.getByRole('dialog', { name: 'Termin absagen' });
    await expect(cancel.getByText('Für einen Nachholtermin ist es zu spät')).toBeVisible();
    await expect(cancel).toContainText('Dafür musst du mindestens 336 Stunden vor dem Unterricht absagen');
    violations.push(...(await axe(annaPage)).map((v) => `Absagen-Dialog ${label}: ${v}`));
    await shot(annaPage, `semester-student-late-warning-${label}`);
    await cancel.getByRole('button', { name: 'Trotzdem absagen' }).click();
    const late = annaPage.getByRole('status').filter({ hasText: 'Für einen Nachholtermin ist es zu spät: Dafür musst du mindestens 336 Stunden' });
    await expect(late).toBeVisible();
    await expect(wednesday).toContainText('Abgesagt');
    // Still there when a toast would long have gone.
    await annaPage.waitForTimeout(4_000);
    await expect(late).toBeVisible();
    violations.push(...(await axe(annaPage)).map((v) => `Meine Kurse ${label}: ${v}`));
    await shot(annaPage, `semester-student-late-notice-${label}`);

    // 6. She withdraws the cancellation while the lesson is still ahead.
    await wednesday.getByRole('button', { name: `Absage zurücknehmen: ${short(c.wednesday, 'Mi')}` }).click();
    const withdrawn = annaPage
      .getByRole('status')
      .filter({ hasText: `Deine Absage ist zurückgenommen: Dein Termin am ${de(c.wednesday)} um 10:00 Uhr findet statt.` });
    await expect(withdrawn).toBeVisible();
    await expect(wednesday).toContainText('Geplant');
    await withdrawn.getByRole('button', { name: 'Hinweis schließen' }).click();
    await expect(withdrawn).toHaveCount(0);
    await waitForMail(annaPage.request, c.teacher.email, /^Absage zurückgenommen: Anna Alt/);
    if (viewport === PHONE) await noSidewaysScroll(annaPage);

    if (viewport === DESKTOP) {
      for (const page of [teacherPage, annaPage]) await page.setViewportSize(TABLET);
      await teacherPage.goto(`/me/classes?selectClass=${c.classId}`);
      await teacherPage.getByTestId(`semester-${c.classId}`).getByText('Semester', { exact: true }).click();
      await expect(teacherPage.getByRole('region', { name: 'Regeln für Absagen und Nachholtermine' }).getByLabel('Absagefrist in Stunden')).toHaveValue('336');
      await shot(teacherPage, 'semester-teacher-rules-768');
      await noSidewaysScroll(teacherPage);
      await annaPage.reload();
      await expect(annaPage.getByTestId('my-dates')).toBeVisible();
      await shot(annaPage, 'semester-student-768');
      await noSidewaysScroll(annaPage);
    }
    expect(violations).toEqual([]);
  });
}
