import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { main, mainNav, shot, type Person } from '../helpers/accounts.js';
import { loginByApi, registerConfirmed } from '../helpers/api.js';
import { axeViolations } from '../helpers/axe.js';

/*
 * docs/product/school.md "Die Seite Schulverwaltung": the operator's command makes a teacher the school's
 * administrator, who describes a site and a room at desktop width; a colleague of the same institution reads them
 * on a phone, without a control to change them. axe finds nothing on either view.
 */

const COMMAND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/school-admin.js');

interface Institution {
  id: string;
  name: string;
  teachers_mail: string | null;
}

/** `npm run school-admin -- …` against the browser tests' embedded stack: its port offset and data folder. */
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

test('the administrator creates a site and a room; a colleague reads them on a phone', async ({ browser, request }) => {
  const institutions = (await (await request.get('/api/institutions')).json()) as Institution[];
  const institution = institutions.find((i) => i.teachers_mail)!;
  const teacherOf = (name: string): Person => ({
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 6)}@${institution.teachers_mail}`,
    password: 'Sicher123!',
    role: 'teacher',
  });
  const office = teacherOf('Olga Office');
  const colleague = teacherOf('Sabine Keller');
  await registerConfirmed(request, office, institution.id);
  await registerConfirmed(request, colleague, institution.id);

  const made = await schoolAdmin(['--institution', institution.id, '--email', office.email]);
  expect(made.stderr).toBe('');
  expect(made.code).toBe(0);
  expect(made.stdout).toContain(`Olga Office (${office.email}) gehört jetzt zur Schulverwaltung von „${institution.name}“`);

  // Desktop: the administrator.
  const desk = await loggedInPage(browser, office, { width: 1280, height: 900 });
  await desk.goto('/scheduling');
  await mainNav(desk).getByRole('link', { name: 'Schulverwaltung' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Schulverwaltung' })).toBeVisible();
  await expect(main(desk).getByText(`Du gehörst zur Schulverwaltung von „${institution.name}“`)).toBeVisible();

  const siteForm = desk.getByRole('form', { name: 'Neuer Standort' });
  await siteForm.getByLabel(/^Name des Standorts/).fill('Hauptstelle');
  await siteForm.getByLabel('Adresse').fill('Arcisstraße 12, München');
  await siteForm.getByRole('button', { name: 'Standort anlegen' }).click();
  const sites = desk.getByRole('list', { name: 'Standorte' });
  await expect(sites.getByText('Hauptstelle')).toBeVisible();
  // The same name again: the API's German refusal in the form.
  await siteForm.getByLabel(/^Name des Standorts/).fill('Hauptstelle');
  await siteForm.getByRole('button', { name: 'Standort anlegen' }).click();
  await expect(siteForm.getByRole('alert')).toHaveText('Einen Standort „Hauptstelle“ gibt es schon.');

  const roomForm = desk.getByRole('form', { name: 'Neuer Raum' });
  await roomForm.getByLabel(/^Name des Raums/).fill('Raum 1.01');
  await roomForm.getByLabel(/^Standort/).selectOption({ label: 'Hauptstelle' });
  await roomForm.getByRole('checkbox', { name: 'Flügel', exact: true }).check();
  await roomForm.getByLabel(/^Kapazität/).fill('2');
  await roomForm.getByLabel('Öffnungszeiten').fill('Mo-Fr ab 14');
  await roomForm.getByRole('button', { name: 'Raum anlegen' }).click();
  const rooms = desk.getByRole('list', { name: 'Räume' });
  await expect(rooms.getByText('Raum 1.01')).toBeVisible();
  await expect(rooms.getByText('2 Personen · Mo 14-24; Di 14-24; Mi 14-24; Do 14-24; Fr 14-24')).toBeVisible();

  // A second site: the travel minutes between the two.
  await siteForm.getByLabel(/^Name des Standorts/).fill('Grundschule Nord');
  await siteForm.getByRole('button', { name: 'Standort anlegen' }).click();
  await expect(sites.getByText('Grundschule Nord')).toBeVisible();
  await desk.getByRole('spinbutton', { name: 'Minuten von Grundschule Nord nach Hauptstelle' }).fill('25');
  await desk.getByRole('button', { name: 'Fahrzeiten speichern' }).click();
  await expect(desk.getByText('Fahrzeiten gespeichert')).toBeVisible();

  // A site with a room is not deleted: the German 409.
  await sites.getByRole('button', { name: 'Löschen: Hauptstelle' }).click();
  await desk.getByRole('dialog', { name: 'Standort löschen?' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(main(desk).getByText('Der Standort „Hauptstelle“ hat noch einen Raum.', { exact: false })).toBeVisible();
  await expect(sites.getByText('Hauptstelle')).toBeVisible();

  expect(await axeViolations(desk)).toEqual([]);
  await shot(desk, 'school-admin-1280');
  // The administrator's forms fit a phone too.
  await desk.setViewportSize({ width: 375, height: 740 });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(desk, 'school-admin-375');

  // Phone: the colleague reads.
  const phone = await loggedInPage(browser, colleague, { width: 375, height: 740 });
  await phone.goto('/scheduling');
  await mainNav(phone).getByRole('button', { name: 'Menü öffnen' }).click();
  await mainNav(phone).getByRole('link', { name: 'Schulverwaltung' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Schulverwaltung' })).toBeVisible();
  await expect(main(phone).getByText(`Du unterrichtest an „${institution.name}“`)).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Standorte' }).getByText('Arcisstraße 12, München')).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Räume' }).getByText('Raum 1.01')).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Räume' }).getByText('Flügel, Flügel oder Klavier')).toBeVisible();
  await expect(phone.getByRole('table', { name: 'Fahrzeiten' }).getByRole('cell', { name: '25' })).toBeVisible();
  await expect(main(phone).getByRole('button')).toHaveCount(0);
  await expect(main(phone).getByRole('textbox')).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeViolations(phone)).toEqual([]);
  await shot(phone, 'school-teacher-375');
});
