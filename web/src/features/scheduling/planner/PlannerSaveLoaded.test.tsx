import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calcRoute, calculate, CREATE, loadedRoutes, SAVED, saveButton } from './save-test-utils';
import { renderPlanner } from './test-utils';

describe('PlannerStep: saving a loaded plan, and failed saves', { timeout: 30_000 }, () => {
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
