import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import { createClassWithTimes, joinAndEnterTimes, signUpViaApi } from '../helpers/planner.js';

/*
 * Issue 28 item 3: every screen is usable at 320 CSS px (400 % zoom of 1280 px) without scrolling in two
 * directions: the page never scrolls sideways; only the time grids scroll inside their own box. Also: with
 * `prefers-reduced-motion: reduce` nothing on the page is animated.
 */

const NARROW = { width: 320, height: 640 };
const teacher: Person = { name: 'Louise Farrenc', email: uniqueEmail('louise.farrenc'), password: 'Nonett1849', role: 'teacher' };
const student: Person = { name: 'Lena Vogel', email: uniqueEmail('lena.vogel.reflow'), password: 'Tonleiter77', role: 'student', duration: 30 };
let classId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const teacherApi = await signUpViaApi(playwright.request, baseURL!, teacher);
  const created = await createClassWithTimes(teacherApi, 'Flöte Reflow', { 0: [['9:00', '12:00']] });
  classId = created.classId;
  const studentApi = await signUpViaApi(playwright.request, baseURL!, student);
  await joinAndEnterTimes(studentApi, student, created.registerShortcut, { 0: [['9:00', '10:00']] });
  await Promise.all([teacherApi.dispose(), studentApi.dispose()]);
});

/** How far the page is wider than the window (0: no sideways scrolling of the page), and what sticks out. */
async function overflow(page: Page): Promise<{ px: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el))
      .filter((el, _i, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`);
    return { px: document.documentElement.scrollWidth - width, culprits };
  });
}

async function expectReflow(page: Page, paths: string[]): Promise<void> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(page.locator('.spinner')).toHaveCount(0);
    const { px, culprits } = await overflow(page);
    if (px > 0) wide.push(`${path}: ${px} px breiter als das Fenster (${culprits.join(', ')})`);
  }
  expect(wide).toEqual([]);
}

test.use({ viewport: NARROW, reducedMotion: 'reduce' });

test('320 px: abgemeldet scrollt keine Seite seitwärts', async ({ page }) => {
  test.setTimeout(120_000);
  await expectReflow(page, ['/', '/login', '/register', '/forgot-password', '/about', '/contact', '/impressum', '/datenschutz', '/barrierefreiheit']);
});

test('320 px: als Lehrkraft scrollt keine Seite seitwärts', async ({ page }) => {
  test.setTimeout(120_000);
  await loginByApi(page.request, teacher);
  await expectReflow(page, [
    '/scheduling',
    `/scheduling/zeiten?klasse=${classId}`,
    `/scheduling/zeitraum?klasse=${classId}`,
    `/scheduling/planen?klasse=${classId}`,
    `/me/classes?selectClass=${classId}`,
    '/profile',
  ]);
});

test('320 px: als Student*in scrollt keine Seite seitwärts', async ({ page }) => {
  test.setTimeout(120_000);
  await loginByApi(page.request, student);
  await expectReflow(page, ['/student', '/student/classes', '/profile']);
});

test('prefers-reduced-motion: nichts bewegt sich', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const moving = await page.evaluate(
    () =>
      [...document.querySelectorAll('*')]
        .map((el) => getComputedStyle(el))
        .filter((s) => parseFloat(s.transitionDuration) > 0.001 || parseFloat(s.animationDuration) > 0.001).length,
  );
  expect(moving).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
});
