import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { atPath, fillRegistration, HOME_PATH, loginOnLoginPage, type Person } from './accounts.js';
import { CONFIRM_SUBJECT, loginByApi, registerConfirmed } from './api.js';
import { followMailLink } from './mail.js';

export { CONFIRM_SUBJECT };

/** Class pages: locators by accessible names and a few steps a person repeats. */

/** A toast at the bottom (docs/product/README.md: toasts close after 3 s, so assert them right after the action). */
export const toast = (page: Page, text: string): Locator => page.locator('.toaster').getByText(text, { exact: true });

/** Registers on /register like a person and confirms the address through the mailed link. */
export async function registerAndConfirm(page: Page, who: Person): Promise<void> {
  await page.goto('/register');
  await fillRegistration(page, who);
  await expect(page.getByText('Gültige E-Mail-Adresse')).toBeVisible();
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
  await expect(page).toHaveURL(atPath('/registration-success'));
  await confirmEmail(page, who.email);
}

/** Opens the newest confirmation mail of `email` in the outbox and follows its link. */
export async function confirmEmail(page: Page, email: string): Promise<void> {
  await followMailLink(page, email, CONFIRM_SUBJECT, '/confirm-email?token=');
  await expect(page.getByText('Deine E-Mail-Adresse ist bestätigt.')).toBeVisible();
}

/** Logs in on /login and waits for the role's home page. */
export async function login(page: Page, who: Person): Promise<void> {
  await loginOnLoginPage(page, who.email, who.password);
  await expect(page).toHaveURL(atPath(HOME_PATH[who.role]));
}

/** The row of a class in the teacher's table (not its expanded details row). */
export function classRow(page: Page, className: string): Locator {
  return page
    .getByRole('table', { name: 'Deine Klassen und Kurse' })
    .locator('tbody > tr')
    .filter({ has: page.getByRole('button', { name: className, exact: true }) });
}

/** The member count of a class row (the cell also says who has entered times). */
export function classCount(page: Page, className: string): Locator {
  return classRow(page, className).locator('td[data-label="Anzahl Studierende"] .class-row__count-number');
}

/** The expanded member panel of a class: member table plus the buttons below it. */
export function membersPanel(page: Page, className: string): Locator {
  return page.locator('div.members').filter({ has: page.getByRole('table', { name: `Studierende in ${className}`, exact: true }) });
}

/** A member row, found by the duration input every row has ('Dauer von {name} in Minuten'). */
export function memberRow(panel: Locator, name: string): Locator {
  return panel.locator('tbody > tr').filter({ has: panel.page().getByLabel(`Dauer von ${name} in Minuten`, { exact: true }) });
}

/** The class_id of a class row (the row's test id is class-row-{class_id}). */
export async function classIdOf(page: Page, className: string): Promise<string> {
  // A new class shows at once as a local row (local-n) until the server has answered.
  await expect(classRow(page, className)).toHaveAttribute('data-testid', /^class-row-[0-9a-f-]{36}$/);
  const testId = (await classRow(page, className).getAttribute('data-testid')) ?? '';
  const id = testId.replace(/^class-row-/, '');
  expect(id, `class id of ${className}`).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

/** Opens /me/classes with ?selectClass= so the class is expanded with its members loaded. */
export async function openClass(page: Page, classId: string, className: string): Promise<Locator> {
  await page.goto(`/me/classes?selectClass=${classId}`);
  await expect(page).toHaveURL(atPath('/me/classes'));
  await expect(classRow(page, className).getByRole('button', { name: className, exact: true })).toHaveAttribute('aria-expanded', 'true');
  const panel = membersPanel(page, className);
  await expect(panel.getByRole('button', { name: 'E-Mails kopieren' })).toBeEnabled();
  return panel;
}

/** Answers the styled confirmation dialog titled `title` with its `button` after checking its message. */
export async function answerConfirm(page: Page, title: string, button: string, message: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Fills the add row ('Student*in hinzufügen') with a new, unregistered student and submits it. */
export async function addByHand(panel: Locator, student: { name: string; email: string; duration: number }): Promise<void> {
  const row = panel.getByTestId('add-member-row');
  await expect(row).toBeVisible();
  await row.getByRole('textbox', { name: 'E-Mail oder Name suchen' }).fill(student.email);
  // The debounced search (docs/product/classes.md) finds nobody with this address.
  await expect(row.getByText('Keine Studenten gefunden', { exact: true })).toBeVisible();
  await row.getByRole('textbox', { name: 'Name', exact: true }).fill(student.name);
  await row.getByRole('spinbutton', { name: 'Dauer in Minuten' }).fill(String(student.duration));
  await row.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(memberRow(panel, student.name)).toBeVisible();
  // After a successful add the row is empty again, ready for the next student.
  await expect(row.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
}

/** The JSON API with the browser's session cookie (for the bulk set-up of the limit checks). */
export async function apiJson<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = method === 'GET' ? await request.get(path) : await request.post(path, { data });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The member rows of a panel (without the add row). */
export const memberRows = (panel: Locator): Locator => panel.locator('tbody > tr[data-testid^="member-"]');

/** A page of a new teacher, registered and logged in over the API, allowed to use the clipboard ('E-Mails kopieren'). */
export async function teacherPageViaApi(browser: Browser, teacher: Person): Promise<Page> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await registerConfirmed(page.request, teacher);
  await loginByApi(page.request, teacher);
  return page;
}

/** Creates a class over the API with members who have no account yet; answers its id and registration code. */
export async function createClassViaApi(
  page: Page,
  cls: { name: string; description: string | null },
  members: { name: string; email: string | null; duration: number }[],
): Promise<{ classId: string; code: string }> {
  const created = await apiJson<{ class_id: string; register_shortcut: string }>(page.request, 'POST', '/api/classes', {
    name: cls.name,
    description: cls.description,
    is_group: false,
    register_shortcut: null,
  });
  if (members.length > 0) await apiJson(page.request, 'POST', `/api/classes/${created.class_id}/members/new`, { students: members });
  return { classId: created.class_id, code: created.register_shortcut };
}
