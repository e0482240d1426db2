import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerConfirm } from '../../test/confirm-dialog';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';

const S = '/api/schools/sch1';
const SITES = [
  { id: 'site1', name: 'Hauptstelle', address: 'Arcisstraße 12' },
  { id: 'site2', name: 'Partnerschule Nord', address: '' },
];
const ROOMS = [
  { id: 'r1', name: 'Raum 1.01', site_id: 'site1', equipment: ['grand_piano', 'piano'], capacity: 2, times: null },
  { id: 'r2', name: 'Aula', site_id: 'site2', equipment: ['Tanzboden'], capacity: 30, times: { '0': ['14.00', '14.15', '14.30', '14.45'] } },
];
const EQUIPMENT = [
  { tag: 'grand_piano', label: 'Flügel', own: false },
  { tag: 'upright_piano', label: 'Klavier', own: false },
  { tag: 'piano', label: 'Flügel oder Klavier', own: false },
  { tag: 'drums', label: 'Schlagzeug', own: false },
  { tag: 'Tanzboden', label: 'Tanzboden', own: true },
];

function schoolRoutes(role: 'admin' | 'teacher', extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/schools/mine', reply: { body: { schools: [{ id: 'sch1', name: 'Musikschule Vogelsang', role }] } } },
    { method: 'GET', path: `${S}/sites`, reply: { body: { sites: SITES } } },
    { method: 'GET', path: `${S}/rooms`, reply: { body: { rooms: ROOMS } } },
    { method: 'GET', path: `${S}/equipment`, reply: { body: { equipment: EQUIPMENT } } },
    { method: 'GET', path: `${S}/travel`, reply: { body: { travel: [{ from: 'site1', to: 'site2', minutes: 25 }], default_minutes: 30 } } },
  ];
}

