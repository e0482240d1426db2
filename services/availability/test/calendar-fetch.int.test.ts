import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ics, icsTime, neverMatchingCalendar, startCalendarServer, winterWeeks, type CalendarServer } from './calendar-fixture.js';
import { call, person, span, startHarness, type Harness, type Person } from './harness.js';

/**
 * POST /api/me/calendar-import with JSON { url }: fetched safely (docs/product/times.md). The local HTTPS server is
 * reached only because CALENDAR_IMPORT_ALLOW_HOSTS names its exact host:port and trusted only through CALENDAR_IMPORT_CA_FILE.
 */

let h: Harness;
let server: CalendarServer;
let student: Person;
const { first } = winterWeeks();
const CALENDAR = ics([
  {
    uid: 'mon',
    summary: 'Vorlesung',
    lines: [`DTSTART;TZID=Europe/Berlin:${icsTime(first, '10:00')}`, `DTEND;TZID=Europe/Berlin:${icsTime(first, '12:00')}`, 'RRULE:FREQ=WEEKLY'],
  },
]);
const NOT_ALLOWED = 'Diese Adresse ist nicht erlaubt. Nutze einen öffentlichen https-Link zu deinem Kalender.';
const UNREACHABLE = 'Der Kalender ist unter diesem Link nicht erreichbar.';

const redirect = (to: string) => (res: ServerResponse) => res.writeHead(302, { location: to }).end();

beforeAll(async () => {
  server = await startCalendarServer();
  const { routes, origin, port } = server;
  routes.set('/cal.ics', (res) => res.writeHead(200, { 'content-type': 'text/calendar', 'set-cookie': 'tracking=1' }).end(CALENDAR));
  routes.set('/never.ics', (res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(neverMatchingCalendar()));
  routes.set('/page.html', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Kein Kalender</body></html>'));
  routes.set('/big.ics', (res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(`${CALENDAR}${'X'.repeat(3 * 1024 * 1024)}`));
  routes.set('/to-private', redirect('https://10.0.0.1/cal.ics'));
  routes.set('/to-loopback', redirect(`https://localhost:${port}/cal.ics`));
  routes.set('/to-metadata', redirect('https://169.254.169.254/latest/meta-data/'));
  routes.set('/to-http', redirect(`http://127.0.0.1:${port}/cal.ics`));
  for (let i = 1; i <= 4; i++) routes.set(`/hop${i}`, redirect(i === 1 ? `${origin}/cal.ics` : `/hop${i - 1}`));
  h = await startHarness({ CALENDAR_IMPORT_ALLOW_HOSTS: `127.0.0.1:${port}`, CALENDAR_IMPORT_CA_FILE: server.caFile });
  student = await person(h, 'student');
  h.classes.join(student.userId, h.classes.addClass('t'));
  const classId = (h.classes.memberships.get(student.userId) ?? [])[0]!;
  h.classes.semesters.set(classId, { firstDay: first, lastDay: winterWeeks().last, state: 'BY', breaks: [], holidays: [] });
});

afterAll(async () => {
  await h?.stop();
  await server?.close();
});

const importUrl = (url: string) => call(h, 'POST', '/api/me/calendar-import', student, { url });

describe('POST /api/me/calendar-import with a link', () => {
  it('reads an https link of the allowed test server, without sending cookies or credentials', async () => {
    server.seen.length = 0;
    const res = await importUrl(`${server.origin}/cal.ics`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ busy: { '0': span(40, 48) }, events: [{ day: 0, start: '10.00', end: '12.00', summary: 'Vorlesung' }] });
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.cookie).toBeUndefined();
    expect(server.seen[0]!.authorization).toBeUndefined();
  });

  it('reads webcal:// as https://', async () => {
    const res = await importUrl(`webcal://127.0.0.1:${server.port}/cal.ics`);
    expect(res.status).toBe(200);
    expect(res.body.busy).toMatchObject({ '0': span(40, 48) });
  });

  it('follows up to 3 redirects, and not a fourth', async () => {
    expect((await importUrl(`${server.origin}/hop3`)).status).toBe(200);
    expect(await importUrl(`${server.origin}/hop4`)).toEqual({ status: 400, body: { detail: UNREACHABLE } });
  });

  it.each([
    ['http', () => `http://127.0.0.1:${server.port}/cal.ics`],
    ['loopback', () => 'https://127.0.0.1:1/cal.ics'],
    ['loopback by name', () => `https://localhost:${server.port}/cal.ics`],
    ['IPv6 loopback', () => 'https://[::1]/cal.ics'],
    ['IPv4-mapped loopback', () => 'https://[::ffff:127.0.0.1]/cal.ics'],
    ['IPv4-compatible loopback', () => 'https://[::127.0.0.1]/cal.ics'],
    ['IPv4-translated loopback', () => 'https://[::ffff:0:127.0.0.1]/cal.ics'],
    ['IPv4-translated private', () => 'https://[::ffff:0:a00:1]/cal.ics'],
    ['NAT64 of a private address', () => 'https://[64:ff9b::10.0.0.1]/cal.ics'],
    ['private 10.x', () => 'https://10.1.2.3/cal.ics'],
    ['private 192.168.x', () => 'https://192.168.0.10/cal.ics'],
    ['cloud metadata', () => 'https://169.254.169.254/latest/meta-data/'],
    ['webcal to a private address', () => 'webcal://10.0.0.7/cal.ics'],
    ['credentials in the link', () => `https://user:secret@127.0.0.1:${server.port}/cal.ics`],
    ['a redirect to a private address', () => `${server.origin}/to-private`],
    ['a redirect to loopback', () => `${server.origin}/to-loopback`],
    ['a redirect to the metadata address', () => `${server.origin}/to-metadata`],
    ['a redirect to http', () => `${server.origin}/to-http`],
  ])('refuses %s: 400 address not allowed', async (_name, url) => {
    expect(await importUrl(url())).toEqual({ status: 400, body: { detail: NOT_ALLOWED } });
  });

  it('reads a linked calendar in the same worker with its time budget: a rule no day fulfils is refused', async () => {
    expect(await importUrl(`${server.origin}/never.ics`)).toEqual({ status: 400, body: { detail: 'Die Kalenderdatei ist zu umfangreich.' } });
  });

  it('refuses a calendar over 2 MB, a page that is no calendar, a missing page and a broken link, in German', async () => {
    expect(await importUrl(`${server.origin}/big.ics`)).toEqual({ status: 413, body: { detail: 'Der Kalender ist zu groß (maximal 2 MB).' } });
    expect(await importUrl(`${server.origin}/page.html`)).toEqual({ status: 400, body: { detail: 'Das ist kein Kalender im iCalendar-Format (.ics).' } });
    expect(await importUrl(`${server.origin}/missing.ics`)).toEqual({ status: 400, body: { detail: UNREACHABLE } });
    expect(await importUrl('kein link')).toEqual({
      status: 400,
      body: { detail: 'Bitte gib einen gültigen Link zu deinem Kalender an (https:// oder webcal://).' },
    });
  });
});
