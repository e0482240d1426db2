import { expect, test, type Locator, type Page } from '@playwright/test';
import { atPath, field, mainNav, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import {
  answerConfirm,
  classCount,
  confirmEmail,
  createClassViaApi,
  login,
  memberRow,
  memberRows,
  membersPanel,
  openClass,
  registerAndConfirm,
  teacherPageViaApi,
  toast,
} from '../helpers/classes.js';
import { followMailLink } from '../helpers/mail.js';

/*
 * Students and a teacher's class in the browser: an invitation that ends in a registration through the
 * mailed link, a registered student joining with the code, a linked-but-unverified membership verified by
 * the student, a student leaving, 'E-Mails kopieren' and adding a registered student found by the search.
 * The class starts with thirteen members added over the API (as classes-fill.spec.ts leaves it);
 * each step builds on the one before, so they run in order with one teacher session.
 */

const TEXT = {
  linked: 'Student erfolgreich verknüpft',
  oneLinkFound: 'Es wurde ein registrierter Student gefunden, der verknüpft werden kann.',
  unverified: '⚠️ Dieser Kurs muss noch verifiziert werden',
  noCourses: 'Du bist noch keinem Kurs beigetreten.',
  noCoursesHint: 'Verwende den Registrierungscode deiner Lehrkraft, um einem Kurs beizutreten.',
} as const;

const CLASS_NAME = 'Klavier Hauptfach';
const CLASS_DESCRIPTION = 'Einzelunterricht im Sommersemester';

const teacher: Person = { name: 'Nadia Boulanger', email: uniqueEmail('nadia'), password: 'Harmonie2024', role: 'teacher' };
/** Added by hand, invited, registers through the mailed link. */
const clara: Person = { name: 'Clara Schumann', email: uniqueEmail('clara'), password: 'Romanze1840', role: 'student', duration: 45 };
/** Added by hand, registers on their own; the teacher links the row, the student verifies it. */
const johannes: Person = { name: 'Johannes Brahms', email: uniqueEmail('brahms'), password: 'Walzer1865', role: 'student', duration: 60 };
/** Added by hand and stays unregistered. */
const felix = { name: 'Felix Mendelssohn', email: uniqueEmail('felix'), duration: 30 };
/** Registered on their own, joins with the code and later leaves the course. */
const robert: Person = { name: 'Robert Schumann', email: uniqueEmail('robert'), password: 'Kinderszenen38', role: 'student', duration: 30 };
/** Ten more members without an account. */
const others = Array.from({ length: 10 }, (_, i) => ({ name: `Mitglied ${i + 1}`, email: uniqueEmail(`mitglied${i + 1}`), duration: 30 }));

let teacherPage: Page;
let classId = '';
let code = '';

/** A course card on /student/classes, found by its heading. */
const courseCard = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** The state tag next to a registered member's name. */
const memberTag = (panel: Locator, name: string, tag: 'registriert' | 'nicht verifiziert') => memberRow(panel, name).getByText(tag, { exact: true });

/** Reopens the class until `check` holds (student-side changes reach the teacher through events). */
async function reopenUntil(check: (panel: Locator) => Promise<void>): Promise<Locator> {
  let panel = membersPanel(teacherPage, CLASS_NAME);
  await expect(async () => {
    panel = await openClass(teacherPage, classId, CLASS_NAME);
    await check(panel);
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  return panel;
}

async function openStudentCourses(page: Page): Promise<Locator> {
  await mainNav(page).getByRole('link', { name: 'Deine Kurse', exact: true }).click();
  await expect(page).toHaveURL(atPath('/student/classes'));
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Kurse' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Deine Kurse', exact: true });
  await expect(section).toBeVisible();
  return section;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  teacherPage = await teacherPageViaApi(browser, teacher);
  const members = [{ name: clara.name, email: clara.email, duration: 45 }, felix, { name: johannes.name, email: johannes.email, duration: 15 }, ...others];
  ({ classId, code } = await createClassViaApi(teacherPage, { name: CLASS_NAME, description: CLASS_DESCRIPTION }, members));
});

