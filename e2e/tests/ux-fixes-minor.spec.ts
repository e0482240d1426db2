import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { atPath, field, mainNav, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import { classRow, membersPanel, memberRow, openClass } from '../helpers/classes.js';
import { waitForMail } from '../helpers/mail.js';
import { createClassWithTimes, joinAndEnterTimes, pdfText, signUpViaApi } from '../helpers/planner.js';

/*
 * The minor usability fixes, each at the width where it was seen (desktop 1440 unless said):
 * registration, mini login, contact form, planner steps and view, times dialog, CSV import, member
 * table at 820 px, mails and PDF.
 */

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 820, height: 1180 };
const MONDAY = 0;

const teacher: Person = { name: 'Clara Wieck', email: uniqueEmail('clara.wieck'), password: 'Romanze1840', role: 'teacher' };
const pupil: Person = { name: 'Moritz Vogel', email: uniqueEmail('moritz.vogel'), password: 'Tonleiter77', role: 'student', duration: 30 };
const outsider: Person = { name: 'Lina Späth', email: uniqueEmail('lina.spaeth'), password: 'Tonleiter77', role: 'student', duration: 30 };
const CLASS_NAME = 'Klavier Minor';

let teacherApi: APIRequestContext;
let classId = '';
let registerShortcut = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  teacherApi = await signUpViaApi(playwright.request, baseURL!, teacher);
  const created = await createClassWithTimes(teacherApi, CLASS_NAME, { [MONDAY]: [['9:00', '12:00']] });
  classId = created.classId;
  registerShortcut = created.registerShortcut;
  const pupilApi = await signUpViaApi(playwright.request, baseURL!, pupil);
  await joinAndEnterTimes(pupilApi, pupil, registerShortcut, { [MONDAY]: [['9:00', '10:00']] });
  const outsiderApi = await signUpViaApi(playwright.request, baseURL!, outsider);
  await joinAndEnterTimes(outsiderApi, outsider, registerShortcut, { [MONDAY]: [['11:00', '12:00']] });
  await Promise.all([pupilApi.dispose(), outsiderApi.dispose()]);
});

test.afterAll(async () => {
  await teacherApi?.dispose();
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
});

// ---- registration --------------------------------------------------------------------------

test('Registrierung: Fehler folgen jeder Änderung, der Live-Hinweis wird vorgelesen, ein gesperrtes „Registrieren“ sagt warum', async ({ page }) => {
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Registrieren', exact: true });
  await expect(submit).toBeDisabled();
  await expect(page.getByText('Registrieren ist möglich, sobald deine E-Mail-Adresse gültig ist.')).toBeVisible();
  await expect(submit).toHaveAccessibleDescription('Registrieren ist möglich, sobald deine E-Mail-Adresse gültig ist.');

  await field(page, 'Name').fill('Robert Schumann');
  await field(page, 'E-Mail').fill(uniqueEmail('robert.schumann'));
  // The e-mail hint sits in a live region, so screen readers hear it.
  const hint = page.getByText('Gültige E-Mail-Adresse', { exact: true });
  await expect(hint).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ has: hint })).toHaveCount(1);
  await expect(page.getByText('Registrieren ist möglich, sobald', { exact: false })).toHaveCount(0);
  await field(page, 'Passwort').fill('Kinderszenen15');
  await field(page, 'Passwort wiederholen').fill('Kinderszenen15');
  await submit.click();
  await expect(page.getByText('Bitte wähle deine Rolle aus.')).toBeVisible();
  // Choosing a role clears its error at once, without another submit.
  await field(page, 'Rolle').selectOption({ label: 'Student*in' });
  await expect(page.getByText('Bitte wähle deine Rolle aus.')).toHaveCount(0);
  await submit.click();
  await expect(page).toHaveURL(atPath('/registration-success'));
  await expect(page.getByText('Kurse anlegen', { exact: false })).toHaveCount(0);
  await expect(page.getByText('Danach kannst du einem Kurs mit dem Registrierungscode deiner Lehrkraft beitreten', { exact: false })).toBeVisible();
});

