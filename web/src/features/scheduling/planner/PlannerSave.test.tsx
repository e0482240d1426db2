import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../../test/fetch-mock';
import { calcAnswer, placementView } from './model/fixtures';
import { CLASS_ID, renderPlanner } from './test-utils';

const CALC = '/api/cp-sat-berechnung-from-db';
const CREATE = `/api/classes/${CLASS_ID}/schedules`;
const SAVED = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Plan Oktober',
  description: null,
  class_id: CLASS_ID,
  created_at: '2025-10-01T10:00:00.000Z',
};
const EXISTING_ID = '33333333-3333-4333-8333-333333333333';
const DAYS7 = ['0', '1', '2', '3', '4', '5', '6'];

const calcRoute: MockRoute = {
  method: 'POST',
  path: CALC,
  reply: {
    body: calcAnswer([placementView('m-anna', 0, 40, 42)]),
  },
};

const loadedRoutes = (times: unknown): MockRoute[] => [
  { method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { body: { ...SAVED, available_times: times, pinned: [] } } },
];

async function calculate() {
  await screen.findByText('Anna M.');
  fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
  await screen.findByText('Neuer Stundenplan erfolgreich berechnet!');
}

const saveButton = () => screen.getByRole('button', { name: /^Stundenplan speichern/ });

