import { expect, test, type Locator, type Page } from '@playwright/test';
import { atPath, field, mainNav, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import {
  addByHand,
  answerConfirm,
  apiJson,
  classCount,
  classIdOf,
  classRow,
  confirmEmail,
  login,
  memberRow,
  membersPanel,
  openClass,
  registerAndConfirm,
  toast,
} from '../helpers/classes.js';
import { followMailLink } from '../helpers/mail.js';

/*
 * Classes and courses, as a new teacher meets it in the browser: a class with its
 * code, three students by hand, an HMTM eOffice CSV with twelve rows and two duplicates merged,
 * an invitation that ends in a registration through the mailed link, a registered student joining
 * with the code, a linked-but-unverified membership verified by the student, a student leaving,
 * 'E-Mails kopieren', the limits (21st class, 100th member) with the SPEC texts, and removing a member and
 * deleting a class, each cancelled once in the confirmation dialog before it is confirmed.
 * Each step builds on the one before, so they run in order with one teacher session.
 */

const TEXT = {
  emptyClasses: 'Noch keine Klassen oder Kurse angelegt',
  newClass: 'Neue Klasse/Kurs anlegen',
  noMembers: 'Noch keine Studierenden in dieser Klasse.',
  durationRule: 'Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)',
  merged: 'Doppelte Studenten zusammengeführt.',
  linked: 'Student erfolgreich verknüpft',
  oneLinkFound: 'Es wurde ein registrierter Student gefunden, der verknüpft werden kann.',
  unverified: '⚠️ Dieser Kurs muss noch verifiziert werden',
  noCourses: 'Du bist noch keinem Kurs beigetreten.',
  noCoursesHint: 'Verwende den Registrierungscode deiner Lehrkraft, um einem Kurs beizutreten.',
  maxMembers: 'Maximal 99 Studierenden pro Klasse/Kurs',
  maxClasses: 'Maximale Anzahl von Kursen erreicht (20)',
  saveFailed: '(Speichern fehlgeschlagen)',
  syncFailed: 'Synchronisierung mit dem Server fehlgeschlagen. Bitte lade die Seite neu.',
} as const;

const CLASS_NAME = 'Klavier Hauptfach';
const CLASS_DESCRIPTION = 'Einzelunterricht im Sommersemester';
const BIG_CLASS = 'Großes Ensemble';
const CODE_PATTERN = /^[a-z]+-[a-z]+-[a-z]+$/;

const teacher: Person = { name: 'Nadia Boulanger', email: uniqueEmail('nadia'), password: 'Harmonie2024', role: 'teacher' };
/** Added by hand, invited, registers through the mailed link. */
const clara: Person = { name: 'Clara Schumann', email: uniqueEmail('clara'), password: 'Romanze1840', role: 'student', duration: 45 };
/** Added by hand, registers on their own; the teacher links the row, the student verifies it. */
const johannes: Person = { name: 'Johannes Brahms', email: uniqueEmail('brahms'), password: 'Walzer1865', role: 'student', duration: 60 };
/** Added by hand and stays unregistered. */
const felix = { name: 'Felix Mendelssohn', email: uniqueEmail('felix'), duration: 30 };
/** Registered on their own, joins with the code and later leaves the course. */
const robert: Person = { name: 'Robert Schumann', email: uniqueEmail('robert'), password: 'Kinderszenen38', role: 'student', duration: 30 };

/** The twelve rows of the eOffice export: two addresses occur twice (once in capitals). */
interface CsvStudent {
  nachname: string;
  vorname: string;
  email: string;
  dauer: string;
}
const csvStudents: CsvStudent[] = [
  { nachname: 'Bach', vorname: 'Anna Magdalena', email: uniqueEmail('csv.bach'), dauer: '45 min' },
  { nachname: 'Händel', vorname: 'Georg', email: uniqueEmail('csv.haendel'), dauer: '30' },
  { nachname: 'Müller', vorname: 'Jörg', email: uniqueEmail('csv.mueller'), dauer: '30 min' },
  { nachname: 'Weiß', vorname: 'Lotte', email: uniqueEmail('csv.weiss'), dauer: '60 Min.' },
  { nachname: 'Schröder', vorname: 'Käthe', email: uniqueEmail('csv.schroeder'), dauer: '45' },
  { nachname: 'Lehmann', vorname: 'Lilli', email: uniqueEmail('csv.lehmann'), dauer: '' },
  { nachname: 'Öztürk', vorname: 'Elif', email: uniqueEmail('csv.oeztuerk'), dauer: '90' },
  { nachname: 'Zimmermann', vorname: 'Tabea', email: uniqueEmail('csv.zimmermann'), dauer: '15' },
  { nachname: 'Beethoven', vorname: 'Ludwig', email: uniqueEmail('csv.beethoven'), dauer: '120' },
  { nachname: 'Hensel', vorname: 'Sébastien', email: uniqueEmail('csv.hensel'), dauer: '75 min' },
];
const [, , mueller, , schroeder] = csvStudents as [CsvStudent, CsvStudent, CsvStudent, CsvStudent, CsvStudent, CsvStudent];
const csvRows: CsvStudent[] = [
  ...csvStudents.slice(0, 6),
  { ...mueller, email: mueller.email.toUpperCase() },
  ...csvStudents.slice(6, 9),
  schroeder,
  csvStudents[9]!,
];

/** An HMTM eOffice participant list as Excel saves it: Windows-1252, ';', preamble, footer. */
function eOfficeCsv(): Buffer {
  const lines = [
    'Teilnehmerliste;;;;;;;',
    `Lehrveranstaltung: ${CLASS_NAME} (Einzelunterricht);;;;;;;`,
    'Sommersemester 2025;;;;;;;',
    'Exportiert am 03.04.2025 um 10:15 Uhr;;;;;;;',
    '',
    'Nr.;Nachname;Vorname;E-Mail;Dauer;Matrikelnummer;Studiengang;Fachsemester',
    ...csvRows.map((s, i) =>
      [
        String(i + 1),
        s.nachname,
        s.vorname,
        s.email,
        s.dauer,
        String(4711001 + i),
        i % 3 === 0 ? '"Lehramt; Musik"' : 'Bachelor Klavier',
        String(1 + (i % 8)),
      ].join(';'),
    ),
    ';;;;;;;',
    `Anzahl Teilnehmer: ${csvRows.length};;;;;;;`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

const fullName = (s: CsvStudent) => `${s.vorname} ${s.nachname}`;

let teacherPage: Page;
let classId = '';
let code = '';

/** A course card on /student/classes, found by its heading. */
const courseCard = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** The member rows of a panel (without the add row). */
const memberRows = (panel: Locator) => panel.locator('tbody > tr[data-testid^="member-"]');

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
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  teacherPage = await context.newPage();
});

test.afterAll(async () => {
  await teacherPage?.context().close();
});

test.describe('Klassen & Kurse im Browser: Klasse anlegen und füllen', () => {
  test('Lehrkraft legt eine Klasse an und sieht ihren Registrierungscode', async () => {
    const page = teacherPage;
    await registerAndConfirm(page, teacher);
    await login(page, teacher);
    await mainNav(page).getByRole('link', { name: 'Deine Kurse', exact: true }).click();
    await expect(page).toHaveURL(atPath('/me/classes'));
    await expect(page.getByRole('heading', { level: 1, name: 'Klassen & Kurse' })).toBeVisible();
    await expect(page.getByText(TEXT.emptyClasses, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: TEXT.newClass }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.newClass });
    await expect(dialog).toBeVisible();
    // The server proposes the code while the dialog is open.
    const proposed = dialog.locator('code');
    await expect(proposed).toHaveText(CODE_PATTERN);
    code = (await proposed.textContent())!.trim();
    await field(dialog, 'Name').fill(CLASS_NAME);
    await field(dialog, 'Beschreibung (optional)').fill(CLASS_DESCRIPTION);
    await shot(page, 'classes-01-neue-klasse');
    await dialog.getByRole('button', { name: 'Anlegen', exact: true }).click();
    await expect(dialog).toBeHidden();

    const row = classRow(page, CLASS_NAME);
    await expect(row.getByTitle('Registrierungscode')).toHaveText(code);
    await expect(row.locator('td[data-label="Beschreibung"]')).toHaveText(CLASS_DESCRIPTION);
    await expect(classCount(page, CLASS_NAME)).toHaveText('0');
    await expect(page.getByText(TEXT.emptyClasses)).toHaveCount(0);
    classId = await classIdOf(page, CLASS_NAME);

    // After a reload the class and its code come from the server.
    await page.reload();
    await expect(classRow(page, CLASS_NAME).getByTitle('Registrierungscode')).toHaveText(code);
    await expect(classCount(page, CLASS_NAME)).toHaveText('0');
  });

  test('Lehrkraft fügt drei Studierende von Hand hinzu', async () => {
    const page = teacherPage;
    const panel = await openClass(page, classId, CLASS_NAME);
    await expect(panel.getByText(TEXT.noMembers, { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'Student*in hinzufügen' }).click();
    // A new add row starts at duration 0, which is refused until changed (docs/product/classes.md).
    const addRow = panel.getByTestId('add-member-row');
    await expect(addRow.getByRole('spinbutton', { name: 'Dauer in Minuten' })).toHaveValue('0');
    await addRow.getByRole('textbox', { name: 'Name', exact: true }).fill(clara.name);
    await addRow.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await expect(addRow.getByText(TEXT.durationRule, { exact: true })).toBeVisible();
    await expect(memberRows(panel)).toHaveCount(0);

    for (const student of [
      { name: clara.name, email: clara.email, duration: clara.duration! },
      felix,
      { name: johannes.name, email: johannes.email, duration: 15 },
    ]) {
      await addByHand(panel, student);
    }
    await expect(memberRows(panel)).toHaveCount(3);
    for (const [student, minutes] of [
      [clara, 45],
      [felix, 30],
      [johannes, 15],
    ] as const) {
      await expect(panel.getByRole('textbox', { name: `E-Mail von ${student.name}`, exact: true })).toHaveValue(student.email);
      await expect(panel.getByRole('textbox', { name: `Name von ${student.name}`, exact: true })).toHaveValue(student.name);
      await expect(panel.getByRole('spinbutton', { name: `Dauer von ${student.name} in Minuten`, exact: true })).toHaveValue(String(minutes));
      // Unregistered members with an address can be invited.
      await expect(memberRow(panel, student.name).getByRole('button', { name: 'Einladung senden' })).toBeVisible();
    }
    await expect(classCount(page, CLASS_NAME)).toHaveText('3');
    await shot(page, 'classes-02-drei-studierende');

    // They are stored: a reload shows the same three.
    const reloaded = await openClass(page, classId, CLASS_NAME);
    await expect(memberRows(reloaded)).toHaveCount(3);
  });

  test('Lehrkraft importiert eine HMTM-CSV mit zwölf Zeilen und führt zwei Dubletten zusammen', async () => {
    const page = teacherPage;
    const panel = await openClass(page, classId, CLASS_NAME);
    await panel.getByRole('button', { name: 'CSV Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV Import' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /HMTM eOffice/ })).toBeChecked();
    await dialog.getByLabel('CSV-Datei').setInputFiles({ name: 'Teilnehmerliste_Klavier_SoSe2025.csv', mimeType: 'text/csv', buffer: eOfficeCsv() });
    await dialog.getByRole('button', { name: 'Daten extrahieren' }).click();

    await expect(dialog.getByText('12 Studierende erfolgreich extrahiert', { exact: true })).toBeVisible();
    const students = dialog.getByRole('region', { name: 'Studierende', exact: true });
    const resultRows = students.locator('tbody > tr');
    await expect(resultRows).toHaveCount(12);
    // Umlauts of the Windows-1252 file survive; the empty duration shows '---'.
    const joerg = resultRows.filter({ hasText: mueller.email }).first();
    await expect(joerg.locator('td[data-label="Vorname"]')).toHaveText('Jörg');
    await expect(joerg.locator('td[data-label="Nachname"]')).toHaveText('Müller');
    const lilli = resultRows.filter({ hasText: csvStudents[5]!.email });
    await expect(lilli.locator('td[data-label="Dauer (min)"]')).toHaveText('---');

    // Two groups of duplicates, grouped by e-mail (case-insensitive).
    const duplicates = dialog.getByRole('region', { name: 'Doppelte Einträge' });
    const groups = duplicates.getByTestId('duplicate-group');
    await expect(groups).toHaveCount(2);
    await shot(page, 'classes-03-csv-dubletten');
    for (const [student, minutes] of [
      [mueller, 60],
      [schroeder, 90],
    ] as const) {
      const group = groups.filter({ hasText: student.email });
      await expect(group.getByRole('checkbox')).toHaveCount(2);
      await expect(group.getByRole('checkbox').first()).toBeChecked();
      await expect(group.getByRole('checkbox').last()).toBeChecked();
      await group.getByRole('button', { name: 'Ausgewählte zusammenführen (2)' }).click();
      // The info toast of the first merge may still be up when the second one comes.
      await expect(toast(page, TEXT.merged).last()).toBeVisible();
      await expect(dialog.getByText(`2 Einträge wurden zusammengeführt (${minutes} min)`, { exact: true })).toBeVisible();
      await expect(groups.filter({ hasText: student.email })).toHaveCount(0);
      const merged = resultRows.filter({ hasText: student.email });
      await expect(merged).toHaveCount(1);
      await expect(merged.locator('td[data-label="Dauer (min)"]')).toHaveText(String(minutes));
    }
    await expect(duplicates).toHaveCount(0);
    await expect(resultRows).toHaveCount(10);

    await dialog.getByRole('button', { name: 'Ausgewählte importieren (10)' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, '10 Studierende erfolgreich importiert')).toBeVisible();
    await expect(memberRows(panel)).toHaveCount(13);
    await expect(classCount(page, CLASS_NAME)).toHaveText('13');

    const expectedMinutes = (s: CsvStudent) => (s === mueller ? 60 : s === schroeder ? 90 : Number.parseInt(s.dauer, 10) || 30);
    for (const s of csvStudents) {
      await expect(panel.getByRole('textbox', { name: `E-Mail von ${fullName(s)}`, exact: true })).toHaveValue(s.email);
      await expect(panel.getByRole('spinbutton', { name: `Dauer von ${fullName(s)} in Minuten`, exact: true })).toHaveValue(String(expectedMinutes(s)));
    }
    await shot(page, 'classes-04-nach-import');
  });
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
      `Möchtest du ${johannes.name} mit dem registrierten Account ${johannes.email} verknüpfen? Die verfügbaren Zeiten des Accounts werden übernommen.`,
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

test.describe('Klassen & Kurse im Browser: Liste, Suche und Grenzen', () => {
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
    const expected = [clara.email, felix.email, johannes.email, ...csvStudents.map((s) => s.email)];
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

  test('Der 100. Studierende einer Klasse wird abgelehnt', async () => {
    const page = teacherPage;
    // Set-up through the API with the teacher's session: a class with 99 members.
    const big = await apiJson<{ class_id: string }>(page.request, 'POST', '/api/classes', {
      name: BIG_CLASS,
      description: null,
      is_group: false,
      register_shortcut: null,
    });
    const students = Array.from({ length: 99 }, (_, i) => ({ name: `Ensemble Mitglied ${i + 1}`, duration: 30, email: null }));
    await apiJson(page.request, 'POST', `/api/classes/${big.class_id}/members/new`, { students });

    const panel = await openClass(page, big.class_id, BIG_CLASS);
    await expect(memberRows(panel)).toHaveCount(99);
    await expect(classCount(page, BIG_CLASS)).toHaveText('99');
    await panel.getByRole('button', { name: 'Student*in hinzufügen' }).click();
    const addRow = panel.getByTestId('add-member-row');
    await addRow.getByRole('textbox', { name: 'Name', exact: true }).fill('Hundertste Person');
    await addRow.getByRole('spinbutton', { name: 'Dauer in Minuten' }).fill('30');
    await addRow.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await expect(toast(page, TEXT.maxMembers)).toBeVisible();
    await shot(page, 'classes-08-100-mitglied');
    await expect(memberRows(panel)).toHaveCount(99);
    await expect(memberRow(panel, 'Hundertste Person')).toHaveCount(0);

    const members = await apiJson<unknown[] | { members: unknown[] }>(page.request, 'GET', `/api/classes/${big.class_id}/members`);
    expect(Array.isArray(members) ? members : members.members).toHaveLength(99);
  });

  test('Die 21. Klasse wird abgelehnt', async () => {
    const page = teacherPage;
    const listClasses = async () => {
      const answer = await apiJson<unknown[] | { classes: unknown[] }>(page.request, 'GET', '/api/me/classes');
      return Array.isArray(answer) ? answer : answer.classes;
    };
    const existing = (await listClasses()).length;
    expect(existing).toBe(2);
    for (let n = existing + 1; n <= 20; n++) {
      await apiJson(page.request, 'POST', '/api/classes', { name: `Kurs ${n}`, description: null, is_group: false, register_shortcut: null });
    }
    expect(await listClasses()).toHaveLength(20);

    await page.goto('/me/classes');
    const classRows = page.getByRole('table', { name: 'Deine Klassen und Kurse' }).locator('tbody > tr[data-testid^="class-row-"]');
    await expect(classRows).toHaveCount(20);
    await page.getByRole('button', { name: TEXT.newClass }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.newClass });
    await field(dialog, 'Name').fill('Kurs 21');
    await dialog.getByRole('button', { name: 'Anlegen', exact: true }).click();

    await expect(toast(page, TEXT.maxClasses)).toBeVisible();
    const refused = classRow(page, 'Kurs 21');
    await expect(refused.getByText(TEXT.saveFailed, { exact: true })).toBeVisible();
    await expect(refused.getByText(TEXT.syncFailed, { exact: true })).toBeVisible();
    await shot(page, 'classes-09-21-klasse');
    expect(await listClasses()).toHaveLength(20);

    // After a reload only the twenty stored classes remain.
    await page.reload();
    await expect(classRows).toHaveCount(20);
    await expect(classRow(page, 'Kurs 21')).toHaveCount(0);
  });

  test('Lehrkraft entfernt ein Mitglied und löscht eine Klasse erst nach Bestätigung', async () => {
    const page = teacherPage;
    await page.goto('/me/classes');
    const panel = await openClass(page, await classIdOf(page, BIG_CLASS), BIG_CLASS);
    const last = 'Ensemble Mitglied 99';
    const removeQuestion = `Möchtest du ${last} wirklich aus der Klasse entfernen?`;
    await memberRow(panel, last).getByRole('button', { name: 'Aus der Klasse entfernen' }).click();
    await answerConfirm(page, 'Mitglied entfernen?', 'Abbrechen', removeQuestion);
    await expect(memberRows(panel)).toHaveCount(99);
    await memberRow(panel, last).getByRole('button', { name: 'Aus der Klasse entfernen' }).click();
    await answerConfirm(page, 'Mitglied entfernen?', 'Entfernen', removeQuestion);
    await expect(toast(page, 'Studierender erfolgreich aus der Klasse entfernt')).toBeVisible();
    await expect(memberRows(panel)).toHaveCount(98);

    const deleteQuestion =
      'Möchtest du die Klasse/den Kurs „Kurs 20“ wirklich löschen? Alle Studierenden und Stundenpläne dieser Klasse werden ebenfalls gelöscht.';
    await classRow(page, 'Kurs 20').getByRole('button', { name: 'Kurs 20 löschen' }).click();
    await answerConfirm(page, 'Klasse löschen?', 'Abbrechen', deleteQuestion);
    await expect(classRow(page, 'Kurs 20')).toHaveCount(1);
    await classRow(page, 'Kurs 20').getByRole('button', { name: 'Kurs 20 löschen' }).click();
    await answerConfirm(page, 'Klasse löschen?', 'Löschen', deleteQuestion);
    await expect(toast(page, 'Klasse erfolgreich gelöscht')).toBeVisible();
    await expect(classRow(page, 'Kurs 20')).toHaveCount(0);
    const classes = await apiJson<unknown[] | { classes: unknown[] }>(page.request, 'GET', '/api/me/classes');
    expect(Array.isArray(classes) ? classes : classes.classes).toHaveLength(19);
  });
});
