import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { berlinToUtc, buildCalendar, firstDateOn, lessonsFromSchedule } from './calendar-ics.js';

/** Parsed with a real iCalendar parser (ical.js), not by string matching. */
function parse(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const tz = comp.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return comp;
}

describe('lessonsFromSchedule', () => {
  it('joins consecutive quarter hours of one member into one lesson per day', () => {
    const saved = {
      '0': [
        ['9.00', 'a'],
        ['9.15', 'a'],
        ['9.30', 'b'],
        ['10.00', 'a'],
      ],
      '2': [
        ['23.30', 'b'],
        ['23.45', 'b'],
      ],
      '3': [],
      x: 'y',
    };
    const lessons = lessonsFromSchedule(saved);
    expect(lessons.get('a')).toEqual([
      { day: 0, start: 36, end: 38 },
      { day: 0, start: 40, end: 41 },
    ]);
    expect(lessons.get('b')).toEqual([
      { day: 0, start: 38, end: 39 },
      { day: 2, start: 94, end: 96 },
    ]);
  });
});

describe('lessonsFromSchedule with weeks', () => {
  it('keeps the week of biweekly entries: two members sharing quarter hours in weeks A and B are two lessons', () => {
    const saved = {
      '0': [
        ['9.00', 'a', 'A'],
        ['9.00', 'b', 'B'],
        ['9.15', 'a', 'A'],
        ['9.15', 'b', 'B'],
        ['9.30', 'c'],
      ],
    };
    const lessons = lessonsFromSchedule(saved);
    expect(lessons.get('a')).toEqual([{ day: 0, start: 36, end: 38, week: 'A' }]);
    expect(lessons.get('b')).toEqual([{ day: 0, start: 36, end: 38, week: 'B' }]);
    expect(lessons.get('c')).toEqual([{ day: 0, start: 38, end: 39 }]);
  });
});

const NOW = new Date('2026-11-26T08:00:00Z');

