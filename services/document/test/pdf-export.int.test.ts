/**
 * POST /api/export-pdf-alternative against the real document service
 * with the real Chromium (puppeteer-core), sessions from a real JWKS issuer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedService } from '@stundenplan/base';
import { startTestIssuer, TEST_SERVICE_TOKEN_KEY, type TestIssuer } from '@stundenplan/base/testing';
import type { Config } from '../src/config.js';
import { start } from '../src/main.js';
import { pdfExportDeps } from '../src/pdf/pdf-service.js';
import { realisticWeek, student, workingForm } from './pdf-fixtures.js';
import { findPhrase, hasPoppler, inkStats, isPdf, mediaBoxes, pageCount, pdfLines, pdfWords, rasterise } from './pdf-helpers.js';

let issuer: TestIssuer;
let svc: StartedService<Config>;
let teacher: string;
let studentCookie: string;

beforeAll(async () => {
  issuer = await startTestIssuer();
  svc = await start({ PORT: '0', GRPC_PORT: '0', SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY, AUTH_JWKS_URL: issuer.jwksUrl, LOG_LEVEL: 'silent' });
  teacher = await issuer.cookie({ role: 'teacher' });
  studentCookie = await issuer.cookie({ role: 'student' });
});

afterAll(async () => {
  await svc?.stop();
  await issuer?.close();
});

const url = (s: StartedService<Config>) => `http://127.0.0.1:${s.httpPort}/api/export-pdf-alternative`;

async function post(body: unknown, cookie?: string, s: StartedService<Config> = svc) {
  const res = await fetch(url(s), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.includes('json') ? (JSON.parse(buf.toString('utf8')) as { detail: unknown }) : undefined;
  return { status: res.status, headers: res.headers, buf, json };
}

const germanToday = () => new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());

const week = realisticWeek();

/** Lessons of the fixture: short name, full name, day, start slot, minutes. */
const LESSONS: [string, string, number, number, number][] = [
  ['Anna M.', 'Anna Müller', 0, 56, 45],
  ['Ben S.', 'Ben Schröder', 0, 59, 30],
  ['Clara W.', 'Clara Weiß', 0, 64, 60],
  ['David Ö.', 'David Öztürk', 1, 52, 30],
  ['Emilia H.-L.', 'Emilia Hoffmann-Leutheusser', 1, 54, 45],
  ['Felix B.', 'Felix Bauer', 1, 60, 30],
  ['Greta S.', 'Greta Schäfer', 2, 66, 45],
  ['Hannes K.', 'Hannes Krüger', 3, 56, 60],
  ['Ida W.', 'Ida Wagner', 3, 60, 30],
  ['Jonas B.', 'Jonas Becker', 3, 62, 15],
  ['Karla F.', 'Karla Fischer', 4, 68, 45],
  ['Leon Z.', 'Leon Zimmermann', 4, 71, 30],
];
const clock = (slot: number) => `${String(Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;
const timeOf = (start: number, minutes: number) => `${clock(start)}–${clock(start + minutes / 15)}`;
const DAY_SHORT = ['Mo', 'Di', 'Mi', 'Do', 'Fr'];

describe('POST /api/export-pdf-alternative', () => {
  it('answers a one-page A4 landscape PDF named stundenplan.pdf for a teacher', async () => {
    const res = await post(week.payload, teacher);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="stundenplan.pdf"');
    expect(isPdf(res.buf)).toBe(true);
    expect(pageCount(res.buf)).toBe(1);
    expect(mediaBoxes(res.buf)).toEqual([[842, 595]]);
  });

  it.skipIf(!hasPoppler)('has as text: title, date, range, days, hours, each lesson in the list with day and time, the unplaced student', async () => {
    const lines = pdfLines((await post(week.payload, teacher)).buf);
    const hasLine = (s: string) => lines.some((l) => l.includes(s));
    expect(lines[0]).toMatch(new RegExp(`^Stundenplan – Klavier Hauptfach Stand: ${germanToday().replace(/\./g, '\\.')}$`));
    expect(lines[1]).toBe('Zeitbereich: 12:00–19:00 Uhr · 12 eingeteilt · 1 nicht eingeteilt');
    expect(lines[2]).toBe('Montag Dienstag Mittwoch Donnerstag Freitag Einteilung');
    expect(lines.join(' ')).not.toContain('Samstag');
    for (const h of ['12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00']) expect(hasLine(h)).toBe(true);
    for (const [, full, day, start, minutes] of LESSONS) expect(hasLine(`${full} ${DAY_SHORT[day]} ${timeOf(start, minutes)}`), full).toBe(true);
    expect(hasLine('Nicht eingeteilt')).toBe(true);
    expect(hasLine('Mia Richter')).toBe(true);
  });

  it.skipIf(!hasPoppler)('draws each lesson in its day column at its rows, name with its time', async () => {
    const words = pdfWords((await post(week.payload, teacher)).buf);
    const headers = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'].map((d) => findPhrase(words, d)[0]);
    const centres = headers.map((w) => (w!.x + w!.xMax) / 2);
    const colWidth = centres[1]! - centres[0]!;
    const hourY = (h: string) => words.find((w) => w.text === h && w.x < 65)!.y; // labels in the time column
    const rowHeight = (hourY('13:00') - hourY('12:00')) / 4;
    expect(rowHeight).toBeGreaterThan(10); // 28 rows share the page: ~18 pt each
    for (const [short, , day, start, minutes] of LESSONS) {
      const [name, ...more] = findPhrase(words, short);
      expect(more, short).toHaveLength(0);
      expect(Math.abs(name!.x - centres[day]!), `${short} column`).toBeLessThan(colWidth / 2);
      const top = hourY('12:00') + (start - 48) * rowHeight;
      const bottom = top + (minutes / 15) * rowHeight;
      expect(name!.y, `${short} below its first row's top`).toBeGreaterThan(top - 1);
      expect(name!.y - top, `${short} at its first row`).toBeLessThan(minutes === 15 ? rowHeight : 3);
      const time = words.find((w) => w.text === timeOf(start, minutes) && Math.abs(w.x - centres[day]!) < colWidth / 2)!;
      expect(time, `${short} time`).toBeDefined();
      if (minutes === 15)
        expect(Math.abs(time.y - name!.y)).toBeLessThan(2); // one-line block
      else expect(time.y - name!.y).toBeGreaterThan(5); // second line of the block
      expect(time.yMax, `${short} time inside its block`).toBeLessThan(bottom);
    }
  });

  it.skipIf(!hasPoppler)('looks like a filled timetable as a picture (landscape page, ink and coloured lesson blocks)', async () => {
    const raster = rasterise((await post(week.payload, teacher)).buf, 40);
    expect(raster.width).toBeGreaterThan(raster.height);
    expect(raster.width / raster.height).toBeCloseTo(842 / 595, 1);
    const { ink, colour } = inkStats(raster);
    expect(ink).toBeGreaterThan(0.05); // grid lines, text, blocks
    expect(ink).toBeLessThan(0.6); // not a black or fully filled page
    expect(colour).toBeGreaterThan(0.02); // 12 pastel lesson blocks
  });

  it.skipIf(!hasPoppler)('prints names like <script> as text', async () => {
    const evil = student('<script>alert(1)</script>', 30, '<b>X</b>');
    const res = await post(
      { schedule: workingForm([{ student: evil, day: 2, start: 40 }]), timeRange: { start: 32, end: 76 }, studentsList: [evil], className: '<i>K</i>' },
      teacher,
    );
    expect(res.status).toBe(200);
    const lines = pdfLines(res.buf);
    expect(lines[0]).toMatch(/^Stundenplan – <i>K<\/i> Stand:/);
    expect(lines.some((l) => l.includes('<script>alert(1)</script> Mi 10:00–10:30'))).toBe(true);
    const words = pdfWords(res.buf);
    const block = findPhrase(words, '<b>X</b>')[0];
    expect(words.some((w) => w.text === '10:00–10:30' && Math.abs(w.x - block!.x) < 1 && w.y > block!.y)).toBe(true);
  });
});

