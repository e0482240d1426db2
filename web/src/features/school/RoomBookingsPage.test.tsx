import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';
import { hourRange, labelMinutes, placeInLanes, todayIndex } from './booking-grid';

const S = '/api/schools/sch1';
const SITES = [
  { id: 'site1', name: 'Hauptstelle', address: '' },
  { id: 'site2', name: 'Partnerschule Nord', address: '' },
];
const ROOMS = [
  { id: 'r1', name: 'Flügelraum 1.01', site_id: 'site1', equipment: ['grand_piano', 'piano'], capacity: 2, times: null },
  { id: 'r2', name: 'Raum 1.02', site_id: 'site1', equipment: [], capacity: 2, times: null },
  { id: 'r3', name: 'Aula', site_id: 'site2', equipment: [], capacity: 30, times: null },
];
const booking = (over: object) => ({ room_id: 'r1', day: 0, start: '9.00', end: '9.45', week: null, teacher_name: 'Sabine Keller', class_id: 'c1', ...over });

function routes(bookings: (call: { url: string }) => unknown[], role: 'admin' | 'teacher' = 'teacher', extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/schools/mine', reply: { body: { schools: [{ id: 'sch1', name: 'Musikschule Vogelsang', role }] } } },
    { method: 'GET', path: `${S}/sites`, reply: { body: { sites: SITES } } },
    { method: 'GET', path: `${S}/rooms`, reply: { body: { rooms: ROOMS } } },
    { method: 'GET', path: `${S}/room-bookings`, reply: (call) => ({ body: { bookings: bookings(call) } }) },
  ];
}

describe('RoomBookingsPage', () => {
  it("shows a site's rooms as columns with each booking 'belegt', the teacher, the pupil and the week", async () => {
    const app = renderApp({
      path: '/school/bookings?site=site1&day=0',
      user: TEACHER,
      routes: routes(() => [
        booking({ student_name: 'Lena Vogel' }),
        booking({ room_id: 'r1', start: '10.00', end: '10.30', week: 'A', teacher_name: 'Clara Schumann' }),
        booking({ room_id: 'r1', start: '10.00', end: '10.30', week: 'B', teacher_name: 'Robert Schumann' }),
      ]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Raumbelegung' })).toBeTruthy();
    const grid = await screen.findByRole('region', { name: 'Belegung am Montag, Hauptstelle' });
    const room1 = within(grid).getByRole('list', { name: 'Flügelraum 1.01' });
    const items = within(room1).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '9.00–9.45 belegt · Sabine Keller Lena Vogel',
      '10.00–10.30 Woche A belegt · Clara Schumann',
      '10.00–10.30 Woche B belegt · Robert Schumann',
    ]);
    // Week A and week B side by side, each half the column; the 45-minute lesson 3/4 of an hour high.
    expect(items[1]!.style.width).toBe('50%');
    expect(items[2]!.style.left).toBe('50%');
    expect(items[0]!.style.height).toBe('4.5rem');
    expect(within(grid).getByRole('list', { name: 'Raum 1.02' }).textContent).toBe('frei');
    expect(within(grid).queryByRole('list', { name: 'Aula' })).toBeNull();
    expect(app.fetchMock.callsTo(`${S}/room-bookings`)[0]!.url).toBe(`${S}/room-bookings?site_id=site1&day=0`);
  });

  it('asks again for another site and day, and says in German when no room is taken', async () => {
    const app = renderApp({
      path: '/school/bookings?site=site1&day=0',
      user: TEACHER,
      routes: routes((call) => (call.url.includes('day=0') ? [booking({})] : [])),
    });
    await screen.findByRole('region', { name: 'Belegung am Montag, Hauptstelle' });
    const day = screen.getByRole('group', { name: 'Tag' });
    expect(within(day).getByRole('button', { name: 'Montag' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(day).getByRole('button', { name: 'Dienstag' }));
    expect(await screen.findByText('Dienstag: Am Standort „Hauptstelle“ ist kein Raum belegt.')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    fireEvent.change(screen.getByLabelText('Standort'), { target: { value: 'site2' } });
    expect(await screen.findByText('Dienstag: Am Standort „Partnerschule Nord“ ist kein Raum belegt.')).toBeTruthy();
    await waitFor(() => expect(app.fetchMock.callsTo(`${S}/room-bookings`).map((c) => c.url)).toContain(`${S}/room-bookings?site_id=site2&day=1`));
  });

  it("shows the API's German refusal with a retry", async () => {
    renderApp({
      path: '/school/bookings?site=site1&day=3',
      user: TEACHER,
      routes: [{ method: 'GET', path: `${S}/room-bookings`, reply: { status: 400, body: { detail: 'Unbekannter Standort: „site1“.' } } }, ...routes(() => [])],
    });
    expect(await screen.findByText('Unbekannter Standort: „site1“.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('says when the school has no sites', async () => {
    renderApp({
      path: '/school/bookings',
      user: TEACHER,
      routes: [{ method: 'GET', path: `${S}/sites`, reply: { body: { sites: [] } } }, ...routes(() => [])],
    });
    expect(await screen.findByText('Die Schule hat noch keine Standorte.')).toBeTruthy();
  });

  it('tells a teacher without a school so, and links the page from the navigation only with a school', async () => {
    renderApp({ path: '/school/bookings', user: TEACHER, routes: [{ path: '/api/schools/mine', reply: { body: { schools: [] } } }] });
    expect(await screen.findByText('Du gehörst zu keiner Schule.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Raumbelegung' })).toBeNull();
  });

  it('is linked from the navigation and the school page', async () => {
    renderApp({ path: '/school', user: TEACHER, routes: routes(() => []) });
    expect(await screen.findByRole('link', { name: 'Raumbelegung' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Raumbelegung ansehen' }).getAttribute('href')).toBe('/school/bookings');
  });
});

describe('booking grid', () => {
  it('reads slot labels, spans whole hours and puts overlapping bookings side by side', () => {
    expect(labelMinutes('9.00')).toBe(540);
    expect(labelMinutes('24.00')).toBe(1440);
    expect(labelMinutes('9:00')).toBeNaN();
    expect(hourRange([booking({ start: '9.15', end: '10.10' }), booking({ start: '13.00', end: '13.30' })])).toEqual({ from: 9, to: 14 });
    const { placed, lanes } = placeInLanes([
      booking({ start: '9.00', end: '10.00' }),
      booking({ start: '9.30', end: '10.30' }),
      booking({ start: '10.00', end: '11.00' }),
    ]);
    expect(lanes).toBe(2);
    expect(placed.map((p) => p.lane)).toEqual([0, 1, 0]);
    expect(todayIndex(new Date('2026-12-07T12:00:00Z'))).toBe(0);
    expect(todayIndex(new Date('2026-12-13T23:30:00Z'))).toBe(0);
  });
});