describe('buildCalendar', () => {
  it('a weekly lesson in Europe/Berlin with VTIMEZONE and UNTIL the end date', () => {
    const ics = buildCalendar(
      [
        {
          key: 'c1-m1',
          className: 'Klavier; Hauptfach, Gruppe',
          teacherName: 'Clara Schumann',
          lessons: [{ day: 2, start: 58, end: 62 }],
          from: '2026-11-26',
          until: '2027-03-11',
        },
      ],
      NOW,
    );
    const cal = parse(ics);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const ev = new ICAL.Event(events[0]!);
    expect(ev.summary).toBe('Unterricht: Klavier; Hauptfach, Gruppe');
    expect(ev.description).toBe('Lehrkraft: Clara Schumann');
    expect(ev.uid).toBe('c1-m1-0@stundenplan-assistent');
    // Wednesday 2 Dec 2026, 14:30-15:30 Berlin (CET = UTC+1)
    expect(ev.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(ev.startDate.toString()).toBe('2026-12-02T14:30:00');
    expect(ev.endDate.toString()).toBe('2026-12-02T15:30:00');
    expect(ev.startDate.toJSDate().toISOString()).toBe('2026-12-02T13:30:00.000Z');
    const rule = events[0]!.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
    // Every Wednesday from 2 Dec 2026 to 10 Mar 2027 inclusive: 15 lessons, summer time does not move the wall clock.
    const it = ev.iterator();
    const dates: string[] = [];
    for (let next = it.next(); next; next = it.next()) dates.push(next.toString());
    expect(dates).toHaveLength(15);
    expect(dates[0]).toBe('2026-12-02T14:30:00');
    expect(dates.at(-1)).toBe('2027-03-10T14:30:00');
  });

  it('keeps the local time across the switch to summer time and ends 24:00 lessons at midnight', () => {
    const ics = buildCalendar(
      [{ key: 'k', className: 'Gesang', teacherName: '', lessons: [{ day: 6, start: 94, end: 96 }], from: '2027-03-20', until: '2027-04-05' }],
      NOW,
    );
    const [vevent] = parse(ics).getAllSubcomponents('vevent');
    const ev = new ICAL.Event(vevent!);
    expect(ev.description).toBeNull();
    const it = ev.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next; next = it.next()) starts.push(next.toJSDate().toISOString());
    // Sundays 21 Mar (CET) and 28 Mar, 4 Apr (CEST): 23:30 local each time
    expect(starts).toEqual(['2027-03-21T22:30:00.000Z', '2027-03-28T21:30:00.000Z', '2027-04-04T21:30:00.000Z']);
    expect(ev.endDate.toString()).toBe('2027-03-22T00:00:00');
  });

  it('a lesson cancelled on the day the clocks change is excluded at its own local hour, in summer and winter time alike', () => {
    // Sundays 10:00 and 2:00 (the hour that happens twice on 25 Oct), Mondays 10:00; series from summer into winter
    // time and on over the switch to summer time on 28 Mar. Cancelled: the Sundays of both switches, the Monday after.
    const ics = buildCalendar(
      [
        {
          key: 'k',
          className: 'Orgel',
          teacherName: '',
          lessons: [
            { day: 6, start: 40, end: 44 },
            { day: 6, start: 8, end: 12 },
            { day: 0, start: 40, end: 44 },
          ],
          from: '2026-10-12',
          until: '2027-04-05',
          changes: { exclude: ['2026-10-25T10:00', '2026-10-25T02:00', '2026-10-26T10:00', '2027-03-28T10:00'], singles: [] },
        },
      ],
      NOW,
    );
    expect(ics).toContain('EXDATE;TZID=Europe/Berlin:20261025T100000,20270328T100000');
    const series = parse(ics)
      .getAllSubcomponents('vevent')
      .map((e) => {
        const out: string[] = [];
        const it = new ICAL.Event(e).iterator();
        for (let next = it.next(); next; next = it.next()) out.push(next.toJSDate().toISOString());
        return out;
      });
    const [sundays, nights, mondays] = series as [string[], string[], string[]];
    const around = (list: string[], from: string, until: string) => list.filter((d) => d >= from && d < until);
    // Local 10:00 is 08:00 UTC in summer time and 09:00 in winter time; the cancelled dates are gone.
    expect(around(sundays, '2026-10-18', '2026-11-02')).toEqual(['2026-10-18T08:00:00.000Z', '2026-11-01T09:00:00.000Z']);
    expect(around(sundays, '2027-03-21', '2027-04-05')).toEqual(['2027-03-21T09:00:00.000Z', '2027-04-04T08:00:00.000Z']);
    expect(around(nights, '2026-10-18', '2026-11-02')).toEqual(['2026-10-18T00:00:00.000Z', '2026-11-01T01:00:00.000Z']);
    expect(around(mondays, '2026-10-19', '2026-11-03')).toEqual(['2026-10-19T08:00:00.000Z', '2026-11-02T09:00:00.000Z']);
  });

  it('a biweekly lesson every other week of the semester, holidays and breaks excluded, starting on the first planned date', () => {
    const expand = (ics: string) =>
      parse(ics)
        .getAllSubcomponents('vevent')
        .map((e) => {
          const it = new ICAL.Event(e).iterator();
          const out: string[] = [];
          for (let next = it.next(); next; next = it.next()) out.push(next.toString().slice(0, 10));
          return out;
        });
    const semester = {
      key: 'k',
      className: 'Klavier',
      teacherName: '',
      from: '2027-01-04',
      until: '2027-02-12',
      holidays: [{ date: '2027-01-06', name: 'Heilige Drei Könige' }],
      breaks: [{ from: '2027-01-25', to: '2027-01-29', label: 'Prüfungswoche' }],
    };
    // Wednesdays: A weeks 6 Jan (holiday), 20 Jan, 3 Feb; B weeks 13 Jan, 27 Jan (break), 10 Feb.
    const ics = buildCalendar(
      [
        {
          ...semester,
          lessons: [
            { day: 2, start: 40, end: 42, week: 'A' },
            { day: 2, start: 44, end: 46, week: 'B' },
            { day: 2, start: 48, end: 50 },
          ],
        },
      ],
      NOW,
    );
    expect(ics).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=');
    expect(expand(ics)).toEqual([
      ['2027-01-20', '2027-02-03'],
      ['2027-01-13', '2027-02-10'],
      ['2027-01-13', '2027-01-20', '2027-02-03', '2027-02-10'],
    ]);
  });

  it('is a valid empty calendar without lessons, named Unterricht, published by the Stundenplan-Assistent', () => {
    const cal = parse(buildCalendar([], NOW));
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(0);
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Unterricht');
    expect(cal.getFirstPropertyValue('prodid')).toBe('-//Stundenplan-Assistent//Unterricht//DE');
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
  });
});