test.afterAll(async () => {
  await teacherPage?.context().close();
});

test.describe('Klassen & Kurse im Browser: Studierende treten bei', () => {
  test('Eingeladene Studentin registriert sich über den Link aus der Mail und erscheint verknüpft', async ({ page }) => {
    let panel = await openClass(teacherPage, classId, CLASS_NAME);
    const row = memberRow(panel, clara.name);
    const memberId = ((await row.getAttribute('data-testid')) ?? '').replace(/^member-/, '');
    expect(memberId).toMatch(/^[0-9a-f-]{36}$/);
    await row.getByRole('button', { name: 'Einladung senden' }).click();
    await answerConfirm(teacherPage, 'Einladung senden?', 'Einladen', `Möchtest du ${clara.name} eine Einladung an ${clara.email} senden?`);
    await expect(toast(teacherPage, `Einladung an ${clara.email} erfolgreich gesendet`)).toBeVisible();

    // The student opens the invitation mail and follows the registration link.
    await followMailLink(page, clara.email, new RegExp(`Einladung zum Kurs „${CLASS_NAME}“`), `/register/${code}&memberId=${memberId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
    const classInfo = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Registrierung für einen Kurs' }) });
    await expect(classInfo).toContainText(CLASS_NAME);
    await expect(classInfo).toContainText(CLASS_DESCRIPTION);
    await expect(classInfo).toContainText(teacher.name);
    // Name, e-mail and duration come from the membership.
    await expect(field(page, 'Name')).toHaveValue(clara.name);
    await expect(field(page, 'E-Mail')).toHaveValue(clara.email);
    await expect(field(page, 'Unterrichtsdauer')).toHaveValue(String(clara.duration));
    await expect(field(page, 'Rolle')).toHaveCount(0);
    await field(page, 'Passwort').fill(clara.password);
    await field(page, 'Passwort wiederholen').fill(clara.password);
    await shot(page, 'classes-05-registrierung-einladung');
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await expect(page).toHaveURL(atPath('/registration-success'));
    await expect(page.getByRole('main')).toContainText(`Du wirst dem Kurs ${CLASS_NAME} bei ${teacher.name}`);

    // The teacher sees the row linked to the new account: a tag instead of editable fields, no invitation.
    panel = await reopenUntil(async (p) => {
      await expect(memberTag(p, clara.name, 'registriert')).toBeVisible({ timeout: 2_000 });
    });
    const linkedRow = memberRow(panel, clara.name);
    await expect(linkedRow.locator('td[data-label="E-Mail"]')).toHaveText(clara.email);
    await expect(linkedRow.getByRole('textbox')).toHaveCount(0);
    await expect(linkedRow.getByRole('button', { name: 'Einladung senden' })).toHaveCount(0);
    await expect(memberRows(panel)).toHaveCount(13);

    // After confirming the address the student finds the course (already verified).
    await confirmEmail(page, clara.email);
    await login(page, clara);
    const courses = await openStudentCourses(page);
    const card = courseCard(page, CLASS_NAME);
    await expect(card).toContainText(`${clara.duration} Min.`);
    await expect(card).toContainText(teacher.name);
    await expect(courses.getByText(TEXT.unverified)).toHaveCount(0);
  });

  test('Registrierter Student tritt mit dem Registrierungscode bei', async ({ page }) => {
    await registerAndConfirm(page, robert);
    await login(page, robert);
    const courses = await openStudentCourses(page);
    await expect(courses.getByText(TEXT.noCourses, { exact: true })).toBeVisible();
    await expect(courses.getByText(TEXT.noCoursesHint, { exact: true })).toBeVisible();

    const join = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Neuem Kurs beitreten', exact: true }) });
    await join.getByRole('button', { name: 'Kurs beitreten' }).click();
    const codeInput = field(join, 'Registrierungscode');
    await expect(codeInput).toHaveAttribute('placeholder', 'wort-wort-wort');
    // Typed in capitals: the code is lower-cased as it is typed (docs/product/classes.md).
    await codeInput.fill(code.toUpperCase());
    await expect(codeInput).toHaveValue(code);
    await field(join, 'Unterrichtsdauer').selectOption({ label: '60 Minuten' });
    await join.getByRole('button', { name: 'Kurs beitreten' }).click();
    await expect(toast(page, `Erfolgreich dem Kurs "${CLASS_NAME}" beigetreten!`)).toBeVisible();

    const card = courseCard(page, CLASS_NAME);
    await expect(card).toContainText('60 Min.');
    await expect(card).toContainText(`Lehrkraft:${teacher.name}`);
    await expect(card.getByText(TEXT.unverified)).toHaveCount(0);
    await expect(courses.getByText(TEXT.noCourses)).toHaveCount(0);
    await shot(page, 'classes-06-beigetreten');

    // Joining with the code is verified at once; the teacher sees the new member.
    const panel = await reopenUntil(async (p) => {
      await expect(memberTag(p, robert.name, 'registriert')).toBeVisible({ timeout: 2_000 });
    });
    await expect(memberRow(panel, robert.name).locator('td[data-label="E-Mail"]')).toHaveText(robert.email);
    await expect(panel.getByRole('spinbutton', { name: `Dauer von ${robert.name} in Minuten`, exact: true })).toHaveValue('60');
    await expect(memberRows(panel)).toHaveCount(14);
    await expect(classCount(teacherPage, CLASS_NAME)).toHaveText('14');
  });

  test('Lehrkraft verknüpft einen registrierten Studenten; er verifiziert den Kurs', async ({ page }) => {
    // Johannes registers on his own (without the code), with the address the teacher typed in.
    await registerAndConfirm(page, johannes);

    // The class page checks the unregistered members' addresses against the registered students.
    const linkButtonOf = (p: Locator) => memberRow(p, johannes.name).getByRole('button', { name: 'Mit registriertem Account verknüpfen' });
    let panel = await reopenUntil(async (p) => {
      await expect(linkButtonOf(p)).toBeVisible({ timeout: 2_000 });
    });
    await expect(toast(teacherPage, TEXT.oneLinkFound)).toBeVisible();
    const linkButton = linkButtonOf(panel);
    await expect(panel.getByRole('button', { name: 'Mit registriertem Account verknüpfen' })).toHaveCount(1);
    await linkButton.click();
    await answerConfirm(
      teacherPage,
      'Account verknüpfen?',
      'Verknüpfen',
      `Möchtest du ${johannes.name} mit dem registrierten Account ${johannes.email} verknüpfen? Hat ${johannes.name} schon einen deiner Kurse verifiziert, werden die verfügbaren Zeiten des Accounts übernommen; sonst siehst du sie, sobald ${johannes.name} diesen Kurs verifiziert.`,
    );
    await expect(toast(teacherPage, TEXT.linked)).toBeVisible();
    await expect(memberTag(panel, johannes.name, 'nicht verifiziert')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mit registriertem Account verknüpfen' })).toHaveCount(0);

    // The student sees the course with the warning and verifies it.
    await login(page, johannes);
    await openStudentCourses(page);
    const card = courseCard(page, CLASS_NAME);
    await expect(card.getByText(TEXT.unverified, { exact: true })).toBeVisible();
    await shot(page, 'classes-07-nicht-verifiziert');
    await card.getByRole('button', { name: 'Kurs verifizieren' }).click();
    await expect(toast(page, `Kurs "${CLASS_NAME}" erfolgreich verifiziert!`)).toBeVisible();
    await expect(card.getByText(TEXT.unverified)).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Kurs verifizieren' })).toHaveCount(0);
    // The duration the teacher set stays.
    await expect(card).toContainText('15 Min.');

    panel = await reopenUntil(async (p) => {
      await expect(memberTag(p, johannes.name, 'registriert')).toBeVisible({ timeout: 2_000 });
    });
    await expect(memberTag(panel, johannes.name, 'nicht verifiziert')).toHaveCount(0);
    await expect(memberRows(panel)).toHaveCount(14);
  });

  test('Student verlässt einen Kurs', async ({ page }) => {
    await login(page, robert);
    const courses = await openStudentCourses(page);
    const card = courseCard(page, CLASS_NAME);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Aus Kurs entfernen' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Kurs verlassen?' });
    await expect(confirmDialog).toContainText(`Möchtest du dich wirklich aus dem Kurs „${CLASS_NAME}“ entfernen?`);
    await confirmDialog.getByRole('button', { name: 'Aus Kurs entfernen' }).click();
    await expect(toast(page, `Erfolgreich aus dem Kurs "${CLASS_NAME}" entfernt!`)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(courses.getByText(TEXT.noCourses, { exact: true })).toBeVisible();

    const panel = await reopenUntil(async (p) => {
      await expect(memberRows(p)).toHaveCount(13, { timeout: 2_000 });
    });
    await expect(memberRow(panel, robert.name)).toHaveCount(0);
    await expect(classCount(teacherPage, CLASS_NAME)).toHaveText('13');
  });
});

test.describe('Klassen & Kurse im Browser: Liste und Suche', () => {
  test("'E-Mails kopieren' legt die Adressen mit '; ' getrennt in die Zwischenablage", async () => {
    const page = teacherPage;
    const panel = await openClass(page, classId, CLASS_NAME);
    await expect(memberRows(panel)).toHaveCount(13);
    // Start from a known clipboard, so the check below cannot pass on an old content.
    await page.evaluate(() => navigator.clipboard.writeText('leer'));
    await panel.getByRole('button', { name: 'E-Mails kopieren' }).click();
    await expect(toast(page, '13 E-Mail-Adresse(n) in die Zwischenablage kopiert')).toBeVisible();

    // The addresses in the order of the table (an input for unregistered rows, text for linked ones).
    const shown = await panel
      .locator('tbody > tr[data-testid^="member-"] td[data-label="E-Mail"]')
      .evaluateAll((cells) => cells.map((td) => (td.querySelector('input')?.value ?? td.textContent ?? '').trim()));
    const expected = [clara.email, felix.email, johannes.email, ...others.map((s) => s.email)];
    expect([...shown].sort()).toEqual([...expected].sort());
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join('; '));
  });

  test('Lehrkraft findet einen registrierten Studenten über die Suche und fügt ihn hinzu', async () => {
    const page = teacherPage;
    const panel = await openClass(page, classId, CLASS_NAME);
    await panel.getByRole('button', { name: 'Student*in hinzufügen' }).click();
    const addRow = panel.getByTestId('add-member-row');
    // The full address: only the part before the @ is searched (docs/product/classes.md), 500 ms after typing.
    await addRow.getByRole('textbox', { name: 'E-Mail oder Name suchen' }).fill(robert.email);
    const results = addRow.getByRole('list', { name: 'Gefundene Studierende' });
    const hit = results.getByRole('button', { name: new RegExp(robert.name) });
    await expect(hit).toBeVisible();
    // The list floats over the rows below the add row; the table must not clip it (what the teacher
    // sees at the result's centre is the result itself, without scrolling anything).
    const onTop = await hit.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return Boolean(at && el.contains(at));
    });
    expect(onTop, 'the search result is covered or clipped').toBe(true);
    await hit.click();
    await expect(addRow.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(robert.name);
    await expect(addRow.getByText('Registrierte*r Student*in', { exact: true })).toBeVisible();
    // The student's own duration is taken over.
    await expect(addRow.getByRole('spinbutton', { name: 'Dauer in Minuten' })).toHaveValue(String(robert.duration));
    await addRow.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    // Added by the teacher: linked to the account, not yet verified by the student.
    await expect(memberTag(panel, robert.name, 'nicht verifiziert')).toBeVisible();
    await expect(memberRows(panel)).toHaveCount(14);
  });
});