describe('PlannerStep: saving', { timeout: 30_000 }, () => {
  it('save is disabled without unsaved changes; the dialog needs a name; the default name of a new plan', async () => {
    renderPlanner({
      routes: [{ ...calcRoute, reply: { body: calcAnswer([placementView('m-anna', 0, 40, 42)]) } }],
    });
    await screen.findByText('Anna M.');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    await calculate();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Stundenplan speichern (Ungespeicherte Änderungen)' })).toBeTruthy();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    const name = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    // The answer had no name: 'Berechneter Plan' + date.
    expect(name.value).toMatch(/^Berechneter Plan \d{2}\.\d{2}\.\d{4}$/);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Namen für den Stundenplan ein')).toBeTruthy();
  });

  it("the default name is 'Stundenplan {Klasse} {Datum Uhrzeit}' when the plan has none", async () => {
    renderPlanner({
      schedules: [SAVED],
      routes: [
        {
          method: 'GET',
          path: `/api/schedules/${SAVED.id}`,
          reply: {
            body: {
              ...SAVED,
              name: '',
              available_times: {
                '0': [
                  ['10.00', 'm-anna'],
                  ['10.15', 'm-anna'],
                ],
              },
            },
          },
        },
      ],
    });
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    fireEvent.click(within(lesson).getByRole('button', { name: /Stunde fixieren/ }));
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toMatch(/^Stundenplan Klavier 5b \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  });

  it('creates a schedule with all 7 days and [slot, member_id] pairs, then the success toast', async () => {
    const { fetchMock, onUnsavedChange } = renderPlanner({
      routes: [calcRoute, { method: 'POST', path: CREATE, reply: { status: 201, body: { id: 'new-id', name: 'Mein Plan', description: 'Woche 1' } } }],
    });
    await calculate();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Mein Plan' } });
    fireEvent.change(within(dialog).getByLabelText('Beschreibung'), { target: { value: 'Woche 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Stundenplan erfolgreich gespeichert!')).toBeTruthy();
    const body = fetchMock.callsTo(CREATE, 'POST')[0]!.body as { available_times: Record<string, unknown[]> };
    expect(body).toMatchObject({ name: 'Mein Plan', description: 'Woche 1', class_id: CLASS_ID, pinned: [] });
    expect(Object.keys(body.available_times).sort()).toEqual(DAYS7);
    expect(body.available_times['0']).toEqual([
      ['10.00', 'm-anna'],
      ['10.15', 'm-anna'],
    ]);
    expect(body.available_times['6']).toEqual([]);
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(false));
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('same name (409) opens the overwrite prompt; Überschreiben updates the existing schedule', async () => {
    const { fetchMock } = renderPlanner({
      routes: [
        calcRoute,
        {
          method: 'POST',
          path: CREATE,
          reply: {
            status: 409,
            body: { detail: 'Ein Stundenplan mit diesem Namen existiert bereits. Möchten Sie ihn überschreiben?', existing_id: EXISTING_ID },
          },
        },
        { method: 'PUT', path: `${CREATE}/${EXISTING_ID}`, reply: { body: { id: EXISTING_ID, name: 'Plan Oktober' } } },
      ],
    });
    await calculate();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Plan Oktober' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const prompt = await screen.findByRole('dialog', { name: 'Stundenplan überschreiben?' });
    expect(within(prompt).getByText('Ein Stundenplan mit diesem Namen existiert bereits. Möchten Sie ihn überschreiben?')).toBeTruthy();
    expect(fetchMock.callsTo(`${CREATE}/${EXISTING_ID}`)).toHaveLength(0);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Überschreiben' }));
    expect(await screen.findByText('Stundenplan erfolgreich gespeichert!')).toBeTruthy();
    expect(fetchMock.callsTo(`${CREATE}/${EXISTING_ID}`, 'PUT')[0]!.body).toMatchObject({ name: 'Plan Oktober', class_id: CLASS_ID });
  });

  it('cancelling the overwrite prompt saves nothing', async () => {
    const { fetchMock } = renderPlanner({
      routes: [calcRoute, { method: 'POST', path: CREATE, reply: { status: 409, body: { detail: 'x', existing_id: EXISTING_ID } } }],
    });
    await calculate();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const prompt = await screen.findByRole('dialog', { name: 'Stundenplan überschreiben?' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.calls.filter((c) => c.url.startsWith(`${CREATE}/`))).toHaveLength(0);
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('a loaded schedule is saved with one PUT under its id, without an existence check; foreign members are dropped (console only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchMock } = renderPlanner({
      schedules: [SAVED],
      routes: [
        ...loadedRoutes({
          '0': [
            ['10.00', 'm-anna'],
            ['10.15', 'm-anna'],
          ],
          '4': [['9.00', 'ghost']],
        }),
        { method: 'PUT', path: `${CREATE}/${SAVED.id}`, reply: { body: { id: SAVED.id, name: 'Plan Oktober' } } },
      ],
    });
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    fireEvent.click(within(lesson).getByRole('button', { name: /Stunde fixieren/ }));
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Plan Oktober');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Stundenplan erfolgreich gespeichert!')).toBeTruthy();
    expect(fetchMock.callsTo(`/api/schedules/${SAVED.id}`, 'GET')).toHaveLength(1); // the load only
    expect(fetchMock.callsTo(`${CREATE}/${SAVED.id}`, 'PUT')).toHaveLength(1);
    const body = fetchMock.callsTo(`${CREATE}/${SAVED.id}`, 'PUT')[0]!.body as { available_times: Record<string, unknown[]>; pinned: string[] };
    expect(body.available_times['4']).toEqual([]);
    expect(body.pinned).toEqual(['m-anna']);
    expect(fetchMock.callsTo(CREATE, 'POST')).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
  });

  it('a loaded schedule that no longer exists is created anew by the server under its id (PUT answers 201)', async () => {
    const { fetchMock } = renderPlanner({
      schedules: [SAVED],
      routes: [
        ...loadedRoutes({
          '0': [
            ['10.00', 'm-anna'],
            ['10.15', 'm-anna'],
          ],
        }),
        { method: 'PUT', path: `${CREATE}/${SAVED.id}`, reply: { status: 201, body: { id: SAVED.id, name: 'Plan Oktober' } } },
      ],
    });
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    fireEvent.click(within(lesson).getByRole('button', { name: /Stunde fixieren/ }));
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Stundenplan erfolgreich gespeichert!')).toBeTruthy();
    expect(fetchMock.callsTo(`${CREATE}/${SAVED.id}`, 'PUT')).toHaveLength(1);
    expect(fetchMock.callsTo(CREATE, 'POST')).toHaveLength(0);
  });

  it('blur of the changed name of a saved plan saves it (docs/product/planning.md); an unsaved plan only keeps the name', async () => {
    const { fetchMock } = renderPlanner({
      schedules: [SAVED],
      routes: [
        ...loadedRoutes({
          '0': [
            ['10.00', 'm-anna'],
            ['10.15', 'm-anna'],
          ],
        }),
        { method: 'PUT', path: `${CREATE}/${SAVED.id}`, reply: { body: { id: SAVED.id, name: 'Plan November' } } },
      ],
    });
    await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    const name = screen.getByLabelText('Name');
    fireEvent.blur(name);
    expect(fetchMock.callsTo(`${CREATE}/${SAVED.id}`, 'PUT')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Plan November' } });
    fireEvent.blur(name);
    expect(await screen.findByText('Stundenplan erfolgreich gespeichert!')).toBeTruthy();
    expect(fetchMock.callsTo(`${CREATE}/${SAVED.id}`, 'PUT')[0]!.body).toMatchObject({ name: 'Plan November' });
  });

  it("a failed save: 'Speichern fehlgeschlagen.'", async () => {
    renderPlanner({ routes: [calcRoute, { method: 'POST', path: CREATE, reply: { status: 500, body: { detail: 'kaputt' } } }] });
    await calculate();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Speichern fehlgeschlagen.')).toBeTruthy();
    expect(within(dialog).getByText('kaputt')).toBeTruthy();
  });

  it("a list detail: the toast 'Fehler: {message}' from its first msg", async () => {
    renderPlanner({
      routes: [
        calcRoute,
        { method: 'POST', path: CREATE, reply: { status: 422, body: { detail: [{ msg: 'Name zu lang', loc: ['body', 'name'] }, { msg: 'zweiter' }] } } },
      ],
    });
    await calculate();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getAllByText('Fehler: Name zu lang').length).toBe(2));
    expect(screen.queryByText('Speichern fehlgeschlagen.')).toBeNull();
  });
});

