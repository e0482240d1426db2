import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import { setUpOneLessonClass } from '../helpers/one-lesson-class.js';

/*
 * Issue 28 item 3: every screen reflows at 320 CSS px (400 % zoom) without scrolling in two dimensions (only the
 * grids scroll inside themselves); the WCAG text-spacing overrides cut no text; prefers-reduced-motion turns off
 * transitions and animations; focus is visible and comes back to the opener after a dialog.
 */

const CLASS_NAME = 'Klavier Umbruch';
const teacher: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.umbruch'), password: 'Notturno1846', role: 'teacher' };
const student: Person = { name: 'Lena Vogel', email: uniqueEmail('lena.umbruch'), password: 'Tonleiter77', role: 'student', duration: 45 };
let classId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  classId = await setUpOneLessonClass(playwright.request, baseURL!, { teacher, student, className: CLASS_NAME });
});

const LOGGED_OUT = [
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
];
const TEACHER = () => [
  '/scheduling',
  `/scheduling/zeiten?klasse=${classId}`,
  `/scheduling/zeitraum?klasse=${classId}`,
  `/scheduling/planen?klasse=${classId}`,
  '/me/classes',
  `/me/classes?klasse=${classId}`,
  `/me/classes?selectClass=${classId}`,
  '/profile',
];
const STUDENT = ['/student', '/student/classes', '/profile'];

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).not.toBeEmpty();
  await expect(page.locator('.spinner')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** The page's width beyond the 320 px viewport (0 when nothing sticks out). */
async function overflowX(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      // Inside a scroll container (the grids) the overflow is the container's own.
      let p = el.parentElement;
      let scrolled = false;
      while (p && p !== document.body) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') {
          scrolled = true;
          break;
        }
        p = p.parentElement;
      }
      if (!scrolled) culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} right=${Math.round(r.right)}`);
      if (culprits.length > 5) break;
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

test.describe('Umbruch bei 320 CSS px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  async function checkAll(page: Page, paths: readonly string[], who: string): Promise<void> {
    const found: string[] = [];
    for (const path of paths) {
      await settle(page, path);
      const { scrollWidth, culprits } = await overflowX(page);
      if (scrollWidth > 320) found.push(`${who} ${path}: scrollWidth ${scrollWidth} (${culprits.join(', ')})`);
      await page.screenshot({ path: test.info().outputPath(`${who}${path.replace(/[/?=&]/g, '_')}.png`), fullPage: true });
    }
    expect(found).toEqual([]);
  }

  test('abgemeldet', async ({ page }) => {
    test.setTimeout(180_000);
    await checkAll(page, LOGGED_OUT, 'abgemeldet');
  });

  test('als Lehrkraft', async ({ page }) => {
    test.setTimeout(180_000);
    await loginByApi(page.request, teacher);
    await checkAll(page, TEACHER(), 'lehrkraft');
  });

  test('als Student*in', async ({ page }) => {
    test.setTimeout(180_000);
    await loginByApi(page.request, student);
    await checkAll(page, STUDENT, 'student');
  });
});

/** WCAG 1.4.12: the four text-spacing overrides as a user style sheet would set them. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** Elements that clip their own text (overflow hidden or clip, content larger than the box). */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *, nav *, header *, footer *'))) {
      const s = getComputedStyle(el);
      const clipsX = s.overflowX === 'hidden' || s.overflowX === 'clip';
      const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
      if (!clipsX && !clipsY) continue;
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue; // visually hidden on purpose
      const text = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      // A planned lesson's tile shortens a word too long for it ('Maximi…'); the tile's name, its tooltip and the
      // grid cell's name say the full name.
      if (el.closest('.lesson[aria-label]') && s.textOverflow === 'ellipsis') continue;
      if ((clipsX && el.scrollWidth > el.clientWidth + 1) || (clipsY && el.scrollHeight > el.clientHeight + 1)) {
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')}: "${text.slice(0, 40)}"`);
      }
    }
    return out;
  });
}