test('Registrierung: ein unbekannter Code und eine memberId, die keine UUID ist, führen weiter statt in eine Sackgasse', async ({ page }) => {
  await page.goto('/register/gibt-es-nicht');
  await expect(page.getByText('Ungültiger Registrierungsshortcut.')).toBeVisible();
  await page.getByRole('link', { name: 'Ohne Registrierungscode registrieren' }).click();
  await expect(page).toHaveURL(atPath('/register'));
  await expect(field(page, 'Rolle')).toBeVisible();

  await page.goto(`/register/${registerShortcut}&memberId=kaputt`);
  await expect(page.getByText('Die memberId muss eine gültige UUID sein.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ohne Einladungslink für den Kurs registrieren' }).click();
  await expect(page).toHaveURL(atPath(`/register/${registerShortcut}`));
  await expect(page.getByText(CLASS_NAME).first()).toBeVisible();
  await expect(page.getByText('Die memberId muss eine gültige UUID sein.')).toHaveCount(0);
});

// ---- mini login, contact -------------------------------------------------------------------

test('Mini-Login per Tastatur: der Fokus springt ins E-Mail-Feld', async ({ page }) => {
  await page.goto('/about');
  const avatar = mainNav(page).getByRole('button', { name: 'Anmelden' });
  await expect(avatar).toBeEnabled(); // disabled while the session check is under way
  await avatar.focus();
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'Anmelden' });
  await expect(popup).toBeVisible();
  await expect(field(popup, 'E-Mail')).toBeFocused();
});

test('Kontaktformular: deutsche Pflichtfeld-Hinweise; die Sperre nach 429 überlebt das Neuladen', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(main.getByText('Bitte fülle dieses Feld aus.')).toHaveCount(4);
  await expect(main.getByText('Bitte fülle alle Felder aus.')).toBeVisible();
  expect(await field(main, 'Betreff').evaluate((el) => (el as HTMLInputElement).validationMessage === '' || el.closest('form')!.noValidate)).toBe(true);

  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ detail: 'Zu viele Nachrichten in kurzer Zeit.', wait_time: 600 }) }),
  );
  await field(main, 'Betreff').fill('Frage');
  await field(main, 'Name').fill('Clara Wieck');
  await field(main, 'E-Mail').fill('clara@example.org');
  await field(main, 'Nachricht').fill('Hallo!');
  await main.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(main.getByText('Du kannst in 10 Minuten wieder eine Nachricht senden.', { exact: false })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Nachricht senden' })).toBeDisabled();
  await page.reload();
  await expect(main.getByText('Zu viele Nachrichten in kurzer Zeit.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Nachricht senden' })).toBeDisabled();
});

// ---- planner -------------------------------------------------------------------------------

test('Planer: Schritt 4 ohne Klasse hakt Schritt 1 nicht ab; Zeiten einheitlich als 08:00', async ({ page }) => {
  await loginByApi(page.request, teacher);
  await page.goto('/scheduling/planen');
  await expect(page.getByText('Bitte wähle zuerst eine Klasse aus.')).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Schritte der Stundenplanung' });
  await expect(steps.getByRole('link', { name: 'Schritt 1: Klasse wählen', exact: true })).toBeVisible();
  await expect(steps.getByRole('link', { name: /erledigt/ })).toHaveCount(0);

  // Step 2: the hour labels and the range picker write times like the planner (08:00).
  await page.goto(`/scheduling/zeiten?klasse=${classId}`);
  const grid = page.getByRole('grid').first();
  await expect(grid.getByRole('rowheader').first()).toHaveText('08:00');
  const fromOptions = await page.getByLabel('Von', { exact: true }).first().locator('option').allTextContents();
  expect(fromOptions).toContain('08:00');
  expect(fromOptions.some((o) => /^\d{1,2}\.\d{2}$/.test(o))).toBe(false);
});

