import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { SHOTS_DIR, shot, uniqueEmail, studentNamed, type Person } from '../helpers/accounts.js';
import { loginByApi } from '../helpers/api.js';
import {
  createClassWithTimes,
  joinAndEnterTimes,
  lesson,
  lessonPosition,
  memberIdsByName,
  saveScheduleViaApi,
  signUpViaApi,
  slotOf,
  weekGrid,
  type TimeWindows,
} from '../helpers/planner.js';

/*
 * Audit issue 23, the planner items, each at the width where it was seen:
 *  - names: phone tiles never break a name inside a word; a panel tagged 'keine Zeiten' keeps its name
 *    readable; step 3 on a tablet shows whole day names;
 *  - keyboard: cancelling the override dialog after a keyboard drop says 'nicht abgelegt'; Entf on a
 *    lesson moves the focus to the next lesson (or the grid), not to the page body;
 *  - phone: an unplaced student is placed by tapping the student, then a free cell.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1440, height: 900 };
const MONDAY = 0;
const TUESDAY = 1;
const CLASS_NAME = 'Klavier Audit';

const teacher: Person = { name: 'Luise Adolpha', email: uniqueEmail('luise.adolpha'), password: 'Nocturne1850', role: 'teacher' };
interface Pupil extends Person {
  times: TimeWindows | null;
}
const pupil = (name: string, duration: number, times: TimeWindows | null): Pupil => ({ ...studentNamed(name, duration), times });
const maximilian = pupil('Maximilian Wagner', 30, { [MONDAY]: [['9:00', '12:00']] });
const konstantin = pupil('Konstantin Hoffmann', 45, { [MONDAY]: [['9:00', '12:00']], [TUESDAY]: [['14:00', '17:00']] });
const ben = pupil('Ben Krüger', 30, { [MONDAY]: [['9:00', '12:00']] });
// Joined, but no times entered yet: the panel shows 'keine Zeiten'.
const emilia = pupil('Emilia Schwarz', 30, null);
const pupils = [maximilian, konstantin, ben, emilia];

let classId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const teacherApi = await signUpViaApi(playwright.request, baseURL!, teacher);
  const created = await createClassWithTimes(teacherApi, CLASS_NAME, { [MONDAY]: [['9:00', '12:00']], [TUESDAY]: [['14:00', '17:00']] });
  classId = created.classId;
  for (const p of pupils) {
    const api = await signUpViaApi(playwright.request, baseURL!, p);
    if (p.times) await joinAndEnterTimes(api, p, created.registerShortcut, p.times);
    else {
      const joined = await api.post('/api/students/join-class', { data: { register_shortcut: created.registerShortcut, duration: p.duration } });
      expect(joined.ok(), `join ${p.email}: ${await joined.text()}`).toBeTruthy();
    }
    await api.dispose();
  }
  // A saved plan (the planner loads the latest one): Maximilian Mo 9:00-9:30, Konstantin Mo 9:30-10:15.
  const ids = await memberIdsByName(teacherApi, classId);
  const m = ids.get(maximilian.name)!;
  const k = ids.get(konstantin.name)!;
  await saveScheduleViaApi(teacherApi, classId, 'Plan Audit', {
    [MONDAY]: [
      ['9.00', m],
      ['9.15', m],
      ['9.30', k],
      ['9.45', k],
      ['10.00', k],
    ],
  });
  await teacherApi.dispose();
});

/** A picture of one part of the page (the full-page shots shrink too much to judge a tile). */
async function partShot(page: Page, selector: string, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page
    .locator(selector)
    .first()
    .screenshot({ path: `${SHOTS_DIR}/${name}.png`, animations: 'disabled' });
}

async function openPlanner(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
  touch = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, hasTouch: touch, isMobile: touch, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await loginByApi(page.request, teacher);
  await page.goto(`/scheduling/planen?klasse=${classId}`);
  await expect(page.locator('.week-grid .lesson')).toHaveCount(2, { timeout: 20_000 });
  return { context, page };
}

test('Bildschirmfotos des Planers bei 390, 820 und 1440 px', async ({ browser, baseURL }) => {
  for (const [name, viewport, touch] of [
    ['390', PHONE, true],
    ['820', TABLET, true],
    ['1440', DESKTOP, false],
  ] as const) {
    const { context, page } = await openPlanner(browser, baseURL, viewport, touch);
    try {
      await shot(page, `audit-planner-${name}`);
      await partShot(page, '.student-list', `audit-planner-students-${name}`);
      await page.locator('.week-grid .lesson').first().scrollIntoViewIfNeeded();
      await page.locator('.week-grid-scroll').evaluate((el) => el.scrollTo(0, 0));
      await partShot(page, '.week-grid-wrap', `audit-planner-grid-${name}`);
      await page.goto(`/scheduling/zeitraum?klasse=${classId}`);
      await expect(page.getByRole('heading', { name: 'Vorschau' })).toBeVisible();
      await shot(page, `audit-planner-step3-${name}`);
      await partShot(page, '.wg-table thead', `audit-planner-step3-days-${name}`);
    } finally {
      await context.close();
    }
  }
});