test.describe('Textabstände (WCAG 1.4.12)', () => {
  for (const { name, viewport } of [
    { name: '320 px', viewport: { width: 320, height: 640 } },
    { name: '1280 px', viewport: { width: 1280, height: 900 } },
  ]) {
    test(`schneiden auf den wichtigsten Seiten keinen Text ab (${name})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const found: string[] = [];
      const check = async (path: string) => {
        await settle(page, path);
        await page.addStyleTag({ content: TEXT_SPACING });
        for (const line of await clippedText(page)) found.push(`${path}: ${line}`);
      };
      for (const path of ['/', '/login', '/register', '/contact', '/barrierefreiheit']) await check(path);
      await loginByApi(page.request, student);
      for (const path of STUDENT) await check(path);
      await loginByApi(page.request, teacher);
      for (const path of TEACHER()) await check(path);
      expect(found).toEqual([]);
    });
  }
});

test.describe('Bewegung reduzieren', () => {
  test.use({ reducedMotion: 'reduce' });

  test('prefers-reduced-motion schaltet Übergänge und Animationen ab', async ({ page }) => {
    await loginByApi(page.request, teacher);
    for (const path of ['/', `/scheduling/planen?klasse=${classId}`]) {
      await settle(page, path);
      const moving = await page.evaluate(() => {
        const seconds = (v: string) => Math.max(...v.split(',').map((x) => (x.trim().endsWith('ms') ? parseFloat(x) / 1000 : parseFloat(x))));
        return Array.from(document.querySelectorAll<HTMLElement>('body, body *'))
          .filter((el) => {
            const s = getComputedStyle(el);
            return seconds(s.transitionDuration) > 0.001 || (s.animationName !== 'none' && seconds(s.animationDuration) > 0.001);
          })
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
      });
      expect(moving, path).toEqual([]);
    }
  });

  test('prefers-reduced-motion: nichts bewegt sich, auch kein sanftes Scrollen', async ({ page }) => {
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
});

test.describe('Fokus', () => {
  test('ist sichtbar (Umriss bei Tastaturbedienung)', async ({ page }) => {
    await settle(page, '/login');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        return { what: `${el.tagName} ${el.textContent?.trim().slice(0, 30)}`, style: s.outlineStyle, width: parseFloat(s.outlineWidth), shadow: s.boxShadow };
      });
      expect(outline, `Tab ${i + 1}`).not.toBeNull();
      expect(outline!.style !== 'none' && outline!.width >= 2 ? true : outline!.shadow !== 'none', `${outline!.what}: ${JSON.stringify(outline)}`).toBe(true);
    }
  });

  test('kehrt nach dem Schließen eines Dialogs zu seinem Öffner zurück', async ({ page }) => {
    await loginByApi(page.request, teacher);
    await settle(page, `/scheduling/planen?klasse=${classId}`);
    for (const how of ['Escape', 'close'] as const) {
      const opener = page.getByRole('button', { name: 'Stundenplan laden' });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Stundenplan laden' });
      await expect(dialog).toBeVisible();
      if (how === 'Escape') await page.keyboard.press('Escape');
      else
        await dialog
          .getByRole('button', { name: /Schließen|Abbrechen/ })
          .first()
          .click();
      await expect(dialog).toHaveCount(0);
      await expect(opener, how).toBeFocused();
    }
    // A student's confirmation dialog too.
    await loginByApi(page.request, student);
    await settle(page, '/student/classes');
    const leave = page.getByRole('button', { name: 'Aus Kurs entfernen' }).first();
    await leave.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Kurs verlassen?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(leave).toBeFocused();
  });

  test('geht nach dem Entfernen einer Stunde nicht verloren', async ({ page }) => {
    await loginByApi(page.request, teacher);
    await settle(page, `/scheduling/planen?klasse=${classId}`);
    const tile = page.getByRole('button', { name: /^Lena Vogel, Montag 09:00–09:45 Uhr/ });
    await tile.focus();
    await page.keyboard.press('Delete');
    await expect(tile).toHaveCount(0);
    const focused = await page.evaluate(() => document.activeElement && document.activeElement !== document.body);
    expect(focused).toBe(true);
  });
});