test('Planer mit 32 Studierenden bei 1440×900: Aktionen bleiben sichtbar; Kompaktansicht zeigt 8-19 Uhr ohne Scrollen; Heatmap hebt sich ab', async ({
  page,
}) => {
  const bigClass = await createClassWithTimes(teacherApi, 'Großer Kurs', { [MONDAY]: [['8:00', '19:00']], 2: [['8:00', '19:00']] });
  const students = Array.from({ length: 32 }, (_, i) => ({
    name: `Person Nummer${String.fromCharCode(65 + (i % 26))}${i}`,
    duration: 30,
    email: uniqueEmail(`p${i}`),
  }));
  const added = await teacherApi.post(`/api/classes/${bigClass.classId}/members/new`, { data: { students } });
  expect(added.ok(), await added.text()).toBeTruthy();
  const members = (await (await teacherApi.get(`/api/classes/${bigClass.classId}/members`)).json()) as
    | { members?: { member_id: string }[] }
    | { member_id: string }[];
  const list = Array.isArray(members) ? members : (members.members ?? []);
  const times = { '0': ['9.00', '9.15', '9.30', '9.45'] };
  for (const m of list.slice(0, 8)) {
    await teacherApi.put(`/api/classes/${bigClass.classId}/members/${m.member_id}/update`, { data: { available_times: times } });
  }

  await loginByApi(page.request, teacher);
  await page.goto(`/scheduling/planen?klasse=${bigClass.classId}`);
  const sidebar = page.getByRole('complementary', { name: 'Seitenleiste' });
  await expect(sidebar.getByText('0 von 32 eingeplant')).toBeVisible();
  // Scroll the page down to the planner and the student list to its end (as with a mouse wheel):
  // load/save and the calculate button stay on screen, below the sticky site header.
  await page.mouse.move(720, 450);
  await page.mouse.wheel(0, 600);
  await sidebar.hover();
  for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 400);
  await expect(sidebar.getByRole('link', { name: 'Studentenliste bearbeiten' })).toBeInViewport();
  await shot(page, 'ux14-planner-32-scrolled');
  const headerBottom = (await page.locator('.site-header').boundingBox())!.height;
  for (const action of [sidebar.getByRole('button', { name: 'Stundenplan berechnen' }), page.getByRole('toolbar', { name: 'Stundenplan' })]) {
    await expect(action).toBeInViewport();
    expect((await action.boundingBox())!.y, 'not behind the site header').toBeGreaterThanOrEqual(headerBottom);
  }

  // Compact view: 8:00 to 19:00 fit the grid without scrolling.
  const scroller = page.locator('.week-grid-scroll');
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight + 2)).toBe(true);
  await sidebar.getByLabel('Kompaktansicht (ohne Scrollen)').check();
  await expect.poll(() => scroller.evaluate((el) => el.scrollHeight <= el.clientHeight + 2)).toBe(true);
  await expect(page.locator('.grid-time--hour').filter({ hasText: '18:00' })).toBeInViewport();
  await sidebar.getByRole('button', { name: 'Ganzer Tag' }).click();
  await expect(page.locator('.grid-time--hour').filter({ hasText: '00:00' })).toBeInViewport();
  await expect(page.locator('.grid-time--hour').filter({ hasText: '23:00' })).toBeInViewport();
  await shot(page, 'ux14-planner-compact-1440');

  // The shading of free cells is violet, far from the beige of 'no time'.
  const colours = await page.evaluate(() => {
    const el = document.querySelector('.planner')!;
    const style = getComputedStyle(el);
    return { candidate: style.getPropertyValue('--planner-candidate').trim(), off: style.getPropertyValue('--planner-off').trim() };
  });
  const [r, g, b] = colours.candidate.split(/\s+/).map(Number) as [number, number, number];
  expect(b, `candidate ${colours.candidate} is bluish, not beige (${colours.off})`).toBeGreaterThan(r);
  expect(b).toBeGreaterThan(g);
});

// ---- times dialog, CSV, member table ----------------------------------------------------------

