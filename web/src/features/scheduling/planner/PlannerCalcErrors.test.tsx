import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CALC, renderPlanner } from './test-utils';
import { INFEASIBLE, ready } from './calc-test-utils';

describe('PlannerStep: calculation errors', { timeout: 30_000 }, () => {
  it("400 object detail: the modal with the INFEASIBLE text, both lists with reasons, suggestions, 'Zeitverfügbarkeiten anpassen' and the best plan", async () => {
    const { onEditTimes } = renderPlanner({ routes: [{ method: 'POST', path: CALC, reply: { status: 400, body: INFEASIBLE } }] });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan konnte nicht erstellt werden' });
    expect(
      within(dialog).getByText('Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Studenten ohne Zeitverfügbarkeit')).toBeTruthy();
    expect(within(dialog).getByText('Studenten, die nicht eingeplant werden konnten')).toBeTruthy();
    expect(within(dialog).getByText('Ben Schröder').parentElement!.textContent).toBe('Ben Schröder: Alle passenden Zeitfenster sind bereits belegt');
    expect(within(dialog).getByText('Carla').parentElement!.textContent).toBe('Carla: Keine verfügbaren Zeiten eingetragen');
    expect(within(dialog).getByText('Erhöhen Sie den Spielraum, damit mehr Studierende ohne Termin bleiben dürfen.')).toBeTruthy();
    expect(within(dialog).getByText('Passen Sie Ihre eigenen Zeiten in Schritt 2 an.')).toBeTruthy();
    expect(within(dialog).getByText('Überprüfen Sie die Zeiten der Studierenden.')).toBeTruthy();
    expect(within(dialog).getAllByRole('button', { name: 'Schließen' }).length).toBeGreaterThan(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Besten Teilplan übernehmen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' })).toBeTruthy();
    // The taken-over partial plan keeps the reasons on the panels of those left out.
    const ben = screen.getByText('Ben S.').closest('.student-panel') as HTMLElement;
    expect(within(ben).getByRole('img', { name: /Student\*in ist nicht zu dir eingeteilt\. Alle passenden Zeitfenster sind bereits belegt/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    const again = await screen.findByRole('dialog', { name: 'Stundenplan konnte nicht erstellt werden' });
    fireEvent.click(within(again).getByRole('button', { name: 'Zeitverfügbarkeiten anpassen' }));
    expect(onEditTimes).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('400 object detail of another error type', async () => {
    renderPlanner({
      routes: [
        {
          method: 'POST',
          path: CALC,
          reply: {
            status: 400,
            body: {
              detail: {
                error_type: 'UNKNOWN',
                message: 'Solver abgestürzt',
                skipped_students: [],
                unscheduled_students: [],
                best_plan: { timetable: {}, placements: [] },
              },
            },
          },
        },
      ],
    });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stundenplan konnte nicht erstellt werden' });
    expect(within(dialog).getByText('Die automatische Stundenplanerstellung war nicht erfolgreich. Dies kann verschiedene Gründe haben.')).toBeTruthy();
    expect(within(dialog).getByText('Solver abgestürzt')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Besten Teilplan übernehmen' })).toBeNull();
  });

  it('string detail, other errors and a missing result', async () => {
    const replies = [
      { status: 400, body: { detail: 'Bitte wählen Sie zuerst eine Klasse aus.' } },
      { status: 502, body: {} },
      { status: 200, body: { stats: {} } },
    ];
    renderPlanner({ routes: [{ method: 'POST', path: CALC, reply: () => replies.shift()! }] });
    await ready();
    const expectModal = async (text: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Stundenplan konnte nicht erstellt werden' });
      expect(within(dialog).getByText(text)).toBeTruthy();
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Schließen' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await expectModal('Bitte wählen Sie zuerst eine Klasse aus.');
    await expectModal('Fehler 502');
    await expectModal('Unerwartetes Ergebnisformat von der Berechnung erhalten.');
  });
});
