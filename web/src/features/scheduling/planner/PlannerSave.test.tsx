import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calcAnswer, placementView } from './model/fixtures';
import { calcRoute, calculate, CREATE, DAYS7, EXISTING_ID, SAVED, saveButton } from './save-test-utils';
import { CLASS_ID, renderPlanner } from './test-utils';

describe('PlannerStep: saving a new plan', { timeout: 30_000 }, () => {
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
});
