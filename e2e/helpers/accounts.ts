import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export type Role = 'teacher' | 'student';

export interface Person {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** Lesson duration in minutes (students only). */
  duration?: number;
}

/** An address nobody used before (unique per run, so runs against the same stack never collide). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${randomUUID().slice(0, 6)}@example.org`.toLowerCase();
}

export const ROLE_LABEL: Record<Role, string> = { teacher: 'Dozent*in / Lehrkraft', student: 'Student*in' };
export const ROLE_TAG: Record<Role, string> = { teacher: 'Dozent*in', student: 'Student*in' };
export const HOME_PATH: Record<Role, string> = { teacher: '/scheduling', student: '/student' };

export const NAV_LINKS = {
  loggedOut: ['Startseite', 'Kontakt', 'Registrieren', 'Login'],
  teacher: ['Stundenplanung', 'Deine Kurse'],
  student: ['Deine Zeiten', 'Deine Kurse'],
} as const;

/** Exact-path matcher for toHaveURL (no query, no hash). */
export function atPath(path: string): RegExp {
  return new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Hauptnavigation' });
}

/** The role links of the navigation bar, in order. */
export function navLinks(page: Page): Locator {
  return mainNav(page).getByRole('listitem');
}

/** Form fields by their visible label; required labels carry a ' *' that is part of the name. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** Fills /register like a person: name, e-mail, password twice, role and (students) the duration. */
export async function fillRegistration(page: Page, who: Person): Promise<void> {
  // The form comes prerendered; once the app has taken over, each keystroke meets the live checks as a
  // person's would (text typed before reaches the form too, prerender.test.tsx).
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await field(page, 'Name').fill(who.name);
  await field(page, 'E-Mail').fill(who.email);
  await field(page, 'Passwort').fill(who.password);
  await field(page, 'Passwort wiederholen').fill(who.password);
  await field(page, 'Rolle').selectOption({ label: ROLE_LABEL[who.role] });
  if (who.role === 'student') {
    await field(page, 'Unterrichtsdauer').selectOption({ label: `${who.duration ?? 30} Minuten` });
  } else {
    await expect(field(page, 'Unterrichtsdauer')).toHaveCount(0);
  }
}

/** Logs in on /login and waits until the role's home page is reached. */
export async function loginOnLoginPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await field(form, 'E-Mail').fill(email);
  await field(form, 'Passwort').fill(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
}

/** Opens the avatar popup (mini login when logged out, user menu when logged in). */
export async function openAvatar(page: Page, username?: string): Promise<Locator> {
  const button = mainNav(page).getByRole('button', { name: username ? `Benutzermenü von ${username}` : 'Anmelden' });
  await button.click();
  const popup = page.getByRole('dialog', { name: username ? 'Benutzermenü' : 'Anmelden' });
  await expect(popup).toBeVisible();
  return popup;
}

export const SHOTS_DIR = '/tmp/e2e-shots';

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The page's main landmark. */
export const main = (page: Page): Locator => page.getByRole('main');

/** The navigation of a visitor: the public links and the login button. */
export async function expectLoggedOutNav(page: Page) {
  await expect(navLinks(page)).toHaveText([...NAV_LINKS.loggedOut]);
  await expect(mainNav(page).getByRole('button', { name: 'Anmelden' })).toBeVisible();
}

/** A student of the planner tests: a fresh address from the first name, one password for all. */
export function studentNamed(name: string, duration: number): Person & { duration: number } {
  return { name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), password: 'Tonleiter77', role: 'student', duration };
}
