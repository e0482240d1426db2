import { expect, test, type Page } from '@playwright/test';
import { CONFIRM_SUBJECT } from '../helpers/api.js';
import {
  atPath,
  field,
  fillRegistration,
  HOME_PATH,
  loginOnLoginPage,
  mainNav,
  NAV_LINKS,
  navLinks,
  openAvatar,
  ROLE_LABEL,
  ROLE_TAG,
  shot,
  uniqueEmail,
  expectLoggedOutNav,
  main,
  type Person,
} from '../helpers/accounts.js';
import { followMailLink, mailsTo } from '../helpers/mail.js';

/*
 * Accounts, as a new user meets it in the browser: registration, confirmation mail,
 * login by role, navigation and avatar menu, password reset by mail, logout, the route guard,
 * the expired session, the profile with account deletion, and the contact form.
 * The tests build on each other (the accounts made early are used later), so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const TEXT = {
  sessionExpired: 'Deine Sitzung ist abgelaufen. Bitte melde Dich erneut an.',
  invalidCredentials: 'Ungültige E-Mail oder Passwort',
  invalidCredentialsShort: 'E-Mail oder Passwort ist falsch',
  emailNotConfirmed: 'Bitte bestätige zuerst deine E-Mail-Adresse',
  emailHintValid: 'Gültige E-Mail-Adresse',
  emailHintInvalid: 'Bitte überprüfe das Format deiner E-Mail-Adresse',
  contactSuccess: 'Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.',
  passwordUpdated: 'Passwort erfolgreich aktualisiert',
  loginSuccess: 'Login erfolgreich',
} as const;

const RESET_SUBJECT = /Passwort zurücksetzen/;

const teacher: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.hensel'), password: 'Notenblatt2024', role: 'teacher' };
const student: Person = { name: 'Jörg Müller', email: uniqueEmail('joerg.mueller'), password: 'Tonleiter77', role: 'student', duration: 60 };
const teacherNewPassword = 'Kontrapunkt99';

const toast = (page: Page, text: string) => page.locator('.toaster').getByText(text);
/** A card of the page, found by its heading. */
const card = (page: Page, title: string) =>
  main(page)
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Nav links and avatar dropdown of a logged-in person (docs/product/screens.md). */
async function expectLoggedInChrome(page: Page, who: Person) {
  const links = who.role === 'teacher' ? NAV_LINKS.teacher : NAV_LINKS.student;
  await expect(navLinks(page)).toHaveText([...links]);
  const hrefs = who.role === 'teacher' ? ['/scheduling', '/me/classes'] : ['/student', '/student/classes'];
  for (const [i, name] of links.entries()) {
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', hrefs[i]!);
  }
  const menu = await openAvatar(page, who.name);
  await expect(menu).toContainText(who.name);
  await expect(menu).toContainText(who.email);
  await expect(menu).toContainText(ROLE_TAG[who.role]);
  await expect(menu.getByRole('link', { name: 'Profil ansehen' })).toHaveAttribute('href', '/profile');
  await expect(menu.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  return menu;
}

test('Besucher: Startseite mit Navigation, Mini-Login lehnt falsche Zugangsdaten ab', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen beim Stundenplan-Assistenten' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funktionen' }).getByRole('article')).toHaveCount(3);
  await expectLoggedOutNav(page);
  await expect(mainNav(page).getByRole('link', { name: 'Startseite', exact: true })).toHaveAttribute('href', '/');
  await shot(page, '01-startseite');

  const popup = await openAvatar(page);
  await expect(popup.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Noch kein Account? Registrieren' })).toHaveAttribute('href', '/register');
  await field(popup, 'E-Mail').fill(uniqueEmail('niemand'));
  await field(popup, 'Passwort').fill('Falsch12345');
  await popup.getByRole('button', { name: 'Anmelden' }).click();
  await expect(popup.getByRole('alert')).toHaveText(TEXT.invalidCredentialsShort);
  await expect(page).toHaveURL(atPath('/'));

  // A click outside closes the popup.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(popup).toBeHidden();
});

