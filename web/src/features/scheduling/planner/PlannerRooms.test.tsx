import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute, RecordedCall } from '../../../test/fetch-mock';
import { calcAnswer, placementView } from './model/fixtures';
import { calculate, CREATE, SAVED, saveButton } from './save-test-utils';
import { CALC, CLASS_ID, renderPlanner } from './test-utils';

// docs/product/school-screens.md "Rooms in the planner".
const R101 = { id: 'r-101', name: 'Raum 1.01', site_id: 's-main', site_name: 'Hauptstelle' };
const R102 = { id: 'r-102', name: 'Raum 1.02', site_id: 's-main', site_name: 'Hauptstelle' };
const R2 = { id: 'r-2', name: 'Raum 2', site_id: 's-side', site_name: 'Nebenstelle' };
const OPTIONS = `/api/classes/${CLASS_ID}/room-options`;
const PDF = '/api/export-pdf-alternative';

/** Anna Monday 10.00-10.30 (two rows) in Raum 1.01, Ben Tuesday 8.00-8.45 (three rows) in Raum 2. */
const annaIn101 = { ...placementView('m-anna', 0, 40, 42), room: R101 };
const benIn2 = { ...placementView('m-ben', 1, 32, 35), room: R2 };
const calcWithRooms: MockRoute = { method: 'POST', path: CALC, reply: { body: calcAnswer([annaIn101, benIn2]) } };
const calcWithoutRooms: MockRoute = { method: 'POST', path: CALC, reply: { body: calcAnswer([placementView('m-anna', 0, 40, 42)]) } };

/** room-options answering by the lesson's start: `byStart` maps "10.00" to the free rooms. */
function optionsRoute(byStart: Record<string, unknown[]>): MockRoute {
  return {
    method: 'GET',
    path: OPTIONS,
    reply: (call: RecordedCall) => ({ body: { rooms: byStart[new URL(call.url, 'http://x').searchParams.get('start') ?? ''] ?? [] } }),
  };
}
const queryOf = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
const saveRoute: MockRoute = { method: 'POST', path: CREATE, reply: { status: 201, body: { id: 'new-id', name: 'Mein Plan', description: null } } };

async function saveAs(name: string) {
  fireEvent.click(saveButton());
  const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: name } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
  await screen.findByText('Stundenplan erfolgreich gespeichert!');
}

