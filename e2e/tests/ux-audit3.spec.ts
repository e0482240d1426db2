import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { atPath, loginOnLoginPage, shot, uniqueEmail, type Person } from '../helpers/accounts.js';
import { mailsTo } from '../helpers/mail.js';
import { createClassWithTimes, joinAndEnterTimes, signUpViaApi } from '../helpers/planner.js';

/*
 * Third audit, planner part (issue 37, item 17), each at the width where it was seen:
 *   - the planner opens at the teacher's first time (13:00 here), not at 08:00;
 *   - the 'Stundenplan laden' tooltip is read in full at 390 / 768 / 1440 px;
 *   - 'Was hilft?' says that a member added by hand has not registered yet and offers 'Einladung senden'.
 * The teacher teaches Tuesday 13:00-17:00; Greta (registered) Tuesday 13:00-14:00; Hanno is added by hand with
 * an address and no times, so the calculation skips him with a student_time fix.
 */

const TUESDAY = 1;
const CLASS_NAME = 'Klavier Nachmittag';
const teacher: Person = { name: 'Louise Farrenc', email: uniqueEmail('louise.farrenc'), password: 'Nonett1849', role: 'teacher' };
const greta: Person = { name: 'Greta Sommer', email: uniqueEmail('greta.sommer'), password: 'Tonleiter77', role: 'student', duration: 45 };
const HANNO = { name: 'Hanno Wirth', email: uniqueEmail('hanno.wirth') };
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];

let teacherApi: APIRequestContext;
let classId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  testInfo.setTimeout(120_000);
  teacherApi = await signUpViaApi(playwright.request, baseURL!, teacher);
  const created = await createClassWithTimes(teacherApi, CLASS_NAME, { [TUESDAY]: [['13:00', '17:00']] });
  classId = created.classId;
  const gretaApi = await signUpViaApi(playwright.request, baseURL!, greta);
  await joinAndEnterTimes(gretaApi, greta, created.registerShortcut, { [TUESDAY]: [['13:00', '14:00']] });
  await gretaApi.dispose();
  const added = await teacherApi.post(`/api/classes/${classId}/members/new`, {
    data: { students: [{ name: HANNO.name, email: HANNO.email, duration: 30, frequency: 'weekly' }] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
});

test.afterAll(async () => {
  await teacherApi?.dispose();
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Seitenleiste' });

async function openPlanner(page: Page) {
  await loginOnLoginPage(page, teacher.email, teacher.password);
  await expect(page).toHaveURL(atPath('/scheduling'));
  await page.getByRole('button', { name: new RegExp(`^${CLASS_NAME}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/scheduling/planen\\?klasse=${classId}$`));
  await expect(sidebar(page).getByRole('region', { name: 'Studierende' })).toContainText('von 2 eingeplant');
}

/** The open tooltip lies inside the window and nothing covers or clips any of its corners. */
async function expectTooltipReadable(page: Page, name: string) {
  const tip = page.getByRole('tooltip', { name });
  await expect(tip).toBeVisible();
  const seen = await tip.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const view = { width: document.documentElement.clientWidth, height: window.innerHeight };
    // pointer-events: none keeps a tooltip out of hit testing; for the check it takes part.
    (el as HTMLElement).style.pointerEvents = 'auto';
    const corners = [
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [r.left + 2, r.bottom - 2],
      [r.right - 2, r.bottom - 2],
    ];
    const visible = corners.every(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit !== null && (hit === el || el.contains(hit));
    });
    (el as HTMLElement).style.pointerEvents = '';
    return { inside: r.left >= 0 && r.top >= 0 && r.right <= view.width && r.bottom <= view.height, visible };
  });
  expect(seen).toEqual({ inside: true, visible: true });
}

test.describe('planner: the start of the visible range', () => {
  test.use({ viewport: WIDTHS[2] });

  test('opens at the full hour of the teacher’s first time (13:00), not at 08:00', async ({ page }) => {
    await openPlanner(page);
    await expect(sidebar(page).getByLabel('Von', { exact: true })).toHaveValue('52');
    await expect(page.getByRole('grid', { name: 'Wochenplan' }).getByText('13:00', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Wochenplan' }).getByText('08:00', { exact: true })).toHaveCount(0);
  });
});

for (const viewport of WIDTHS) {
  test.describe(`planner at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the 'Stundenplan laden' tooltip is read in full", async ({ page }) => {
      await openPlanner(page);
      const load = sidebar(page).getByRole('button', { name: 'Stundenplan laden' });
      await load.scrollIntoViewIfNeeded();
      if (viewport.width < 1024) await load.focus();
      else await load.hover();
      await expectTooltipReadable(page, 'Stundenplan laden');
      await shot(page, `ux-audit3-load-tooltip-${viewport.width}`);
    });
  });
}

test.describe("'Was hilft?' for a member who has not registered", () => {
  test.use({ viewport: WIDTHS[1] });

  test("says so plainly and sends the invitation with 'Einladung senden'", async ({ page, request }) => {
    await openPlanner(page);
    await sidebar(page).getByRole('button', { name: 'Stundenplan berechnen' }).click();
    await expect(page.locator('.toaster').getByText('Neuer Stundenplan erfolgreich berechnet!', { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: `Was hilft, damit ${HANNO.name} einen Platz bekommt?` }).click();
    const dialog = page.getByRole('dialog', { name: `Was hilft bei ${HANNO.name}?` });
    await expect(dialog).toContainText(`${HANNO.name} hat sich noch nicht registriert.`);
    await expect(dialog).not.toContainText('verifizierte E-Mail-Adresse');
    await shot(page, 'ux-audit3-fixes-invite-768');
    const before = (await mailsTo(request, HANNO.email)).length;
    await dialog.getByRole('button', { name: `Einladung senden an ${HANNO.name} (${HANNO.email})` }).click();
    await expect(dialog.getByText(`Einladung an ${HANNO.email} gesendet.`, { exact: true })).toBeVisible();
    await expect.poll(async () => (await mailsTo(request, HANNO.email)).length).toBe(before + 1);
  });
});
