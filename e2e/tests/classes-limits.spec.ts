import { expect, test, type Page } from '@playwright/test';
import { field, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import {
  answerConfirm,
  apiJson,
  classCount,
  classIdOf,
  classRow,
  createClassViaApi,
  memberRow,
  memberRows,
  openClass,
  teacherPageViaApi,
  toast,
} from '../helpers/classes.js';

/*
 * The limits of a teacher's classes in the browser, with the SPEC texts: the 100th member and the 21st
 * class are refused; then removing a member and deleting a class, each cancelled once in the confirmation
 * dialog before it is confirmed. The teacher starts with one class (made over the API); the steps build on
 * each other, so they run in order with one teacher session.
 */

const TEXT = {
  newClass: 'Neue Klasse/Kurs anlegen',
  maxMembers: 'Maximal 99 Studierenden pro Klasse/Kurs',
  maxClasses: 'Maximale Anzahl von Kursen erreicht (20)',
  saveFailed: '(Speichern fehlgeschlagen)',
  syncFailed: 'Synchronisierung mit dem Server fehlgeschlagen. Bitte lade die Seite neu.',
} as const;

const BIG_CLASS = 'Großes Ensemble';

const teacher: Person = { name: 'Nadia Boulanger', email: uniqueEmail('nadia'), password: 'Harmonie2024', role: 'teacher' };

let teacherPage: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  teacherPage = await teacherPageViaApi(browser, teacher);
  await createClassViaApi(teacherPage, { name: 'Klavier Hauptfach', description: null }, []);
});

test.afterAll(async () => {
  await teacherPage?.context().close();
});

test.describe('Klassen & Kurse im Browser: Grenzen und Löschen', () => {
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
