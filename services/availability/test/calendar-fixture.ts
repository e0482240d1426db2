/**
 * iCalendar texts made in the tests, and a local HTTPS server with a certificate generated for the run (trusted by
 * the service only through CALENDAR_IMPORT_CA_FILE and reachable only through CALENDAR_IMPORT_ALLOW_HOSTS).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, berlinToday, firstDateOn } from '@stundenplan/timegrid';
import { generate } from 'selfsigned';

/** `2027-01-04` + `10:00` -> `20270104T100000`. */
export const icsTime = (date: string, clock = '00:00') => `${date.replaceAll('-', '')}T${clock.replace(':', '')}00`;

export interface IcsEvent {
  uid: string;
  summary: string;
  /** Property lines after UID and SUMMARY, e.g. `DTSTART;TZID=Europe/Berlin:20270104T100000`. */
  lines: string[];
}

/** A VCALENDAR with CRLF line ends; `extra` goes before the events (e.g. a VTIMEZONE). */
export function ics(events: IcsEvent[], extra: string[] = []): string {
  const body = events.flatMap((e) => ['BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:20260101T000000Z`, `SUMMARY:${e.summary}`, ...e.lines, 'END:VEVENT']);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Kalender//DE', ...extra, ...body, 'END:VCALENDAR', ''].join('\r\n');
}

/** Eight whole winter weeks (Monday to Sunday, all CET) of next year: the semester of the tests. */
export function winterWeeks(): { first: string; last: string; weeks: string[] } {
  const year = Number(berlinToday().slice(0, 4)) + 1;
  const first = firstDateOn(`${year}-01-04`, 0);
  const weeks = Array.from({ length: 8 }, (_, i) => addDays(first, i * 7));
  return { first, last: addDays(first, 55), weeks };
}

/**
 * A weekly-looking event whose rule no day fulfils (30 February), starting tomorrow: the parser's own loop never
 * ends, so only the import's time budget stops it.
 */
export function neverMatchingCalendar(): string {
  const day = addDays(berlinToday(), 1);
  const at = (clock: string) => `;TZID=Europe/Berlin:${icsTime(day, clock)}`;
  return ics([{ uid: 'never', summary: 'Nie', lines: [`DTSTART${at('08:00')}`, `DTEND${at('09:00')}`, 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'] }]);
}

/** An Outlook-style zone defined only in the file: CET/CEST under a Windows name. */
export const W_EUROPE_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16011028T030000',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010325T020000',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

export interface CalendarServer {
  port: number;
  /** `https://127.0.0.1:<port>` */
  origin: string;
  caFile: string;
  /** Headers of every request the server got. */
  seen: IncomingHttpHeaders[];
  /** path -> answer */
  routes: Map<string, (res: ServerResponse) => void>;
  close(): Promise<void>;
}

export async function startCalendarServer(): Promise<CalendarServer> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), 'calendar-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);
  const routes = new Map<string, (res: ServerResponse) => void>();
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    seen.push(req.headers);
    const route = routes.get(req.url ?? '');
    if (route) return route(res);
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `https://127.0.0.1:${port}`,
    caFile,
    seen,
    routes,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