describe('PlannerStep: PDF, send, load and delete', { timeout: 30_000 }, () => {
  it("PDF export failure: 'PDF Export fehlgeschlagen' and the alert 'Fehler beim PDF Export'", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchMock } = renderPlanner({
      routes: [calcRoute, { method: 'POST', path: '/api/export-pdf-alternative', reply: { status: 500, body: { detail: 'PDF-Generierung fehlgeschlagen' } } }],
    });
    await calculate();
    fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    expect(await screen.findByText('PDF Export fehlgeschlagen')).toBeTruthy();
    expect(alert).toHaveBeenCalledWith('Fehler beim PDF Export');
    const body = fetchMock.callsTo('/api/export-pdf-alternative')[0]!.body as Record<string, unknown>;
    expect(body.timeRange).toEqual({ start: 32, end: 76 });
    expect(body.className).toBe('Klavier 5b');
    expect((body.schedule as Record<string, Record<string, string>>).Montag!['10:00']).toBe('m-anna');
    expect(body.studentsList).toContainEqual({ member_id: 'm-anna', name: 'Anna M.', fullName: 'Anna Müller', duration: 30 });
  });

  it('send and save: generates the PDF, saves, sends it and shows the recipient count', async () => {
    const { fetchMock } = renderPlanner({
      routes: [
        calcRoute,
        { method: 'POST', path: '/api/export-pdf-alternative', reply: { body: '%PDF-1.4 fake' } },
        { method: 'POST', path: CREATE, reply: { status: 201, body: { id: 'new-id', name: 'Versand' } } },
        { method: 'POST', path: '/api/send-schedule-to-students', reply: { body: { recipient_count: 2, message: 'Stundenplan an 2 Studierende gesendet.' } } },
      ],
    });
    await calculate();
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan versenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern und versenden' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Versand' } });
    // The calendar files' last day, 15 weeks ahead by default, changeable
    const until = within(dialog).getByLabelText('Termine im Kalender bis') as HTMLInputElement;
    expect(until.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(until, { target: { value: '2027-02-28' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und versenden' }));
    expect(await screen.findByText('Stundenplan gespeichert und an 2 Studierende gesendet.')).toBeTruthy();
    const order = fetchMock.calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(order).toEqual([CALC, '/api/export-pdf-alternative', CREATE, '/api/send-schedule-to-students']);
    const form = fetchMock.callsTo('/api/send-schedule-to-students')[0]!.body as FormData;
    expect(form.get('class_id')).toBe(CLASS_ID);
    expect((form.get('pdf') as File).name).toBe('stundenplan.pdf');
    expect(form.get('until')).toBe('2027-02-28');
  });

  it("send failure: 'Fehler beim Versenden oder Speichern'", async () => {
    renderPlanner({
      routes: [
        calcRoute,
        { method: 'POST', path: '/api/export-pdf-alternative', reply: { body: '%PDF-1.4 fake' } },
        { method: 'POST', path: CREATE, reply: { status: 201, body: { id: 'new-id', name: 'x' } } },
        {
          method: 'POST',
          path: '/api/send-schedule-to-students',
          reply: { status: 400, body: { detail: 'Keine Studierenden mit E-Mail-Adresse in dieser Klasse.' } },
        },
      ],
    });
    await calculate();
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan versenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern und versenden' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und versenden' }));
    expect(await screen.findByText('Fehler beim Versenden oder Speichern')).toBeTruthy();
    expect(within(dialog).getByText('Keine Studierenden mit E-Mail-Adresse in dieser Klasse.')).toBeTruthy();
  });

  it('lists saved schedules, loads one, deletes one after confirmation', async () => {
    const OTHER = { ...SAVED, id: '44444444-4444-4444-8444-444444444444', name: 'Plan B', created_at: '2025-09-01T10:00:00.000Z' };
    const { fetchMock } = renderPlanner({
      schedules: [SAVED, OTHER],
      routes: [
        ...loadedRoutes({
          '0': [
            ['10.00', 'm-anna'],
            ['10.15', 'm-anna'],
          ],
        }),
        {
          method: 'GET',
          path: `/api/schedules/${OTHER.id}`,
          reply: {
            body: {
              ...OTHER,
              available_times: {
                '1': [
                  ['8.00', 'm-ben'],
                  ['8.15', 'm-ben'],
                  ['8.30', 'm-ben'],
                ],
              },
            },
          },
        },
        { method: 'DELETE', path: `${CREATE}/${OTHER.id}`, reply: { status: 500, body: { detail: 'nein' } } },
      ],
    });
    await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan laden' }));
    let dialog = await screen.findByRole('dialog', { name: 'Stundenplan laden' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Laden: Plan B' }));
    expect(await screen.findByRole('button', { name: 'Ben Schröder, Dienstag 08:00–08:45 Uhr' })).toBeTruthy();
    expect(document.querySelector('.lesson[data-member="m-anna"]')).toBeNull();

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan laden' }));
    dialog = await screen.findByRole('dialog', { name: 'Stundenplan laden' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen: Plan B' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stundenplan löschen?' });
    expect(fetchMock.callsTo(`${CREATE}/${OTHER.id}`, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Fehler beim Löschen des Stundenplans')).toBeTruthy();
    expect(fetchMock.callsTo(`${CREATE}/${OTHER.id}`, 'DELETE')).toHaveLength(1);
  });
});
