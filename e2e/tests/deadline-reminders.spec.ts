import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi, registerConfirmed } from '../helpers/api.js';
import { classIdOf, classRow, membersPanel, memberRow, openClass, toast } from '../helpers/classes.js';
import { waitForMail } from '../helpers/mail.js';

/*
 * Deadline and reminders in the browser: the teacher sets a deadline on the class, sees who has answered, sends a
 * reminder (mail in the local outbox), and the student sees the deadline on the course card and on /student.
 */

const CLASS_NAME = 'Frist Klavier';

/** A day `days` ahead in Europe/Berlin, as `YYYY-MM-DD` and `dd.mm.yyyy`. */
function dayAhead(days: number): { iso: string; german: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  const [y, m, d] = parts.split('-');
  return { iso: parts, german: `${d}.${m}.${y}` };
}

test.describe.configure({ mode: 'serial' });

test.describe('deadline and reminders', () => {
  const teacher: Person = { name: 'Clara Frist', email: uniqueEmail('frist-lehrerin'), password: 'Sicher123!', role: 'teacher' };
  const student: Person = { name: 'Johannes Frist', email: uniqueEmail('frist-student'), password: 'Sicher123!', role: 'student', duration: 45 };
  const invitee = { name: 'Olga Offen', email: uniqueEmail('frist-offen'), duration: 30 };
  const deadline = dayAhead(10);
  let teacherPage: Page;
  let studentPage: Page;
  let classId = '';

  test.beforeAll(async ({ browser }) => {
    teacherPage = await (await browser.newContext()).newPage();
    studentPage = await (await browser.newContext()).newPage();
    await registerConfirmed(teacherPage.request, teacher);
    await registerConfirmed(studentPage.request, student);
    await loginByApi(teacherPage.request, teacher);
    await loginByApi(studentPage.request, student);
    const created = await teacherPage.request.post('/api/classes', { data: { name: CLASS_NAME, description: null, is_group: false, register_shortcut: '' } });
    expect(created.status()).toBe(201);
    const cls = (await created.json()) as { class_id: string; register_shortcut: string };
    classId = cls.class_id;
    expect(
      (await studentPage.request.post('/api/students/join-class', { data: { register_shortcut: cls.register_shortcut, duration: 45 } })).ok(),
    ).toBeTruthy();
    expect((await teacherPage.request.post(`/api/classes/${classId}/members/new`, { data: { students: [invitee] } })).status()).toBe(201);
  });

  test.afterAll(async () => {
    await teacherPage?.context().close();
    await studentPage?.context().close();
  });

  test('the teacher sets the deadline and sees that nobody has entered times yet', async () => {
    const page = teacherPage;
    await openClass(page, classId, CLASS_NAME);
    expect(await classIdOf(page, CLASS_NAME)).toBe(classId);
    await expect(classRow(page, CLASS_NAME).getByTestId(`answered-${classId}`)).toHaveText('0 von 2 haben Zeiten eingetragen');
    const panel = membersPanel(page, CLASS_NAME);
    await expect(memberRow(panel, invitee.name).getByText('noch keine Zeiten', { exact: true })).toBeVisible();

    const deadlinePanel = page.getByRole('region', { name: 'Frist für die Zeiten' });
    await expect(deadlinePanel.getByText('Keine Frist gesetzt.')).toBeVisible();
    await deadlinePanel.getByLabel('Zeiten eintragen bis (einschließlich)').fill(deadline.iso);
    await deadlinePanel.getByRole('button', { name: 'Frist speichern' }).click();
    await expect(toast(page, `Frist bis ${deadline.german} gespeichert`)).toBeVisible();
    await expect(deadlinePanel.getByText(`Aktuelle Frist: ${deadline.german}`)).toBeVisible();
  });

  test('the teacher switches the automatic reminders off and on again; the choice is stored', async () => {
    const page = teacherPage;
    const label = 'Automatisch erinnern (3 Tage und 1 Tag vor der Frist)';
    const panel = () => page.getByRole('region', { name: 'Frist für die Zeiten' });
    await expect(panel().getByLabel(label)).toBeChecked();
    await panel().getByLabel(label).uncheck();
    await panel().getByRole('button', { name: 'Frist speichern' }).click();
    await expect(toast(page, `Frist bis ${deadline.german} gespeichert`).last()).toBeVisible();
    await openClass(page, classId, CLASS_NAME);
    await expect(panel().getByLabel(label)).not.toBeChecked();
    expect(((await (await page.request.get(`/api/classes/${classId}/deadline`)).json()) as { auto_reminders: boolean }).auto_reminders).toBe(false);
    await panel().getByLabel(label).check();
    await panel().getByRole('button', { name: 'Frist speichern' }).click();
    await expect
      .poll(async () => ((await (await page.request.get(`/api/classes/${classId}/deadline`)).json()) as { auto_reminders: boolean }).auto_reminders)
      .toBe(true);
  });

  test('the student sees the deadline on the course card and on /student', async () => {
    const page = studentPage;
    await page.goto('/student/classes');
    await expect(page.getByTestId('course-deadline')).toHaveText(`Bitte trage deine Zeiten bis ${deadline.german} ein`);
    await page.goto('/student');
    await expect(page.getByTestId('student-deadlines')).toHaveText(`${CLASS_NAME}: Bitte trage deine Zeiten bis ${deadline.german} ein`);
    // The student enters times: the teacher's count moves.
    expect((await page.request.put('/api/me/available-times', { data: { available_times: { '0': ['9.00', '9.15'] } } })).ok()).toBeTruthy();
  });

  test('the teacher reminds the one who has not answered; the mail arrives with the registration link', async () => {
    const page = teacherPage;
    await openClass(page, classId, CLASS_NAME);
    await expect(classRow(page, CLASS_NAME).getByTestId(`answered-${classId}`)).toHaveText('1 von 2 haben Zeiten eingetragen');
    const deadlinePanel = page.getByRole('region', { name: 'Frist für die Zeiten' });
    await deadlinePanel.getByRole('button', { name: 'Erinnerung senden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erinnerung senden' });
    await expect(dialog).toContainText('Möchtest du allen Studierenden ohne eingetragene Zeiten jetzt eine Erinnerung per E-Mail schicken?');
    await dialog.getByRole('button', { name: 'Erinnerung senden' }).click();
    await expect(toast(page, 'Erinnerung an 1 Studierende*n gesendet')).toBeVisible();
    const mail = await waitForMail(page.request, invitee.email, /Erinnerung: Trag deine Zeiten/);
    expect(mail.text).toContain(`Bitte trage deine Zeiten bis ${deadline.german} ein`);
    expect(mail.text).toContain('/register/');
    // Once a day only.
    await deadlinePanel.getByRole('button', { name: 'Erinnerung senden' }).click();
    await page.getByRole('dialog', { name: 'Erinnerung senden' }).getByRole('button', { name: 'Erinnerung senden' }).click();
    await expect(toast(page, 'Keine Erinnerung nötig: Alle mit E-Mail-Adresse haben Zeiten eingetragen oder wurden heute schon erinnert.')).toBeVisible();
  });
});