describe('POST /api/export-pdf-alternative: input and load', () => {
  it('accepts day indexes and slot labels ("0", "9.00")', async () => {
    const s = student('Lia Sommer');
    const res = await post({ schedule: { '0': { '9.00': s.member_id, '9.15': s.member_id } }, timeRange: { start: 32, end: 76 }, studentsList: [s] }, teacher);
    expect(res.status).toBe(200);
    if (hasPoppler) expect(pdfLines(res.buf).some((l) => l.includes('Lia Sommer Mo 09:00–09:30'))).toBe(true);
  });

  it('answers 401 without a session and 403 for a student', async () => {
    expect((await post(week.payload)).status).toBe(401);
    const res = await post(week.payload, studentCookie);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ detail: 'Du hast keine Berechtigung für diese Aktion' });
  });

  it.each([
    ['no schedule', { timeRange: { start: 32, end: 76 }, studentsList: [] }],
    ['an empty schedule', { schedule: {}, timeRange: { start: 32, end: 76 }, studentsList: [] }],
    ['only free slots', { schedule: { Montag: { '09:00': '' }, Dienstag: {} }, timeRange: { start: 32, end: 76 } }],
    ['no body at all', ''],
  ])('answers 400 "Kein Stundenplan zum Exportieren vorhanden." for %s', async (_what, body) => {
    const res = await post(body, teacher);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ detail: 'Kein Stundenplan zum Exportieren vorhanden.' });
  });

  it.each([
    [{ start: 40, end: 40 }, 'Ungültiger Zeitbereich: Der Beginn muss vor dem Ende liegen.'],
    [{ start: 76, end: 32 }, 'Ungültiger Zeitbereich: Der Beginn muss vor dem Ende liegen.'],
    [{ start: -4, end: 32 }, 'Ungültiger Zeitbereich: Beginn und Ende müssen ganze Zahlen von 0 bis 96 sein.'],
    [{ start: 32, end: 100 }, 'Ungültiger Zeitbereich: Beginn und Ende müssen ganze Zahlen von 0 bis 96 sein.'],
    [{ start: 32.5, end: 40 }, 'Ungültiger Zeitbereich: Beginn und Ende müssen ganze Zahlen von 0 bis 96 sein.'],
    [undefined, 'Kein Zeitbereich angegeben. Bitte wählen Sie einen Zeitbereich aus.'],
  ])('answers 400 for the time range %j', async (timeRange, detail) => {
    const res = await post({ ...week.payload, timeRange }, teacher);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ detail });
  });

  it.each([
    ['a body that is a list', [week.payload], 'Kein Stundenplan zum Exportieren vorhanden.'],
    [
      'a day that is text',
      { ...week.payload, schedule: { Montag: 'Anna' } },
      'Die Einträge für Montag müssen als Objekt von Uhrzeit zu Mitglieds-ID angegeben werden.',
    ],
    ['a member id that is a number', { ...week.payload, schedule: { Montag: { '09:00': 7 } } }, 'Ungültige Mitglieds-ID bei Montag 09:00.'],
    [
      'a time range given as text',
      { ...week.payload, timeRange: { start: '32', end: '76' } },
      'Ungültiger Zeitbereich: Beginn und Ende müssen ganze Zahlen von 0 bis 96 sein.',
    ],
    [
      'a students list that is an object',
      { ...week.payload, studentsList: { a: 1 } },
      'Ungültige Studentenliste: Es wird eine Liste von Studierenden erwartet.',
    ],
    [
      'a student name that is a number',
      { ...week.payload, studentsList: [{ member_id: 'm1', name: 5 }] },
      'Ungültige Studentenliste: Es wird eine Liste von Studierenden erwartet.',
    ],
    ['a class name that is a number', { ...week.payload, className: 5 }, 'Ungültiger Klassenname (Text mit höchstens 200 Zeichen erwartet).'],
    ['a class name over 200 characters', { ...week.payload, className: 'K'.repeat(201) }, 'Ungültiger Klassenname (Text mit höchstens 200 Zeichen erwartet).'],
    [
      'a schedule name that is a list',
      { ...week.payload, scheduleName: ['Plan'] },
      'Ungültiger Name des Stundenplans (Text mit höchstens 200 Zeichen erwartet).',
    ],
    [
      'a semester that is text',
      { ...week.payload, semester: 'SoSe' },
      'Ungültiges Semester: first_day, last_day (JJJJ-MM-TT), state (Bundesland) und breaks werden erwartet.',
    ],
    ['a control character', { ...week.payload, className: 'K\u0007' }, 'Ungültige Zeichen in der Anfrage.'],
  ])('answers %s with 400 and its German detail (checked against the contract)', async (_what, body, detail) => {
    const res = await post(body, teacher);
    expect({ status: res.status, json: res.json }).toEqual({ status: 400, json: { detail } });
  });

  it('answers 400 for unknown day names and bad times', async () => {
    const id = week.students[0]!.member_id;
    expect((await post({ ...week.payload, schedule: { Funday: { '09:00': id } } }, teacher)).json).toEqual({ detail: 'Ungültiger Wochentag: "Funday"' });
    expect((await post({ ...week.payload, schedule: { Montag: { '09:07': id } } }, teacher)).json).toEqual({ detail: 'Ungültige Zeitangabe: "09:07"' });
  });

  it('answers 400 for broken JSON and 413 above 1 MB', async () => {
    expect(await post('{"schedule":', teacher)).toMatchObject({ status: 400, json: { detail: 'Ungültiger JSON-Inhalt' } });
    const big = await post({ ...week.payload, padding: 'x'.repeat(1024 * 1024) }, teacher);
    expect(big).toMatchObject({ status: 413, json: { detail: 'Die Anfrage ist zu groß' } });
  });

  it('renders 5 exports in parallel on one warm browser', async () => {
    const renderer = pdfExportDeps(svc.ctx).renderer;
    const launchesBefore = renderer.launchCount;
    const results = await Promise.all(Array.from({ length: 5 }, () => post(week.payload, teacher)));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(isPdf(r.buf)).toBe(true);
      expect(pageCount(r.buf)).toBe(1);
    }
    expect(renderer.launchCount).toBe(launchesBefore); // the browser of the earlier tests was reused
    expect(renderer.inFlight).toBe(0);
  });
});

