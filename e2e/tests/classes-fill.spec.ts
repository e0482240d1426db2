import { expect, test, type Page } from '@playwright/test';
import { atPath, field, mainNav, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import { addByHand, classCount, classIdOf, classRow, login, memberRow, memberRows, openClass, registerAndConfirm, toast } from '../helpers/classes.js';

/*
 * Classes and courses, as a new teacher meets it in the browser: a class with its code, three
 * students by hand, and an HMTM eOffice CSV with twelve rows and two duplicates merged.
 * Each step builds on the one before, so they run in order with one teacher session.
 * Students joining: classes-join.spec.ts; limits and deleting: classes-limits.spec.ts.
 */

const TEXT = {
  emptyClasses: 'Noch keine Klassen oder Kurse angelegt',
  newClass: 'Neue Klasse/Kurs anlegen',
  noMembers: 'Noch keine Studierenden in dieser Klasse.',
  durationRule: 'Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)',
  merged: 'Doppelte Studenten zusammengeführt.',
} as const;

const CLASS_NAME = 'Klavier Hauptfach';
const CLASS_DESCRIPTION = 'Einzelunterricht im Sommersemester';
const CODE_PATTERN = /^[a-z]+-[a-z]+-[a-z]+$/;

const teacher: Person = { name: 'Nadia Boulanger', email: uniqueEmail('nadia'), password: 'Harmonie2024', role: 'teacher' };
const clara = { name: 'Clara Schumann', email: uniqueEmail('clara'), duration: 45 };
const johannes = { name: 'Johannes Brahms', email: uniqueEmail('brahms') };
const felix = { name: 'Felix Mendelssohn', email: uniqueEmail('felix'), duration: 30 };

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

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  teacherPage = await (await browser.newContext()).newPage();
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
      { name: clara.name, email: clara.email, duration: clara.duration },
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