test('Zeiten-Dialog: ein Fehler zeigt keine alte Vorschau; „Mi 23:50-24“ sagt, warum nichts herauskommt', async ({ page }) => {
  await loginByApi(page.request, teacher);
  const panel = await openClass(page, classId, CLASS_NAME);
  await memberRow(panel, pupil.name).getByRole('button', { name: 'Verfügbare Zeiten bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: `Verfügbare Zeiten bearbeiten für ${pupil.name}` });
  const text = dialog.getByRole('textbox', { name: /^Verfügbare Zeiten/ });
  await text.fill('Mo 9-12');
  const preview = dialog.getByRole('figure', { name: 'Vorschau der eingegebenen Zeiten' });
  await expect(preview).toContainText('3 Stunden');
  await text.fill('Mo 12-9');
  await expect(dialog.getByText('Fehler beim Verarbeiten der Eingabe.')).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(dialog.getByText('3 Stunden')).toHaveCount(0);
  await expect(dialog.getByText('Keine Vorschau, solange die Eingabe einen Fehler enthält.')).toBeVisible();
  await text.fill('Mi 23:50-24');
  await expect(dialog.getByText('Diese Eingabe ergibt keine Zeiten.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
});

function csv(lines: string[]): { name: string; mimeType: string; buffer: Buffer } {
  return { name: 'liste.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8') };
}

test('CSV-Import: leere Datei, Datei ohne Tabelle, Dubletten-Fehler nach dem Zusammenführen, „von“ im Nachnamen, Dauer 200', async ({ page }) => {
  await loginByApi(page.request, teacher);
  const panel = await openClass(page, classId, CLASS_NAME);
  await panel.getByRole('button', { name: 'CSV Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'CSV Import' });
  const file = dialog.getByLabel('CSV-Datei');
  const extract = dialog.getByRole('button', { name: 'Daten extrahieren' });

  await file.setInputFiles({ name: 'leer.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(dialog.getByText('CSV-Datei ist leer')).toBeVisible();
  await extract.click();
  await expect(dialog.getByText('CSV-Datei ist leer')).toBeVisible();
  await expect(dialog.getByText('Bitte laden Sie eine CSV-Datei hoch')).toHaveCount(0);

  await file.setInputFiles(csv(['Kursliste Klavier;;', 'Keine Teilnehmenden;;']));
  await extract.click();
  await expect(dialog.getByText('Keine Studierenden in der CSV-Datei gefunden', { exact: false })).toBeVisible();

  const dup = 'dublette@example.org';
  await file.setInputFiles(csv(['Nachname;Vorname;E-Mail;Dauer', 'von Bülow;Moritz;moritz@example.org;200', `Alt;Anna;${dup};30`, `Alt;Anna;${dup};45`]));
  await extract.click();
  const students = dialog.getByRole('region', { name: 'Studierende', exact: true });
  const moritz = students.locator('tbody > tr').filter({ hasText: 'moritz@example.org' });
  await expect(moritz.locator('td[data-label="Vorname"]')).toHaveText('Moritz');
  await expect(moritz.locator('td[data-label="Nachname"]')).toHaveText('von Bülow');
  // 200 is no allowed duration: shown as missing, imported with 30, and the footnote says the same.
  await expect(moritz.locator('td[data-label="Hinweis"]')).toContainText('wird mit 30 min übernommen');
  await expect(dialog.getByText('wird sie mit 30 min übernommen', { exact: false })).toBeVisible();

  // Importing both duplicates is refused; merging settles it and the error goes away.
  await dialog.getByRole('button', { name: /importieren/ }).click();
  const dupError = dialog.getByText(`Die E-Mail-Adresse ${dup} kommt in der Auswahl mehrfach vor.`, { exact: false });
  await expect(dupError).toBeVisible();
  await dialog.getByTestId('duplicate-group').getByRole('button', { name: 'Ausgewählte zusammenführen (2)' }).click();
  await expect(dupError).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  // The split of a combined name keeps the particle with the last name too.
  await panel.getByRole('button', { name: 'CSV Import' }).click();
  await dialog.getByRole('radio', { name: /Benutzerdefiniert/ }).check();
  await file.setInputFiles(csv(['Name;E-Mail', 'Moritz von Bülow;moritz2@example.org']));
  await expect(dialog.getByRole('table').first()).toBeVisible();
  await extract.click();
  const row = dialog.getByRole('region', { name: 'Studierende', exact: true }).locator('tbody > tr').first();
  await expect(row.locator('td[data-label="Vorname"]')).toHaveText('Moritz');
  await expect(row.locator('td[data-label="Nachname"]')).toHaveText('von Bülow');
});

test('Mitgliedertabelle: bei 820 px sind E-Mail- und Namensfelder breit genug; lange Adressen werden bei 1440 px nicht abgeschnitten', async ({ page }) => {
  // 50 characters, the longest member address (docs/product/limits.md).
  const longEmail = `friederike.langname.${Date.now().toString(36).slice(-6)}@musikhochschule-bsp.de`.slice(0, 50);
  const added = await teacherApi.post(`/api/classes/${classId}/members/new`, {
    data: { students: [{ name: 'Friederike Langname', duration: 30, email: longEmail }] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  await loginByApi(page.request, teacher);

  await page.setViewportSize(TABLET);
  let panel = await openClass(page, classId, CLASS_NAME);
  const emailInput = panel.getByRole('textbox', { name: 'E-Mail von Friederike Langname' });
  const nameInput = panel.getByRole('textbox', { name: 'Name von Friederike Langname' });
  expect((await emailInput.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  expect((await nameInput.boundingBox())!.width).toBeGreaterThanOrEqual(160);
  await shot(page, 'ux14-members-820');

  await page.setViewportSize(DESKTOP);
  panel = await openClass(page, classId, CLASS_NAME);
  const wide = panel.getByRole('textbox', { name: 'E-Mail von Friederike Langname' });
  await expect(wide).toHaveValue(longEmail);
  expect(await wide.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  void classRow;
  void membersPanel;
});

// ---- mails and PDF -------------------------------------------------------------------------

test('Mail und PDF: der Plan heißt im PDF wie gespeichert; nicht eingeplante Studierende erfahren es; Grußformel „Dein“', async ({ page }) => {
  const members = (await (await teacherApi.get(`/api/classes/${classId}/members`)).json()) as
    | { members?: { member_id: string; name: string }[] }
    | { member_id: string; name: string }[];
  const list = Array.isArray(members) ? members : (members.members ?? []);
  const pupilId = list.find((m) => m.name === pupil.name)!.member_id;
  const planName = 'Sommerplan Montag';
  const pdf = await teacherApi.post('/api/export-pdf-alternative', {
    data: {
      schedule: { Montag: { '09:00': pupilId, '09:15': pupilId } },
      timeRange: { start: 32, end: 76 },
      studentsList: list.map((m) => ({ member_id: m.member_id, name: m.name, fullName: m.name, duration: 30 })),
      className: CLASS_NAME,
      scheduleName: planName,
    },
  });
  expect(pdf.ok(), await pdf.text()).toBeTruthy();
  const bytes = await pdf.body();
  const pdfPath = test.info().outputPath('plan.pdf');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(pdfPath, bytes);
  expect(pdfText(pdfPath)).toContain(`${planName} – ${CLASS_NAME}`);

  const sent = await teacherApi.post('/api/send-schedule-to-students', {
    multipart: { class_id: classId, schedule_name: planName, pdf: { name: 'stundenplan.pdf', mimeType: 'application/pdf', buffer: bytes } },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const mail = await waitForMail(page.request, outsider.email, /Dein Stundenplan/);
  expect(mail.text).toContain('Steht dein Name nicht im Plan');
  expect(mail.text).toContain('Dein Stundenplan-Assistent');
  const confirmation = await waitForMail(page.request, outsider.email, /Bitte bestätige deine E-Mail-Adresse/);
  expect(confirmation.text).toContain('Dein Stundenplan-Assistent');
  expect(confirmation.text).not.toContain('dein Stundenplan-Assistent');
});

export type { Page };