describe('buildCalendar: text, changed dates and helpers', () => {
  it('folds long lines at 75 octets and escapes text, so that a parser reads the names back unchanged', () => {
    const className = `${'Ü'.repeat(60)}; Kammermusik, Gruppe \\ 2`;
    const ics = buildCalendar(
      [{ key: 'k', className, teacherName: 'Clara', lessons: [{ day: 0, start: 36, end: 38 }], from: '2026-11-30', until: '2026-12-14' }],
      NOW,
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const [vevent] = parse(ics).getAllSubcomponents('vevent');
    expect(new ICAL.Event(vevent!).summary).toBe(`Unterricht: ${className}`);
  });

  it('leaves out moved and cancelled dates of a series and adds make-up dates as single events with stable UIDs', () => {
    const lessons = {
      key: 'c1-m1',
      className: 'Klavier',
      teacherName: 'Clara Schumann',
      lessons: [{ day: 0, start: 36, end: 38 }],
      from: '2027-01-04',
      until: '2027-01-25',
      changes: {
        exclude: ['2027-01-11T09:00'],
        singles: [
          { date: '2027-01-13', start: '16:00', end: '16:30', note: 'Nachholtermin für Montag, 11.01.2027' },
          { date: '2027-01-14', start: '23:30', end: '24:00', note: 'Tausch mit Ben' },
        ],
      },
    };
    const ics = buildCalendar([lessons], NOW);
    expect(buildCalendar([lessons], NOW)).toBe(ics);
    const events = parse(ics).getAllSubcomponents('vevent');
    expect(events.map((e) => new ICAL.Event(e).uid)).toEqual([
      'c1-m1-0@stundenplan-assistent',
      'c1-m1-2027-01-13-1600@stundenplan-assistent',
      'c1-m1-2027-01-14-2330@stundenplan-assistent',
    ]);
    const series = new ICAL.Event(events[0]!);
    const it = series.iterator();
    const dates: string[] = [];
    for (let next = it.next(); next; next = it.next()) dates.push(next.toString());
    expect(dates).toEqual(['2027-01-04T09:00:00', '2027-01-18T09:00:00', '2027-01-25T09:00:00']);
    const makeup = new ICAL.Event(events[1]!);
    expect(makeup.isRecurring()).toBe(false);
    expect(makeup.startDate.toJSDate().toISOString()).toBe('2027-01-13T15:00:00.000Z');
    expect(makeup.endDate.toString()).toBe('2027-01-13T16:30:00');
    expect(makeup.summary).toBe('Unterricht: Klavier');
    expect(makeup.description).toBe('Nachholtermin für Montag, 11.01.2027\nLehrkraft: Clara Schumann');
    const late = new ICAL.Event(events[2]!);
    expect(late.endDate.toString()).toBe('2027-01-15T00:00:00');
    expect(late.description).toBe('Tausch mit Ben\nLehrkraft: Clara Schumann');
  });

  it('helpers: first weekday on or after a date; Berlin wall clock to UTC', () => {
    expect(firstDateOn('2026-11-26', 3)).toBe('2026-11-26'); // Thursday itself
    expect(firstDateOn('2026-11-26', 0)).toBe('2026-11-30');
    expect(berlinToUtc('2026-07-01', 23, 59, 59).toISOString()).toBe('2026-07-01T21:59:59.000Z');
    expect(berlinToUtc('2026-12-24', 23, 59, 59).toISOString()).toBe('2026-12-24T22:59:59.000Z');
    expect(berlinToUtc('2027-03-28', 1, 30, 0).toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(berlinToUtc('2027-03-28', 3, 0, 0).toISOString()).toBe('2027-03-28T01:00:00.000Z');
  });
});

describe('rooms (a class of a school)', () => {
  const room = { id: 'r1', name: 'Raum 1.01', site_id: 's1', site_name: 'Hauptstelle' };

  it('lessonsFromSchedule gives every lesson of a member with a room that room, and the others no room key', () => {
    const saved = {
      '0': [
        ['9.00', 'a'],
        ['9.15', 'b'],
      ],
      '2': [['10.00', 'a', 'A']],
    };
    const lessons = lessonsFromSchedule(saved, { a: room });
    expect(lessons.get('a')).toEqual([
      { day: 0, start: 36, end: 37, room },
      { day: 2, start: 40, end: 41, week: 'A', room },
    ]);
    expect(lessons.get('b')![0]).not.toHaveProperty('room');
  });

  it('a lesson with a room, and a single date with one, have the LOCATION "Raum 1.01, Hauptstelle"; without, none', () => {
    const ics = buildCalendar([
      {
        key: 'k',
        className: 'Klavier',
        teacherName: 'Clara',
        lessons: [
          { day: 0, start: 36, end: 38, room },
          { day: 2, start: 40, end: 42 },
        ],
        from: '2027-01-04',
        until: '2027-01-15',
        changes: { exclude: [], singles: [{ date: '2027-01-08', start: '09:00', end: '09:30', note: 'Getauscht mit Ben B.', room }] },
      },
    ]);
    const events = parse(ics).getAllSubcomponents('vevent');
    expect(events.map((e) => [String(e.getFirstPropertyValue('dtstart')), e.getFirstPropertyValue('location') ?? null])).toEqual([
      ['2027-01-04T09:00:00', 'Raum 1.01, Hauptstelle'],
      ['2027-01-06T10:00:00', null],
      ['2027-01-08T09:00:00', 'Raum 1.01, Hauptstelle'],
    ]);
  });
});
