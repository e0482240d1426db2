import '../../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calcRoute, calculate, CREATE, loadedRoutes, SAVED } from './save-test-utils';
import { CALC, CLASS_ID, renderPlanner } from './test-utils';

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
    // The dialog's recipient counts (send-preview) are read while it is open; the rest runs in this order.
    const order = fetchMock.calls.filter((c) => c.method === 'POST' && !c.url.endsWith('/send-preview')).map((c) => c.url);
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
    // The question replaces the list in the open dialog: the focus goes to its 'Abbrechen', not to the page.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchMock.callsTo(`${CREATE}/${OTHER.id}`, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Fehler beim Löschen des Stundenplans')).toBeTruthy();
    expect(fetchMock.callsTo(`${CREATE}/${OTHER.id}`, 'DELETE')).toHaveLength(1);
  });
});