describe('SchoolPage', () => {
  it('shows a teacher the sites, rooms and travel minutes read-only, and the navigation link', async () => {
    renderApp({ path: '/school', user: TEACHER, routes: schoolRoutes('teacher') });
    expect(await screen.findByText(/Du unterrichtest an „Musikschule Vogelsang“/)).toBeTruthy();
    const sites = await screen.findByRole('list', { name: 'Standorte' });
    expect(within(sites).getByText('Hauptstelle')).toBeTruthy();
    expect(within(sites).getByText('Arcisstraße 12')).toBeTruthy();
    const rooms = await screen.findByRole('list', { name: 'Räume' });
    expect(within(rooms).getByText('Flügel, Flügel oder Klavier')).toBeTruthy();
    expect(within(rooms).getByText('2 Personen · immer geöffnet')).toBeTruthy();
    expect(within(rooms).getByText('30 Personen · Mo 14-15')).toBeTruthy();
    expect(within(rooms).getByText('Tanzboden')).toBeTruthy();
    const travel = await screen.findByRole('table', { name: 'Fahrzeiten' });
    expect(within(travel).getByRole('cell', { name: '25' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Bearbeiten|Löschen|anlegen|speichern/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Schulverwaltung' })).toBeTruthy();
  });

  it('hides the navigation link from a teacher without a school', async () => {
    renderApp({ path: '/me/classes', user: TEACHER, routes: [{ path: '/api/schools/mine', reply: { body: { schools: [] } } }] });
    expect(await screen.findByRole('link', { name: 'Deine Kurse' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Schulverwaltung' })).toBeNull());
  });

  it('lets an administrator create a site and a room with equipment, capacity and opening times', async () => {
    const app = renderApp({
      path: '/school',
      user: TEACHER,
      routes: schoolRoutes('admin', [
        { method: 'POST', path: `${S}/sites`, reply: { status: 201, body: { site: { id: 'site3', name: 'Süd', address: '' } } } },
        { method: 'POST', path: `${S}/rooms`, reply: { status: 201, body: { room: { ...ROOMS[0], id: 'r3' } } } },
        { method: 'PUT', path: `${S}/travel`, reply: { body: { travel: [], default_minutes: 30 } } },
      ]),
    });
    expect(await screen.findByText(/Du gehörst zur Schulverwaltung von „Musikschule Vogelsang“/)).toBeTruthy();

    const siteForm = await screen.findByRole('form', { name: 'Neuer Standort' });
    fireEvent.change(within(siteForm).getByLabelText(/Name des Standorts/), { target: { value: 'Süd' } });
    fireEvent.change(within(siteForm).getByLabelText('Adresse'), { target: { value: 'Südring 1' } });
    fireEvent.click(within(siteForm).getByRole('button', { name: 'Standort anlegen' }));
    await waitFor(() => expect(app.fetchMock.callsTo(`${S}/sites`, 'POST')).toHaveLength(1));
    expect(app.fetchMock.callsTo(`${S}/sites`, 'POST')[0]!.body).toEqual({ name: 'Süd', address: 'Südring 1' });

    const roomForm = await screen.findByRole('form', { name: 'Neuer Raum' });
    fireEvent.change(within(roomForm).getByLabelText(/Name des Raums/), { target: { value: 'Raum 2' } });
    fireEvent.change(within(roomForm).getByLabelText(/Standort/), { target: { value: 'site2' } });
    fireEvent.click(within(roomForm).getByRole('checkbox', { name: 'Schlagzeug' }));
    fireEvent.change(within(roomForm).getByLabelText('Weitere Merkmale'), { target: { value: 'Beamer, Tanzboden' } });
    fireEvent.change(within(roomForm).getByLabelText(/Kapazität/), { target: { value: '4' } });
    fireEvent.change(within(roomForm).getByLabelText('Öffnungszeiten'), { target: { value: 'Di ab 23' } });
    fireEvent.click(within(roomForm).getByRole('button', { name: 'Raum anlegen' }));
    await waitFor(() => expect(app.fetchMock.callsTo(`${S}/rooms`, 'POST')).toHaveLength(1));
    expect(app.fetchMock.callsTo(`${S}/rooms`, 'POST')[0]!.body).toEqual({
      name: 'Raum 2',
      site_id: 'site2',
      equipment: ['drums', 'Beamer', 'Tanzboden'],
      capacity: 4,
      times: { '1': ['23.00', '23.15', '23.30', '23.45'] },
    });

    const minutes = screen.getByRole('spinbutton', { name: 'Minuten von Hauptstelle nach Partnerschule Nord' });
    expect((minutes as HTMLInputElement).value).toBe('25');
    fireEvent.change(minutes, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fahrzeiten speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(`${S}/travel`, 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(`${S}/travel`, 'PUT')[0]!.body).toEqual({ travel: [{ from: 'site1', to: 'site2', minutes: 40 }] });
  });

  it("shows the API's German refusals: a taken site name in the form, a site with rooms on delete", async () => {
    const taken = 'Einen Standort „Hauptstelle“ gibt es schon.';
    const hasRoom = 'Der Standort „Hauptstelle“ hat noch einen Raum. Lösche zuerst die Räume oder ordne sie einem anderen Standort zu.';
    renderApp({
      path: '/school',
      user: TEACHER,
      routes: schoolRoutes('admin', [
        { method: 'POST', path: `${S}/sites`, reply: { status: 409, body: { detail: taken } } },
        { method: 'DELETE', path: `${S}/sites/site1`, reply: { status: 409, body: { detail: hasRoom } } },
      ]),
    });
    const siteForm = await screen.findByRole('form', { name: 'Neuer Standort' });
    fireEvent.change(within(siteForm).getByLabelText(/Name des Standorts/), { target: { value: 'Hauptstelle' } });
    fireEvent.click(within(siteForm).getByRole('button', { name: 'Standort anlegen' }));
    expect((await within(siteForm).findByRole('alert')).textContent).toBe(taken);

    fireEvent.click(screen.getByRole('button', { name: 'Löschen: Hauptstelle' }));
    await answerConfirm('Standort löschen?', 'Löschen', 'Möchtest du den Standort „Hauptstelle“ löschen?');
    expect(await screen.findByText(hasRoom)).toBeTruthy();
  });

  it('says what the opening times parser cannot read, without sending', async () => {
    const app = renderApp({ path: '/school', user: TEACHER, routes: schoolRoutes('admin') });
    const roomForm = await screen.findByRole('form', { name: 'Neuer Raum' });
    fireEvent.change(within(roomForm).getByLabelText(/Name des Raums/), { target: { value: 'Raum 3' } });
    fireEvent.change(within(roomForm).getByLabelText(/Standort/), { target: { value: 'site1' } });
    fireEvent.change(within(roomForm).getByLabelText('Öffnungszeiten'), { target: { value: 'Mo 25-26' } });
    fireEvent.click(within(roomForm).getByRole('button', { name: 'Raum anlegen' }));
    expect(await within(roomForm).findByText('Fehler beim Verarbeiten der Eingabe.')).toBeTruthy();
    expect(app.fetchMock.callsTo(`${S}/rooms`, 'POST')).toHaveLength(0);
  });
});
