import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { uniqueEmail, type Person } from '../helpers/accounts.js';
import { createClassWithTimes, joinAndEnterTimes, signUpViaApi } from '../helpers/planner.js';
import { loginByApi } from '../helpers/times.js';

/*
 * 'Meine Daten herunterladen' on /profile (GET /api/me/export): the student downloads the JSON copy of their data,
 * which holds their own account, membership and times and nothing of their classmate; /datenschutz names the
 * retention periods.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const teacher: Person = { name: 'Fanny Hensel', email: uniqueEmail('fanny.hensel'), password: 'Gartenhaus1846', role: 'teacher' };
const student: Person = { name: 'Lili Boulanger', email: uniqueEmail('lili.boulanger'), password: 'Faust1913hell', role: 'student', duration: 45 };
const classmate: Person = { name: 'Rebecca Clarke', email: uniqueEmail('rebecca.clarke'), password: 'Viola1919son', role: 'student', duration: 30 };

test('Studentin lädt ihre Daten als JSON-Datei herunter, ohne Daten der Mitstudentin', async ({ page, playwright, baseURL }) => {
  const t = await signUpViaApi(playwright.request, baseURL!, teacher);
  const cls = await createClassWithTimes(t, 'Export Komposition', { 0: [['9:00', '13:00']] });
  const s = await signUpViaApi(playwright.request, baseURL!, student);
  await joinAndEnterTimes(s, student, cls.registerShortcut, { 0: [['9:00', '10:00']] });
  const c = await signUpViaApi(playwright.request, baseURL!, classmate);
  await joinAndEnterTimes(c, classmate, cls.registerShortcut, { 0: [['11:00', '12:30']] });

  await loginByApi(page.request, student);
  await page.goto('/profile');
  const button = page.getByRole('button', { name: 'Meine Daten herunterladen' });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  const copy = JSON.parse(text) as {
    account: { email: string; name: string };
    classes: { memberships: { class_name: string }[] };
    availability: { own_times: { available_times: Record<string, string[]> } };
  };
  expect(copy.account).toMatchObject({ email: student.email, name: student.name });
  expect(copy.classes.memberships.map((m) => m.class_name)).toEqual(['Export Komposition']);
  expect(copy.availability.own_times.available_times['0']).toEqual(['9.00', '9.15', '9.30', '9.45']);
  for (const other of [classmate.name, classmate.email, '"11.00"', teacher.email]) expect(text).not.toContain(other);
  await expect(page.getByText('Deine Daten wurden heruntergeladen.')).toBeVisible();

  await page.goto('/datenschutz');
  await expect(page.getByRole('heading', { name: 'Löschfristen' })).toBeVisible();
  await expect(page.getByText(/180 Tage nach dem letzten Tag des Semesters/)).toBeVisible();
  await expect(page.getByText(/Hast du dich 24 Monate lang nicht angemeldet/)).toBeVisible();
});
