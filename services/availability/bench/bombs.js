// The calendar files of the attack on the calendar import (docs/adr/0020-calendar-import-worker.md): each is a valid
// iCalendar text that cost the services' process seconds to minutes of CPU or hundreds of MB before the import ran
// in a worker with a time budget and caps. Dates lie in the next 8 weeks (the span without a semester).

const CRLF = '\r\n';
const stamp = (d) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
/** Tomorrow 08:00 UTC as a local (floating) `YYYYMMDDTHHMMSS`, and the same with Z. */
function tomorrow() {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCHours(8, 0, 0, 0);
  return d;
}
const plus = (d, ms) => new Date(d.getTime() + ms);

function calendar(lines) {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//Kalender//DE', ...lines, 'END:VCALENDAR', ''].join(CRLF);
}

function event(uid, start, end, more = [], tzid = 'Europe/Berlin') {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Termin',
    `DTSTART;TZID=${tzid}:${stamp(start)}`,
    `DTEND;TZID=${tzid}:${stamp(end)}`,
    ...more,
    'END:VEVENT',
  ];
}

const DAY = 86_400_000;
const MINUTE = 60_000;

/** 154 bytes of trouble: one event of 23 h 59 min repeated every second. */
export function secondly() {
  const s = tomorrow();
  return [
    'BEGIN:VCALENDAR',
    'BEGIN:VEVENT',
    `DTSTART:${stamp(s)}Z`,
    `DTEND:${stamp(plus(s, DAY - MINUTE))}Z`,
    'RRULE:FREQ=SECONDLY',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join(CRLF);
}

/** An event of 23 h 59 min every minute, 20,000 times. */
export function count20000() {
  const s = tomorrow();
  return calendar(event('count', s, plus(s, DAY - MINUTE), ['RRULE:FREQ=MINUTELY;COUNT=20000']));
}

/** A daily event with 10,000 EXDATE lines. */
export function exdates10000() {
  const s = tomorrow();
  const lines = Array.from({ length: 10_000 }, (_, i) => `EXDATE;TZID=Europe/Berlin:${stamp(plus(s, (i + 1) * DAY))}`);
  return calendar(event('exdate', s, plus(s, 3_600_000), ['RRULE:FREQ=DAILY', ...lines]));
}

/** A time zone of as many yearly rules since 1601 as fit into 2 MB (about 18,500), used by one weekly event. */
export function vtimezoneRules(bytes = 2 * 1024 * 1024 - 4096) {
  const rule = ['BEGIN:STANDARD', 'DTSTART:16011028T030000', 'RRULE:FREQ=YEARLY', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0100', 'END:STANDARD'];
  const count = Math.floor((bytes - 1024) / (rule.join(CRLF).length + 2));
  const s = tomorrow();
  const rules = Array.from({ length: count }, () => rule).flat();
  return calendar([
    'BEGIN:VTIMEZONE',
    'TZID:Bench Zone',
    ...rules,
    'END:VTIMEZONE',
    ...event('tz', s, plus(s, 3_600_000), ['RRULE:FREQ=WEEKLY'], '"Bench Zone"'),
  ]);
}

/** Every case spelling of a few IANA zone names, one event each, up to `bytes` (2 MB). */
export function tzidSpellings(bytes = 2 * 1024 * 1024 - 4096) {
  const names = ['America/Argentina/ComodRivadavia', 'America/North_Dakota/New_Salem', 'Antarctica/DumontDUrville', 'America/Indiana/Indianapolis'];
  const s = tomorrow();
  const lines = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const name = names[i % names.length];
    // The i-th spelling: bit k of i upper-cases letter k.
    let n = Math.floor(i / names.length);
    const spelled = [...name].map((c) => {
      if (!/[a-z]/i.test(c)) return c;
      const up = n % 2 === 1;
      n = Math.floor(n / 2);
      return up ? c.toUpperCase() : c.toLowerCase();
    });
    const ev = event(`tz${i}`, s, plus(s, 3_600_000), [], spelled.join(''));
    size += ev.join(CRLF).length + 2;
    lines.push(...ev);
  }
  return calendar(lines);
}

/** An event series whose rule never matches a day (30 February): the parser's own loop never ends. */
export function neverMatching() {
  const s = tomorrow();
  return calendar(event('never', s, plus(s, 3_600_000), ['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30']));
}

/**
 * A large ordinary calendar: 2 MB of ten years' appointments (one-off and weekly series of a semester, some with an
 * EXDATE), as a long-kept personal calendar exports them. It must still be read.
 */
export function ordinary(bytes = 2 * 1024 * 1024 - 4096) {
  const s = tomorrow();
  const lines = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    // Spread over the ten years before tomorrow and the year after, at full hours between 8 and 18 o'clock.
    const start = plus(s, -((i * 7919) % 4018) * DAY + (i % 11) * 3_600_000 + 365 * DAY);
    const more = i % 5 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=15', `EXDATE;TZID=Europe/Berlin:${stamp(plus(start, 14 * DAY))}`] : [];
    const ev = event(`ord${i}`, start, plus(start, 90 * MINUTE), more);
    size += ev.join(CRLF).length + 2;
    lines.push(...ev);
  }
  return calendar(lines);
}

export const BOMBS = {
  'SECONDLY, 23 h 59 min': secondly,
  'COUNT=20000': count20000,
  '10.000 EXDATE': exdates10000,
  'VTIMEZONE mit 18.500 Regeln': vtimezoneRules,
  '2 MB TZID-Schreibweisen': tzidSpellings,
  'Regel ohne Treffer (30. Februar)': neverMatching,
};
