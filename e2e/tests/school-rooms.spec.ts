import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { main, mainNav, shot, type Person } from '../helpers/accounts.js';
import { loginByApi, registerConfirmed } from '../helpers/api.js';
import { axeViolations } from '../helpers/axe.js';
import { apiJson, createClassViaApi, memberRow, membersPanel, openClass, toast } from '../helpers/classes.js';

/*
 * docs/product/school-screens.md: the office describes a site and a room and adds a colleague to the
 * administration (desktop); a teacher of the school sets where her class teaches, what it needs and a pupil's family
 * (phone). A sent plan with a room (schedule.sent.v1, published on the embedded stack's bus through the hook of
 * global-setup.ts: plans carry no rooms yet) shows on the 'Raumbelegung' page of both; another day is empty.
 * axe finds nothing on any of these screens.
 */

const COMMAND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/school-admin.js');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

interface Institution {
  id: string;
  name: string;
  teachers_mail: string | null;
}

function schoolAdmin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    SP_PORT_OFFSET: process.env.E2E_PORT_OFFSET ?? '10000',
    SP_DATA_DIR: process.env.E2E_STACK_DATA_DIR ?? '',
    SCHOOL_SERVICE_ADDR: '',
    SERVICE_TOKEN_KEY: '',
  };
  return new Promise((resolve) =>
    execFile(process.execPath, [COMMAND, ...args], { env }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

async function loggedInPage(browser: Browser, who: Person, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginByApi(page.request, who);
  return page;
}

/** Publishes a sent plan on the stack's bus (e2e/global-setup.ts). */
async function sendPlan(page: Page, payload: unknown): Promise<void> {
  const hook = process.env.E2E_SENT_PLAN_HOOK;
  expect(hook, 'the sent-plan hook of global-setup.ts').toBeTruthy();
  const res = await page.request.post(hook!, { data: payload });
  expect(res.status(), await res.text()).toBe(204);
}

async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a class teaches at the school, and the Raumbelegung shows its booked room', async ({ browser, request }) => {
  const institutions = (await (await request.get('/api/institutions')).json()) as Institution[];
  // Not the institution of school.spec.ts (the first): the two specs share the stack, and each counts its school's rooms.
  const withTeachers = institutions.filter((i) => i.teachers_mail);
  expect(withTeachers.length).toBeGreaterThan(1);
  const institution = withTeachers.at(-1)!;
  const teacherOf = (name: string): Person => ({
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 6)}@${institution.teachers_mail}`,
    password: 'Sicher123!',
    role: 'teacher',
  });
  const office = teacherOf('Olga Office');
  const teacher = teacherOf('Sabine Keller');
  const helper = teacherOf('Hanna Hilfe');
  for (const who of [office, teacher, helper]) await registerConfirmed(request, who, institution.id);
  const made = await schoolAdmin(['--institution', institution.id, '--email', office.email]);
  expect(made.code, made.stderr).toBe(0);

  // Desktop: the office describes a site and a room and adds a colleague to the administration.
  const desk = await loggedInPage(browser, office, DESKTOP);
  await desk.goto('/school');
  await expect(desk.getByRole('heading', { level: 1, name: 'Schulverwaltung' })).toBeVisible();
  const siteForm = desk.getByRole('form', { name: 'Neuer Standort' });
  await siteForm.getByLabel(/^Name des Standorts/).fill('Hauptstelle');
  await siteForm.getByRole('button', { name: 'Standort anlegen' }).click();
  await expect(desk.getByRole('list', { name: 'Standorte' }).getByText('Hauptstelle')).toBeVisible();
  const roomForm = desk.getByRole('form', { name: 'Neuer Raum' });
  await roomForm.getByLabel(/^Name des Raums/).fill('Flügelraum 1.01');
  await roomForm.getByLabel(/^Standort/).selectOption({ label: 'Hauptstelle' });
  await roomForm.getByRole('checkbox', { name: 'Flügel', exact: true }).check();
  await roomForm.getByRole('button', { name: 'Raum anlegen' }).click();
  await expect(desk.getByRole('list', { name: 'Räume' }).getByText('Flügelraum 1.01')).toBeVisible();
  await roomForm.getByLabel(/^Name des Raums/).fill('Raum 1.02');
  await roomForm.getByLabel(/^Standort/).selectOption({ label: 'Hauptstelle' });
  await roomForm.getByRole('button', { name: 'Raum anlegen' }).click();
  await expect(desk.getByRole('list', { name: 'Räume' }).getByText('Raum 1.02')).toBeVisible();

  const admins = desk.getByRole('list', { name: 'Mitglieder der Schulverwaltung' });
  await expect(admins.getByText('Olga Office')).toBeVisible();
  const adminForm = desk.getByRole('form', { name: 'Neues Mitglied der Schulverwaltung' });
  await adminForm.getByRole('button', { name: 'Zur Schulverwaltung hinzufügen' }).click();
  await expect(adminForm.getByRole('alert')).toHaveText('Bitte gib die E-Mail-Adresse eines Lehrkraftkontos ein.');
  await adminForm.getByLabel('E-Mail-Adresse einer Lehrkraft').fill(helper.email);
  await adminForm.getByRole('button', { name: 'Zur Schulverwaltung hinzufügen' }).click();
  await expect(toast(desk, 'Zur Schulverwaltung hinzugefügt')).toBeVisible();
  await expect(admins.getByText('Hanna Hilfe')).toBeVisible();
  expect(await axeViolations(desk)).toEqual([]);

  // Phone: the teacher's class teaches at the school's main site and needs a grand piano; a pupil gets a family.
  const phone = await loggedInPage(browser, teacher, PHONE);
  const { classId } = await createClassViaApi(phone, { name: 'Klavier Vogel', description: null }, [
    { name: 'Lena Vogel', email: null, duration: 45 },
    { name: 'Paul Vogel', email: null, duration: 30 },
  ]);
  await openClass(phone, classId, 'Klavier Vogel');
  const settings = phone.getByTestId(`school-${classId}`);
  await settings.getByText('Schule und Räume', { exact: true }).click();
  await settings.getByLabel('Schule', { exact: true }).selectOption({ label: institution.name });
  await settings.getByRole('checkbox', { name: 'Hauptstelle' }).check();
  await settings.getByRole('checkbox', { name: 'Flügel', exact: true }).check();
  await settings.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(phone, 'Schule der Klasse gespeichert')).toBeVisible();
  await expect(settings.getByText(`${institution.name} · 1 Standort · 1 Merkmal`)).toBeVisible();
  expect(await apiJson(phone.request, 'GET', `/api/classes/${classId}/school`)).toMatchObject({ needs: ['grand_piano'] });

  const panel = membersPanel(phone, 'Klavier Vogel');
  await memberRow(panel, 'Lena Vogel').getByRole('button', { name: 'Schule und Räume von Lena Vogel' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Schule und Räume: Lena Vogel' });
  await dialog.getByLabel('Familie').fill('Familie Vogel');
  expect(await axeViolations(phone)).toEqual([]);
  await shot(phone, 'school-rooms-member-375');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(memberRow(panel, 'Lena Vogel').getByText('Familie Vogel')).toBeVisible();
  await fitsWidth(phone, PHONE.width);
  expect(await axeViolations(phone)).toEqual([]);
  await shot(phone, 'school-rooms-class-375');

  // The plan is sent with Lena's lesson in the grand piano room (Monday 9.00-9.45) and Paul's every other week.
  const me = await apiJson<{ user_id: string }>(phone.request, 'GET', '/api/me');
  const members = (await apiJson<{ members: { member_id: string; name: string }[] }>(phone.request, 'GET', `/api/classes/${classId}/members`)).members;
  const id = (name: string) => members.find((m) => m.name === name)!.member_id;
  const rooms = (await apiJson<{ rooms: { id: string; name: string; site_id: string }[] }>(phone.request, 'GET', `/api/schools/${institution.id}/rooms`)).rooms;
  const room = rooms.find((r) => r.name === 'Flügelraum 1.01')!;
  const inRoom = { id: room.id, name: room.name, site_id: room.site_id, site_name: 'Hauptstelle' };
  await sendPlan(phone, {
    sending_id: randomUUID(),
    class_id: classId,
    teacher_id: me.user_id,
    schedule_id: randomUUID(),
    lessons: {
      [id('Lena Vogel')]: [{ day: 0, start: 36, end: 39, week: null, room: inRoom }],
      [id('Paul Vogel')]: [{ day: 0, start: 40, end: 42, week: 'A', room: inRoom }],
    },
    from: '2026-09-01',
    until: '2099-07-31',
    informed_member_ids: null,
    sent_at: new Date().toISOString(),
  });

  // The teacher on her phone: the navigation's 'Raumbelegung', Monday, her own pupils by name.
  await mainNav(phone).getByRole('button', { name: 'Menü öffnen' }).click();
  await mainNav(phone).getByRole('link', { name: 'Raumbelegung' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Raumbelegung' })).toBeVisible();
  await main(phone).getByRole('group', { name: 'Tag' }).getByRole('button', { name: 'Montag' }).click();
  const phoneGrid = main(phone).getByRole('region', { name: 'Belegung am Montag, Hauptstelle' });
  const phoneRoom = phoneGrid.getByRole('list', { name: 'Flügelraum 1.01' });
  await expect(phoneRoom.getByRole('listitem')).toHaveText([
    '9.00–9.45 belegt · Sabine Keller Lena Vogel',
    '10.00–10.30 Woche A belegt · Sabine Keller Paul Vogel',
  ]);
  await expect(phoneGrid.getByRole('list', { name: 'Raum 1.02' })).toHaveText('frei');
  await fitsWidth(phone, PHONE.width);
  expect(await axeViolations(phone)).toEqual([]);
  await shot(phone, 'school-rooms-bookings-375');
  await main(phone).getByRole('group', { name: 'Tag' }).getByRole('button', { name: 'Dienstag' }).click();
  await expect(main(phone).getByText('Dienstag: Am Standort „Hauptstelle“ ist kein Raum belegt.')).toBeVisible();
  expect(await axeViolations(phone)).toEqual([]);
  await shot(phone, 'school-rooms-empty-375');

  // The office at its desk: from the school page; Monday's grid with both bookings.
  await desk.getByRole('link', { name: 'Raumbelegung ansehen' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Raumbelegung' })).toBeVisible();
  await main(desk).getByRole('group', { name: 'Tag' }).getByRole('button', { name: 'Montag' }).click();
  const deskRoom = main(desk).getByRole('region', { name: 'Belegung am Montag, Hauptstelle' }).getByRole('list', { name: 'Flügelraum 1.01' });
  await expect(deskRoom.getByRole('listitem')).toHaveCount(2);
  await expect(deskRoom.getByText('Lena Vogel')).toBeVisible();
  await expect(deskRoom.getByText('Woche A')).toBeVisible();
  await fitsWidth(desk, DESKTOP.width);
  expect(await axeViolations(desk)).toEqual([]);
  await shot(desk, 'school-rooms-bookings-1280');
  await desk.setViewportSize(PHONE);
  await fitsWidth(desk, PHONE.width);
  await desk.goto('/school');
  await expect(desk.getByRole('list', { name: 'Mitglieder der Schulverwaltung' })).toBeVisible();
  await fitsWidth(desk, PHONE.width);
  await shot(desk, 'school-rooms-admins-375');

  // The teacher's class at desktop width: the settings as saved, the pupil's family in the member table.
  await phone.setViewportSize(DESKTOP);
  await openClass(phone, classId, 'Klavier Vogel');
  await phone.getByTestId(`school-${classId}`).getByText('Schule und Räume', { exact: true }).click();
  await expect(phone.getByTestId(`school-${classId}`).getByRole('checkbox', { name: 'Hauptstelle' })).toBeChecked();
  await expect(memberRow(membersPanel(phone, 'Klavier Vogel'), 'Lena Vogel').getByText('Familie Vogel')).toBeVisible();
  await fitsWidth(phone, DESKTOP.width);
  expect(await axeViolations(phone)).toEqual([]);
  await shot(phone, 'school-rooms-class-1280');
  await plannerWithRooms({ desk, teacherPage: phone, classId, lena: id('Lena Vogel'), paul: id('Paul Vogel') });
});

/**
 * docs/product/school-screens.md "Rooms in the planner": a second grand-piano room gives a choice; the teacher
 * calculates Tuesday's lessons, sees the room on a tile, changes it and saves; the saved schedule has the new room.
 */
async function plannerWithRooms(o: { desk: Page; teacherPage: Page; classId: string; lena: string; paul: string }): Promise<void> {
  const { desk, teacherPage: page, classId } = o;
  const roomForm = desk.getByRole('form', { name: 'Neuer Raum' });
  await roomForm.getByLabel(/^Name des Raums/).fill('Flügelraum 2.01');
  await roomForm.getByLabel(/^Standort/).selectOption({ label: 'Hauptstelle' });
  await roomForm.getByRole('checkbox', { name: 'Flügel', exact: true }).check();
  await roomForm.getByRole('button', { name: 'Raum anlegen' }).click();
  await expect(desk.getByRole('list', { name: 'Räume' }).getByText('Flügelraum 2.01')).toBeVisible();

  const tuesday = (from: number, to: number) => ({
    '1': Array.from({ length: (to - from) * 4 }, (_, i) => `${from + Math.floor(i / 4)}.${String((i % 4) * 15).padStart(2, '0')}`),
  });
  const put = await page.request.put(`/api/classes/${classId}/available-times`, { data: { available_times: tuesday(9, 12) } });
  expect(put.ok(), await put.text()).toBeTruthy();
  expect((await page.request.post(`/api/classes/${classId}/time-range/exact`, { data: {} })).ok()).toBeTruthy();
  for (const member of [o.lena, o.paul]) {
    const res = await page.request.put(`/api/classes/${classId}/members/${member}/update`, { data: { available_times: tuesday(9, 12) } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  await page.setViewportSize(DESKTOP);
  await page.goto(`/scheduling/planen?klasse=${classId}`);
  await page.getByRole('button', { name: 'Stundenplan berechnen' }).click();
  await expect(toast(page, 'Neuer Stundenplan erfolgreich berechnet!')).toBeVisible({ timeout: 60_000 });
  const tile = page.getByRole('button', { name: /^Lena Vogel, Dienstag .+ Uhr, Flügelraum (1\.01|2\.01), Hauptstelle/ });
  await expect(tile).toBeVisible();
  const roomButton = tile.getByRole('button', { name: /^Raum ändern: Lena Vogel, jetzt Flügelraum/ });
  const before = (await tile.locator('.lesson__room').getAttribute('title'))!;
  const other = before.startsWith('Flügelraum 1.01') ? 'Flügelraum 2.01' : 'Flügelraum 1.01';
  await fitsWidth(page, DESKTOP.width);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'school-rooms-planner-1280');

  await tile.hover();
  await roomButton.click();
  const dialog = page.getByRole('dialog', { name: 'Raum für Lena Vogel' });
  await expect(dialog.getByRole('radio', { name: `${before} (aktuell)` })).toBeChecked();
  await dialog.getByRole('radio', { name: `${other}, Hauptstelle` }).check();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'school-rooms-planner-dialog-1280');
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Lena Vogel, Dienstag .+ Uhr, ${other.replace('.', '\\.')}, Hauptstelle`) })).toBeVisible();

  await page.setViewportSize(PHONE);
  await expect(tile).toBeVisible();
  await fitsWidth(page, PHONE.width);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'school-rooms-planner-375');

  await page.getByRole('button', { name: /^Stundenplan speichern/ }).click();
  const save = page.getByRole('dialog', { name: 'Stundenplan speichern' });
  await save.getByLabel(/^Name/).fill('Plan mit Räumen');
  await save.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Stundenplan erfolgreich gespeichert!')).toBeVisible();
  const list = await apiJson<{ schedules: { id: string; name: string }[] }>(page.request, 'GET', `/api/classes/${classId}/schedules`);
  const saved = list.schedules.find((s) => s.name === 'Plan mit Räumen')!;
  const detail = await apiJson<{ room_details: Record<string, { name: string }> }>(page.request, 'GET', `/api/schedules/${saved.id}`);
  expect(detail.room_details[o.lena]?.name).toBe(other);
}