test('Registrierung als Lehrkraft: Live-Hinweis zur E-Mail, Absenden erst mit gültiger Adresse', async ({ page }) => {
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Registrieren', exact: true }).click();
  await expect(page).toHaveURL(atPath('/register'));
  await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Registrieren', exact: true });
  const email = field(page, 'E-Mail');
  await expect(submit).toBeDisabled();

  await fillRegistration(page, { ...teacher, email: 'fanny.hensel@' });
  await expect(page.getByText(TEXT.emailHintInvalid)).toBeVisible();
  await expect(page.getByText(TEXT.emailHintValid)).toHaveCount(0);
  await expect(submit).toBeDisabled();

  await email.fill(teacher.email);
  await expect(page.getByText(TEXT.emailHintValid)).toBeVisible();
  await expect(page.getByText(TEXT.emailHintInvalid)).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await shot(page, '02-registrieren');

  await submit.click();
  await expect(page).toHaveURL(atPath('/registration-success'));
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung erfolgreich' })).toBeVisible();
  await expect(main(page)).toContainText(teacher.email);
  await expect(main(page).getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  await shot(page, '03-registrierung-erfolgreich');

  // Not confirmed yet: login is refused with the hint to confirm first.
  await loginOnLoginPage(page, teacher.email, teacher.password);
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toContainText(TEXT.emailNotConfirmed);
  await page.getByRole('button', { name: 'Bestätigungs-Link erneut senden' }).click();
  await expect(main(page).getByText('Bestätigungs-Link wurde erneut gesendet')).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));
});

test('Registrierung als Student*in mit Unterrichtsdauer', async ({ page }) => {
  await page.goto('/register');
  await fillRegistration(page, student);
  await expect(field(page, 'Unterrichtsdauer')).toHaveValue(String(student.duration));
  await expect(page.getByText(TEXT.emailHintValid)).toBeVisible();
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
  await expect(page).toHaveURL(atPath('/registration-success'));
  await expect(main(page)).toContainText(student.email);
});