describe('without Chromium', () => {
  let none: StartedService<Config>;
  let broken: StartedService<Config>;
  beforeAll(async () => {
    // Neither prevents the start: the CSV export and health stay available.
    none = await start({
      PORT: '0',
      GRPC_PORT: '0',
      SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
      AUTH_JWKS_URL: issuer.jwksUrl,
      LOG_LEVEL: 'silent',
      CHROME_PATH: '/nonexistent/chromium',
    });
    broken = await start({
      PORT: '0',
      GRPC_PORT: '0',
      SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
      AUTH_JWKS_URL: issuer.jwksUrl,
      LOG_LEVEL: 'silent',
      CHROME_PATH: '/bin/false',
    });
  });
  afterAll(async () => {
    await none?.stop();
    await broken?.stop();
  });

  it('starts and answers 503 with the German detail (validation still first)', async () => {
    expect((await fetch(`http://127.0.0.1:${none.httpPort}/healthz`)).status).toBe(200);
    const res = await post(realisticWeek().payload, teacher, none);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ detail: 'PDF-Export nicht verfügbar: Chromium ist nicht installiert.' });
    expect((await post({ schedule: {} }, teacher, none)).status).toBe(400);
  });

  it('answers 500 "PDF-Generierung fehlgeschlagen" without internals when the browser cannot start', async () => {
    const res = await post(realisticWeek().payload, teacher, broken);
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ detail: 'PDF-Generierung fehlgeschlagen' });
  });
});