describe('PlannerStep: rooms of a class with a school', { timeout: 30_000 }, () => {
  it('shows the calculated rooms on the tiles: short on a small tile, full in the label and on a larger tile', async () => {
    renderPlanner({ routes: [calcWithRooms] });
    await calculate();
    const anna = screen.getByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, Raum 1.01, Hauptstelle' });
    expect(within(anna).getByRole('button', { name: 'Raum ändern: Anna Müller, jetzt Raum 1.01, Hauptstelle' })).toBeTruthy();
    const annaRoom = anna.querySelector('.lesson__room')!;
    expect(annaRoom.textContent).toBe('Raum 1.01');
    expect(annaRoom.getAttribute('title')).toBe('Raum 1.01, Hauptstelle');
    const ben = screen.getByRole('button', { name: /^Ben Schröder, Dienstag 08:00–08:45 Uhr, Raum 2, Nebenstelle/ });
    expect(within(ben).getByRole('button', { name: /^Raum ändern: Ben Schröder/ })).toBeTruthy();
    expect(ben.querySelector('.lesson__room')!.textContent).toBe('Raum 2, Nebenstelle');
  });

  it('changes a room from the free suitable rooms of the lesson; saving and the PDF send the rooms', async () => {
    const { fetchMock, onUnsavedChange } = renderPlanner({
      routes: [calcWithRooms, optionsRoute({ '10.00': [R101, R102] }), saveRoute, { method: 'POST', path: PDF, reply: { status: 500, body: { detail: 'x' } } }],
    });
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await calculate();
    await saveAs('Erster Plan');
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(false));
    expect(fetchMock.callsTo(CREATE, 'POST')[0]!.body).toMatchObject({ rooms: { 'm-anna': 'r-101', 'm-ben': 'r-2' } });

    fireEvent.click(screen.getByRole('button', { name: 'Raum ändern: Anna Müller, jetzt Raum 1.01, Hauptstelle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raum für Anna Müller' });
    expect(queryOf(fetchMock.callsTo(OPTIONS)[0]!)).toEqual({ member_id: 'm-anna', day: '0', start: '10.00' });
    const current = await within(dialog).findByRole('radio', { name: 'Raum 1.01, Hauptstelle (aktuell)' });
    expect((current as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Raum 1.02, Hauptstelle' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Raum ändern: Anna Müller, jetzt Raum 1.02, Hauptstelle' })).toBeTruthy();
    // A room change is an unsaved change like any other edit.
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(true));

    fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    await screen.findByText('PDF Export fehlgeschlagen');
    expect((fetchMock.callsTo(PDF)[0]!.body as Record<string, unknown>).rooms).toEqual({
      'm-anna': { name: 'Raum 1.02', site_name: 'Hauptstelle' },
      'm-ben': { name: 'Raum 2', site_name: 'Nebenstelle' },
    });
  });

  it('the lesson bar offers Raum ändern too; no room is a choice (the sending gives one)', async () => {
    const { fetchMock } = renderPlanner({ routes: [calcWithRooms, optionsRoute({ '10.00': [R101] }), saveRoute] });
    await calculate();
    fireEvent.click(screen.getByRole('button', { name: /^Anna Müller, Montag 10:00–10:30 Uhr/ }));
    const bar = screen.getByRole('region', { name: 'Ausgewählte Stunde' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Raum ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raum für Anna Müller' });
    await within(dialog).findByRole('radio', { name: 'Raum 1.01, Hauptstelle (aktuell)' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Keinen Raum festlegen (wird beim Senden vergeben)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(await screen.findByRole('button', { name: 'Raum ändern: Anna Müller, jetzt Raum wird beim Senden vergeben' })).toBeTruthy();
    await saveAs('Ohne Raum');
    expect((fetchMock.callsTo(CREATE, 'POST')[0]!.body as { rooms: unknown }).rooms).toEqual({ 'm-ben': 'r-2' });
  });

  it('a moved lesson keeps its room only when it is still free there, else the sending gives one', async () => {
    const { fetchMock } = renderPlanner({ routes: [calcWithRooms, optionsRoute({ '14.00': [R102, R101], '10.30': [R102] })] });
    await calculate();
    const grid = screen.getByRole('grid', { name: 'Wochenplan' });
    // Tap to plan: select Anna's lesson, then a free cell. Wednesday 14.00 still has Raum 1.01 free: it stays.
    fireEvent.click(screen.getByRole('button', { name: /^Anna Müller, Montag 10:00–10:30 Uhr/ }));
    fireEvent.click(within(grid).getByRole('gridcell', { name: /^Mittwoch 14:00, frei/ }));
    await waitFor(() => expect(fetchMock.callsTo(OPTIONS)).toHaveLength(1));
    expect(queryOf(fetchMock.callsTo(OPTIONS)[0]!)).toEqual({ member_id: 'm-anna', day: '2', start: '14.00' });
    expect(await screen.findByRole('button', { name: 'Anna Müller, Mittwoch 14:00–14:30 Uhr, Raum 1.01, Hauptstelle' })).toBeTruthy();
    // Monday 10.30 has only Raum 1.02: the room is cleared.
    // The moved lesson stays selected: the next tap moves it again.
    expect(screen.getByRole('region', { name: 'Ausgewählte Stunde' })).toBeTruthy();
    fireEvent.click(within(grid).getByRole('gridcell', { name: /^Montag 10:30, frei/ }));
    expect(await screen.findByRole('button', { name: 'Anna Müller, Montag 10:30–11:00 Uhr, Raum wird beim Senden vergeben' })).toBeTruthy();
    expect(queryOf(fetchMock.callsTo(OPTIONS).at(-1)!)).toEqual({ member_id: 'm-anna', day: '0', start: '10.30' });
  });

  it('a loaded schedule shows its saved rooms; saving it again sends them', async () => {
    const { fetchMock } = renderPlanner({
      schedules: [SAVED],
      routes: [
        {
          method: 'GET',
          path: `/api/schedules/${SAVED.id}`,
          reply: {
            body: {
              ...SAVED,
              pinned: [],
              available_times: {
                '0': [
                  ['10.00', 'm-anna'],
                  ['10.15', 'm-anna'],
                ],
              },
              rooms: { 'm-anna': 'r-101' },
              room_details: { 'm-anna': R101 },
            },
          },
        },
        { method: 'PUT', path: `${CREATE}/${SAVED.id}`, reply: { body: { id: SAVED.id, name: SAVED.name } } },
      ],
    });
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, Raum 1.01, Hauptstelle' });
    fireEvent.click(within(lesson).getByRole('button', { name: /Stunde fixieren/ }));
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Stundenplan erfolgreich gespeichert!');
    expect(fetchMock.callsTo(`${CREATE}/${SAVED.id}`, 'PUT')[0]!.body).toMatchObject({ rooms: { 'm-anna': 'r-101' }, pinned: ['m-anna'] });
  });
});

describe('PlannerStep: a class without a school', { timeout: 30_000 }, () => {
  it('shows no room, asks for none and sends no rooms when saving or for the PDF', async () => {
    const { fetchMock } = renderPlanner({
      routes: [calcWithoutRooms, saveRoute, { method: 'POST', path: PDF, reply: { status: 500, body: { detail: 'x' } } }],
    });
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await calculate();
    const anna = screen.getByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    expect(within(anna).queryByRole('button', { name: /Raum/ })).toBeNull();
    fireEvent.click(anna);
    expect(screen.queryByRole('button', { name: 'Raum ändern' })).toBeNull();
    await saveAs('Ohne Schule');
    expect(fetchMock.callsTo(CREATE, 'POST')[0]!.body).not.toHaveProperty('rooms');
    fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    await screen.findByText('PDF Export fehlgeschlagen');
    expect(fetchMock.callsTo(PDF)[0]!.body).not.toHaveProperty('rooms');
    expect(fetchMock.callsTo(OPTIONS)).toHaveLength(0);
  });
});
