import { expect, test } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import { SHOTS_DIR, uniqueEmail, type Person } from '../helpers/accounts.js';
import { createClassWithTimes, memberIdsByName, pdfPageAsPng, pdfText, signUpViaApi, weekGrid } from '../helpers/planner.js';

/*
 * Issue 25, the PDF names the semester: a class in Bavaria with a semester from 4 to 15 January 2027 and an exam week
 * 11 to 15 January, Anna on Wednesdays (every week) and Ben and Carla sharing Monday 9:00 in weeks A and B. The
 * teacher downloads the PDF in the planner: it says 'Semester: 04.01.2027 – 15.01.2027' and lists the days
 * without lessons with their reasons, and the half-width A/B blocks show their whole time.
 */

const teacher: Person = { name: 'Clara Wieck', email: uniqueEmail('clara.wieck'), password: 'Romanze1853', role: 'teacher' };

test('the downloaded PDF names the semester and the days without lessons', async ({ browser, baseURL, playwright }, testInfo) => {
  const api = await signUpViaApi(playwright.request, baseURL!, teacher);
  const { classId } = await createClassWithTimes(api, 'Klavier Semester', { 0: [['9:00', '12:00']], 2: [['9:00', '12:00']] });
  const added = await api.post(`/api/classes/${classId}/members/new`, {
    data: {
      students: [
        { name: 'Anna Alt', duration: 30 },
        { name: 'Ben Brahms', duration: 60, frequency: 'biweekly' },
        { name: 'Carla Clementi', duration: 60, frequency: 'biweekly' },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const ids = await memberIdsByName(api, classId);
  const [anna, ben, carla] = [ids.get('Anna Alt')!, ids.get('Ben Brahms')!, ids.get('Carla Clementi')!];
  const hour = ['9.00', '9.15', '9.30', '9.45'];
  const days: Record<string, unknown[]> = Object.fromEntries(Array.from({ length: 7 }, (_, d) => [String(d), []]));
  days['0'] = hour.flatMap((l) => [
    [l, ben, 'A'],
    [l, carla, 'B'],
  ]);
  days['2'] = [
    ['10.00', anna],
    ['10.15', anna],
  ];
  const saved = await api.post(`/api/classes/${classId}/schedules`, {
    data: { name: 'Plan Januar', description: null, class_id: classId, available_times: days },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const semester = await api.put(`/api/classes/${classId}/semester`, {
    data: { first_day: '2027-01-04', last_day: '2027-01-15', state: 'BY', breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }] },
  });
  expect(semester.ok(), await semester.text()).toBeTruthy();
  const login = await api.storageState();
  await api.dispose();

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    storageState: login,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  const page = await context.newPage();
  await page.goto(`/scheduling/planen?klasse=${classId}`);
  await expect(weekGrid(page).getByRole('button', { name: /Anna Alt, Mittwoch 10:00–10:30 Uhr/ })).toBeVisible({ timeout: 20_000 });

  const exported = page.waitForRequest((r) => r.url().includes('/api/export-pdf-alternative'));
  const downloadPromise = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'PDF herunterladen' }).click();
  expect((await exported).postDataJSON().semester).toEqual({
    first_day: '2027-01-04',
    last_day: '2027-01-15',
    state: 'BY',
    breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }],
  });
  const pdfPath = testInfo.outputPath('stundenplan.pdf');
  await (await downloadPromise).saveAs(pdfPath);

  const lines = pdfText(pdfPath)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim());
  expect(lines.some((l) => l.includes('Semester: 04.01.2027 – 15.01.2027'))).toBe(true);
  expect(lines.some((l) => l.includes('Tage ohne Unterricht'))).toBe(true);
  expect(lines.some((l) => l.includes('Mi 06.01.2027 Heilige Drei Könige'))).toBe(true);
  expect(lines.some((l) => l.includes('11.01.–15.01.2027 Prüfungswoche'))).toBe(true);
  expect(lines.some((l) => l.includes('Ben Brahms (A) Mo 09:00–10:00'))).toBe(true);
  expect(lines.some((l) => l.includes('Carla Clementi (B) Mo 09:00–10:00'))).toBe(true);

  const png = pdfPageAsPng(pdfPath, testInfo.outputPath('stundenplan-semester'));
  mkdirSync(SHOTS_DIR, { recursive: true });
  copyFileSync(png.path, `${SHOTS_DIR}/semester-pdf-seite-1.png`);
  await context.close();
});