/** Words of the element's text that the layout breaks over two lines (each word measured with a Range). */
async function wordsBrokenInside(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) => {
    const broken: string[] = [];
    for (const node of nodes) {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const value = text.textContent ?? '';
        for (const m of value.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, m.index);
          range.setEnd(text, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

test('Handy (390 px): Namen auf den Kacheln brechen nie mitten im Wort um', async ({ browser, baseURL }) => {
  const { context, page } = await openPlanner(browser, baseURL, PHONE, true);
  try {
    await expect(lesson(page, maximilian.name)).toBeVisible();
    await lesson(page, maximilian.name).scrollIntoViewIfNeeded();
    expect(await wordsBrokenInside(page, '.week-grid .lesson__name')).toEqual([]);
    // A word too long for the tile is cut with an ellipsis, never wrapped: each word stays on one line.
    const styles = await page.locator('.week-grid .lesson__name').evaluateAll((nodes) =>
      nodes.map((n) => {
        const s = getComputedStyle(n);
        return { wordBreak: s.wordBreak, overflowWrap: s.overflowWrap };
      }),
    );
    for (const s of styles) expect(s).toEqual({ wordBreak: 'normal', overflowWrap: 'normal' });
    await shot(page, 'audit-planner-tiles-390');
  } finally {
    await context.close();
  }
});

for (const [label, viewport] of [
  ['Handy (390 px)', PHONE],
  ['Tablet (820 px)', TABLET],
] as const) {
  test(`${label}: ein Panel mit „keine Zeiten“ zeigt den Namen ganz`, async ({ browser, baseURL }) => {
    const { context, page } = await openPlanner(browser, baseURL, viewport, true);
    try {
      const main = page.locator('.student-panel__main').filter({ has: page.getByTestId('planner-no-times') });
      await expect(main).toHaveCount(1);
      const name = main.locator('.student-panel__name');
      await expect(name).toHaveText('Emilia S.');
      const size = await name.evaluate((n) => ({ client: n.clientWidth, scroll: n.scrollWidth }));
      expect(size.client, 'the name has room').toBeGreaterThan(0);
      expect(size.scroll, 'the name is not cut').toBeLessThanOrEqual(size.client);
      await expect(main.getByTestId('planner-no-times')).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('Tablet (820 px), Schritt 3: die Tagesköpfe der Vorschau sind nicht abgeschnitten', async ({ browser, baseURL }) => {
  const { context, page } = await openPlanner(browser, baseURL, TABLET, true);
  try {
    await page.goto(`/scheduling/zeitraum?klasse=${classId}`);
    const heads = page.getByRole('grid', { name: 'Vorschau des Zeitraums für Studierende' }).getByRole('columnheader');
    await expect(heads).toHaveCount(8);
    const cut = await heads.evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent));
    expect(cut).toEqual([]);
    // Every day is still named in full for screen readers and on hover.
    await expect(heads.nth(1)).toContainText(/Mo/);
    await shot(page, 'audit-planner-step3-820-after');
  } finally {
    await context.close();
  }
});

test('Handy (390 px): Tippen auf eine*n nicht eingeplante*n Studierende*n, dann auf ein freies Feld, plant ein', async ({ browser, baseURL }) => {
  const { context, page } = await openPlanner(browser, baseURL, PHONE, true);
  try {
    const panel = page.locator('.student-panel__main').filter({ hasText: 'Ben K.' });
    await panel.scrollIntoViewIfNeeded();
    await panel.tap();
    const bar = page.getByRole('region', { name: 'Ausgewählte Stunde' });
    await expect(bar).toContainText(ben.name);
    await expect(bar).toContainText('Tippe auf ein freies Feld, um die Stunde dort einzutragen.');
    await page.screenshot({ path: `${SHOTS_DIR}/audit-planner-tap-student-390.png`, animations: 'disabled' });
    const target = weekGrid(page).locator(`[data-cell="${MONDAY}:${slotOf('10:30')}"]`);
    await target.scrollIntoViewIfNeeded();
    await target.tap();
    await expect(lesson(page, ben.name)).toBeVisible();
    expect(await lessonPosition(page, ben.name)).toMatchObject({ day: MONDAY, start: slotOf('10:30'), end: slotOf('11:00') });
    // Placed: the selection ends, the others stay where they were.
    await expect(bar).toHaveCount(0);
    expect(await lessonPosition(page, maximilian.name)).toMatchObject({ day: MONDAY, start: slotOf('9:00') });
    await shot(page, 'audit-planner-tap-placed-390');
  } finally {
    await context.close();
  }
});
