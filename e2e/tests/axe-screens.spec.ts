import { expect, test, type Locator, type Page } from '@playwright/test';
import { mainNav, uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import { axeViolations } from '../helpers/axe.js';
import { classRow, openClass } from '../helpers/classes.js';
import { setUpOneLessonClass } from '../helpers/one-lesson-class.js';

/*
 * Issue 28 item 1: every route and every dialog, logged out, as teacher and as student, at phone (390 px) and
 * desktop (1440 px) width, passes axe-core with the tags wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa: zero
 * violations of any impact. A new screen gets a step here. Each test visits all screens of one person at one
 * width and reports every violation found, screen by screen, at the end.
 */

const WIDTHS = [
  { name: '390 px', viewport: { width: 390, height: 844 } },
  { name: '1440 px', viewport: { width: 1440, height: 900 } },
];
const CLASS_NAME = 'Klavier Barrierefrei';

const teacher: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.hensel'), password: 'Notturno1846', role: 'teacher' };
const student: Person = { name: 'Lena Vogel', email: uniqueEmail('lena.vogel'), password: 'Tonleiter77', role: 'student', duration: 45 };

let classId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  classId = await setUpOneLessonClass(playwright.request, baseURL!, { teacher, student, className: CLASS_NAME });
});

/** The violations of the page as it is now, one line per violation with its elements. */
async function axe(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join(' | ')}`,
  );
}

/** Collects the violations of each screen; the test fails at its end listing all of them. */
function collector(page: Page) {
  const found: string[] = [];
  const check = async (screen: string) => {
    for (const line of await axe(page)) {
      found.push(`${screen}: ${line}`);
      console.log(`${screen}: ${line}`);
    }
  };
  return { found, check };
}

/** A page is ready when its heading is there and no spinner is left. */
async function ready(page: Page): Promise<void> {
  // Generous: on a busy machine a page with its data may take a while.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 30_000 });
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await ready(page);
}

/** Opens a dialog with `opener`, checks it, closes it with Escape. */
async function dialog(page: Page, opener: Locator, name: string | RegExp, check: (screen: string) => Promise<void>): Promise<void> {
  await opener.click();
  const dlg = page.getByRole('dialog', { name });
  await expect(dlg).toBeVisible();
  await expect(dlg.locator('.spinner')).toHaveCount(0);
  await check(`Dialog ${String(name)}`);
  await page.keyboard.press('Escape');
  await expect(dlg).toHaveCount(0);
}

/** The avatar popup of the navigation bar (at phone width inside the opened menu). */
async function openNavMenu(page: Page): Promise<void> {
  const toggle = mainNav(page).getByRole('button', { name: /Menü öffnen|Navigation öffnen/ });
  if ((await toggle.count()) > 0 && (await toggle.isVisible())) await toggle.click();
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`axe-core auf jedem Bildschirm (${width})`, () => {
    test.use({ viewport });

    test('abgemeldet', async ({ page }) => {
      test.setTimeout(240_000);
      const { found, check } = collector(page);
      for (const path of [
        '/',
        '/login',
        '/register',
        '/registration-success',
        '/forgot-password',
        '/reset-password',
        '/update-password',
        '/confirm-email',
        '/about',
        '/contact',
        '/impressum',
        '/datenschutz',
        '/barrierefreiheit',
        '/gibt-es-nicht',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('main')).not.toBeEmpty();
        await expect(page.locator('.spinner')).toHaveCount(0);
        await check(path);
      }
      // Forms with their error messages shown.
      await visit(page, '/login');
      await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Anmelden' }).click();
      await check('/login mit Fehlern');
      await visit(page, '/contact');
      const send = page.getByRole('main').getByRole('button').last();
      if (await send.isEnabled()) {
        await send.click();
        await check('/contact mit Fehlern');
      }
      // The mini login of the navigation bar.
      await visit(page, '/about');
      await openNavMenu(page);
      await mainNav(page).getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByRole('dialog', { name: 'Anmelden' })).toBeVisible();
      await check('Mini-Login');
      expect(found).toEqual([]);
    });

    test('als Lehrkraft', async ({ page }) => {
      test.setTimeout(240_000);
      await loginByApi(page.request, teacher);
      const { found, check } = collector(page);
      for (const path of ['/scheduling', `/scheduling/zeiten?klasse=${classId}`, `/scheduling/zeitraum?klasse=${classId}`, '/me/classes', '/profile']) {
        await visit(page, path);
        await check(path);
      }
      // Step 4: the planner, and its dialogs.
      await visit(page, `/scheduling/planen?klasse=${classId}`);
      await expect(page.locator('.week-grid')).toBeVisible();
      await expect(page.locator('.week-grid .lesson').first()).toBeVisible();
      await check('Planer mit gespeichertem Stundenplan');
      await dialog(page, page.getByRole('button', { name: 'Stundenplan laden' }), 'Stundenplan laden', check);

      // The class page: the class with its members, and its dialogs.
      const panel = await openClass(page, classId, CLASS_NAME);
      await check('/me/classes mit Studierenden');
      await dialog(page, page.getByRole('button', { name: 'Neue Klasse/Kurs anlegen' }), 'Neue Klasse/Kurs anlegen', check);
      await dialog(page, panel.getByRole('button', { name: 'CSV Import' }), 'CSV Import', check);
      await panel.getByRole('button', { name: 'Student*in hinzufügen' }).click();
      await check('Student*in hinzufügen');
      await expect(classRow(page, CLASS_NAME)).toBeVisible();

      // The user menu.
      await openNavMenu(page);
      await mainNav(page)
        .getByRole('button', { name: `Benutzermenü von ${teacher.name}` })
        .click();
      await expect(page.getByRole('dialog', { name: 'Benutzermenü' })).toBeVisible();
      await check('Benutzermenü');
      expect(found).toEqual([]);
    });

    test('als Student*in', async ({ page }) => {
      test.setTimeout(240_000);
      await loginByApi(page.request, student);
      const { found, check } = collector(page);
      for (const path of ['/student', '/student/classes', '/profile']) {
        await visit(page, path);
        await check(path);
      }
      await visit(page, '/student/classes');
      await dialog(page, page.getByRole('button', { name: 'Aus Kurs entfernen' }).first(), 'Kurs verlassen?', check);
      await openNavMenu(page);
      await mainNav(page)
        .getByRole('button', { name: `Benutzermenü von ${student.name}` })
        .click();
      await expect(page.getByRole('dialog', { name: 'Benutzermenü' })).toBeVisible();
      await check('Benutzermenü');
      expect(found).toEqual([]);
    });
  });
}