test('Beide bestätigen ihre E-Mail-Adresse über den Link in der Mail (/dev/mail)', async ({ page }) => {
  // The teacher asked for the link again, so the newest of two mails is used; the student has one.
  const links: string[] = [];
  for (const [who, mailCount] of [
    [teacher, 2],
    [student, 1],
  ] as const) {
    links.push(await followMailLink(page, who.email, CONFIRM_SUBJECT, '/confirm-email?token=', mailCount));
    await expect(page).toHaveURL(/\/confirm-email\?token=/);
    await expect(page.getByText('Deine E-Mail-Adresse ist bestätigt.')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Zum Login' })).toBeVisible();
    const confirmations = (await mailsTo(page.request, who.email)).filter((m) => CONFIRM_SUBJECT.test(m.subject));
    expect(confirmations, `no duplicate mails to ${who.email}`).toHaveLength(mailCount);
  }
  await shot(page, '04-email-bestaetigt');

  // Opening the link a second time (mail apps and scanners do that) still says it is confirmed.
  await page.goto(links[1]!);
  await expect(page.getByText('Deine E-Mail-Adresse ist bestätigt.')).toBeVisible();
  await main(page).getByRole('link', { name: 'Zum Login' }).click();
  await expect(page).toHaveURL(atPath('/login'));
});

test('Lehrkraft meldet sich an: /scheduling, eigene Navigation und Avatar-Menü, Abmelden', async ({ page, context }) => {
  await loginOnLoginPage(page, `  ${teacher.email.toUpperCase()} `, teacher.password);
  await expect(page).toHaveURL(atPath(HOME_PATH.teacher));
  await expect(toast(page, TEXT.loginSuccess)).toBeVisible();
  const menu = await expectLoggedInChrome(page, teacher);
  await shot(page, '05-lehrkraft-avatar-menue');
  const sessionCookies = await context.cookies();
  expect(sessionCookies.find((c) => c.name === 'sp_session')?.httpOnly).toBe(true);

  await menu.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await expectLoggedOutNav(page);

  // The old session cookie is refused after logout (revoked on the server, not just deleted).
  await context.addCookies(sessionCookies);
  await page.goto('/scheduling');
  await expect(page).toHaveURL(atPath('/'));
  await expectLoggedOutNav(page);
});

test('Student*in meldet sich an: /student, eigene Navigation und Avatar-Menü; Abmelden gilt für alle Tabs', async ({ page, context }) => {
  await loginOnLoginPage(page, student.email, student.password);
  await expect(page).toHaveURL(atPath(HOME_PATH.student));
  const secondTab = await context.newPage();
  await secondTab.goto('/student/classes');
  await expect(navLinks(secondTab)).toHaveText([...NAV_LINKS.student]);
  await page.bringToFront();

  const menu = await expectLoggedInChrome(page, student);
  await menu.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await expectLoggedOutNav(page);
  // The other tab hears about the logout and leaves the protected page.
  await expect(secondTab).toHaveURL(atPath('/'));
  await expectLoggedOutNav(secondTab);
  await secondTab.close();
});

test('Passwort zurücksetzen über den Link in der Mail; altes Passwort gilt nicht mehr', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(atPath('/forgot-password'));
  await field(main(page), 'E-Mail').fill(teacher.email);
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(main(page)).toContainText(`Falls ein Account mit ${teacher.email} existiert`);
  await expect(main(page).getByRole('link', { name: 'Zurück zum Login' })).toBeVisible();

  const resetLink = await followMailLink(page, teacher.email, RESET_SUBJECT, '/update-password#token=');
  expect(resetLink).toMatch(/\/update-password#token=[^&\s]+$/);
  // The token is read and then removed from the address bar.
  await expect(page).toHaveURL(atPath('/update-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
  await field(page, 'Neues Passwort').fill(teacherNewPassword);
  await field(page, 'Passwort wiederholen').fill(teacherNewPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(toast(page, TEXT.passwordUpdated)).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));

  // The link works only once: opened again it says 'Ungültiger Link' at once, without asking for a password.
  await page.goto(resetLink);
  await expect(page).toHaveURL(atPath('/update-password'));
  await expect(main(page).getByRole('alert')).toContainText('Ungültiger Link');
  await expect(field(page, 'Neues Passwort')).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();

  // Without a token the page sends to the login.
  await page.goto('/update-password');
  await expect(page).toHaveURL(atPath('/login'));

  // Old password: refused on the login page and in the mini login.
  await loginOnLoginPage(page, teacher.email, teacher.password);
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(TEXT.invalidCredentials);
  await expect(page).toHaveURL(atPath('/login'));
  const popup = await openAvatar(page);
  await field(popup, 'E-Mail').fill(teacher.email);
  await field(popup, 'Passwort').fill(teacher.password);
  await popup.getByRole('button', { name: 'Anmelden' }).click();
  await expect(popup.getByRole('alert')).toHaveText(TEXT.invalidCredentialsShort);

  // New password: the mini login lets the teacher in.
  await field(popup, 'Passwort').fill(teacherNewPassword);
  await popup.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(atPath(HOME_PATH.teacher));
  await expect(popup).toBeHidden();
  await expect(navLinks(page)).toHaveText([...NAV_LINKS.teacher]);
  const menu = await openAvatar(page, teacher.name);
  await menu.getByRole('button', { name: 'Abmelden' }).click();
  await expectLoggedOutNav(page);
});

test('Abgelaufene Sitzung: ohne Cookie führt der nächste Aufruf zur Startseite mit Hinweis', async ({ page, context }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Login' });
  await field(form, 'E-Mail').fill(student.email);
  await field(form, 'Passwort').fill(student.password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(atPath(HOME_PATH.student));
  await expect(navLinks(page)).toHaveText([...NAV_LINKS.student]);
  // The student page's own loads finish first, so the next call is the first without the cookie.
  await page.waitForLoadState('networkidle');

  await context.clearCookies();
  const menu = await openAvatar(page, student.name);
  await menu.getByRole('link', { name: 'Profil ansehen' }).click();

  await expect(page).toHaveURL(atPath('/'));
  await expect(page.getByText(TEXT.sessionExpired)).toBeVisible();
  await expectLoggedOutNav(page);
  expect(await page.evaluate(() => window.localStorage.getItem('lastPath'))).toBe('/profile');
});

test('Profil: drei Bereiche; Student*in löscht den Account und kann sich nicht mehr anmelden', async ({ page, context }) => {
  await loginOnLoginPage(page, student.email, student.password);
  await expect(page).toHaveURL(atPath(HOME_PATH.student));
  const menu = await openAvatar(page, student.name);
  await menu.getByRole('link', { name: 'Profil ansehen' }).click();
  await expect(page).toHaveURL(atPath('/profile'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dein Profil' })).toBeVisible();

  const personal = card(page, 'Persönliche Informationen');
  await expect(personal).toContainText(student.name);
  await expect(personal).toContainText(student.email);
  await expect(personal).toContainText(ROLE_LABEL.student);
  await expect(personal).toContainText(`${student.duration} Min.`);
  await expect(card(page, 'Deine Kurse')).toContainText('Du bist noch keinem Kurs beigetreten.');
  await expect(card(page, 'Sicherheit').getByRole('button', { name: 'Passwort zurücksetzen' })).toBeVisible();
  const danger = card(page, 'Gefahrenzone');
  await expect(danger).toBeVisible();
  await shot(page, '06-profil-student');

  // Cancelling the confirmation (a styled dialog like everywhere else) keeps the account.
  await danger.getByRole('button', { name: 'Account löschen' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Account löschen?' });
  await expect(confirmDialog).toContainText('wirklich');
  await confirmDialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirmDialog).toBeHidden();
  await expect(page).toHaveURL(atPath('/profile'));
  await expect(navLinks(page)).toHaveText([...NAV_LINKS.student]);

  const sessionCookies = await context.cookies();
  await danger.getByRole('button', { name: 'Account löschen' }).click();
  await confirmDialog.getByRole('button', { name: 'Account endgültig löschen' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await expect(toast(page, 'Dein Account wurde gelöscht.')).toBeVisible();
  await expectLoggedOutNav(page);

  // The session of the deleted account no longer opens anything.
  await context.addCookies(sessionCookies);
  await page.goto('/profile');
  await expect(page).toHaveURL(atPath('/'));
  await expectLoggedOutNav(page);

  // An address without an account answers like a wrong password: the login does not tell whether it exists.
  await loginOnLoginPage(page, student.email, student.password);
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(TEXT.invalidCredentials);
  await expect(page).toHaveURL(atPath('/login'));
});

test('Kontaktformular: Nachricht wird gesendet und bestätigt', async ({ page }) => {
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Kontakt', exact: true }).click();
  await expect(page).toHaveURL(atPath('/contact'));
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await field(main(page), 'Art der Nachricht').selectOption({ label: 'Fehler melden' });
  await field(main(page), 'Betreff').fill('Knopf reagiert nicht');
  await field(main(page), 'Name').fill('Clara Wieck');
  await field(main(page), 'E-Mail').fill(uniqueEmail('clara.wieck'));
  await field(main(page), 'Nachricht').fill('Beim Speichern passiert <b>nichts</b> – bitte prüfen.');
  await main(page).getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(main(page).getByText(TEXT.contactSuccess)).toBeVisible();
  await shot(page, '07-kontakt-gesendet');
});
