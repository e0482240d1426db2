import { addDays, berlinToday } from '@stundenplan/timegrid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ics, icsTime, neverMatchingCalendar } from './calendar-fixture.js';
import { call, person, startHarness, type Answer, type Harness, type Person } from './harness.js';

/**
 * POST /api/me/calendar-import with files made to cost CPU or memory (docs/adr/0020-calendar-import-worker.md):
 * the file is read in a worker thread with a time budget and caps, so the service keeps answering everybody else.
 */

const TOO_COMPLEX = 'Die Kalenderdatei ist zu umfangreich.';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

async function upload(who: Person, text: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/calendar' }), 'kalender.ics');
  const res = await fetch(`${h.base}/api/me/calendar-import`, { method: 'POST', body: form, headers: { cookie: who.cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Tomorrow (inside the next 8 weeks every import without a semester counts). */
const day = addDays(berlinToday(), 1);
const event = (lines: string[], uid = 'bomb') => ({ uid, summary: 'Termin', lines });
const berlin = (date: string, clock: string) => `;TZID=Europe/Berlin:${icsTime(date, clock)}`;

/** One event of 23 h 59 min repeated every second: 154 bytes that once took the service minutes. */
const SECONDLY = ics([event([`DTSTART:${icsTime(day, '08:00')}Z`, `DTEND:${icsTime(addDays(day, 1), '07:59')}Z`, 'RRULE:FREQ=SECONDLY'])]);
const COUNT_20000 = ics([event([`DTSTART${berlin(day, '08:00')}`, `DTEND${berlin(addDays(day, 1), '07:59')}`, 'RRULE:FREQ=MINUTELY;COUNT=20000'])]);
const EXDATES = ics([
  event([
    `DTSTART${berlin(day, '08:00')}`,
    `DTEND${berlin(day, '09:00')}`,
    'RRULE:FREQ=DAILY',
    ...Array.from({ length: 10_000 }, (_, i) => `EXDATE${berlin(addDays(day, 3 * i + 1), '08:00')}`),
  ]),
]);
const ZONE_RULES = ics(
  [event([`DTSTART;TZID=Viele Regeln:${icsTime(day, '08:00')}`, `DTEND;TZID=Viele Regeln:${icsTime(day, '09:00')}`, 'RRULE:FREQ=WEEKLY'])],
  [
    'BEGIN:VTIMEZONE',
    'TZID:Viele Regeln',
    ...Array.from({ length: 5_000 }, () => [
      'BEGIN:STANDARD',
      'DTSTART:16011028T030000',
      'RRULE:FREQ=YEARLY',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
    ]).flat(),
    'END:VTIMEZONE',
  ],
);
const NEVER = neverMatchingCalendar();

describe('POST /api/me/calendar-import with a file made to cost CPU or memory', () => {
  it('keeps the service free: another user’s request is answered while the import runs, then the import is refused', async () => {
    const [attacker, other] = [await person(h, 'student'), await person(h, 'student')];
    let importDone = false;
    const bomb = upload(attacker, NEVER).finally(() => {
      importDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await call(h, 'GET', '/api/me/available-times', other);
    expect(answer.status).toBe(200);
    expect(importDone).toBe(false);
    expect(await bomb).toEqual({ status: 400, body: { detail: TOO_COMPLEX } });
  });

  it.each([
    ['an event of 23 h 59 min every second', SECONDLY],
    ['an event of 23 h 59 min every minute, 20,000 times', COUNT_20000],
    ['10,000 EXDATE lines', EXDATES],
    ['a time zone of 5,000 rules', ZONE_RULES],
    ['a rule no day fulfils (the time budget)', NEVER],
  ])('refuses %s: 400, in German', async (_name, text) => {
    expect(await upload(await person(h, 'student'), text)).toEqual({ status: 400, body: { detail: TOO_COMPLEX } });
  });

  it('reads a TZID in any spelling as its IANA zone, and an unknown TZID as Berlin time', async () => {
    const student = await person(h, 'student');
    const ny = (clock: string) => `;TZID=aMeRiCa/nEw_yOrK:${icsTime(day, clock)}`;
    const mars = (clock: string) => `;TZID=Mars/Olympus_Mons:${icsTime(day, clock)}`;
    const res = await upload(
      student,
      ics([
        { uid: 'ny', summary: 'Videocall', lines: [`DTSTART${ny('03:00')}`, `DTEND${ny('04:00')}`, 'RRULE:FREQ=DAILY'] },
        { uid: 'mars', summary: 'Mars', lines: [`DTSTART${mars('20:00')}`, `DTEND${mars('21:00')}`, 'RRULE:FREQ=DAILY'] },
      ]),
    );
    expect(res.status).toBe(200);
    // 03:00 in New York is 09:00 in Berlin (6 hours, in winter and in summer but for a few days in March and October).
    const events = res.body.events as { start: string; summary: string }[];
    expect(new Set(events.filter((e) => e.summary === 'Videocall').map((e) => e.start))).toEqual(new Set(['9.00']));
    expect(new Set(events.filter((e) => e.summary === 'Mars').map((e) => e.start))).toEqual(new Set(['20.00']));
  });
});
