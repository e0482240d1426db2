import '../../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calcAnswer, placementView } from './model/fixtures';
import { CLASS_ID, renderPlanner } from './test-utils';

const CALC = '/api/cp-sat-berechnung-from-db';
const SAVED = { id: '11111111-1111-4111-8111-111111111111', name: 'Plan Oktober', class_id: CLASS_ID, created_at: '2025-10-01T10:00:00.000Z' };

const SUCCESS = calcAnswer([placementView('m-anna', 0, 40, 42, true), placementView('m-ben', 1, 32, 35)], {
  skipped_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Keine verfügbaren Zeiten eingetragen' }],
});

const INFEASIBLE = {
  detail: {
    error_type: 'INFEASIBLE',
    message: 'Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.',
    skipped_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Keine verfügbaren Zeiten eingetragen' }],
    unscheduled_students: [{ member_id: 'm-ben', name: 'Ben Schröder', reason: 'Alle passenden Zeitfenster sind bereits belegt' }],
    best_plan: { timetable: {}, placements: [placementView('m-anna', 0, 40, 42)] },
  },
};

class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  emit(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {
    this.closed = true;
  }
}

async function ready() {
  await screen.findByText('Anna M.');
}

describe('PlannerStep: calculation', { timeout: 30_000 }, () => {
  it('sends wiggle room, class and time preferences, shows progress, then the plan and the success toast', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let answer: (v: unknown) => void = () => undefined;
    const { fetchMock, onUnsavedChange } = renderPlanner({ routes: [{ method: 'POST', path: CALC, reply: { hang: true } }] });
    await ready();
    // Let the POST answer when the test says so.
    fetchMock.fn.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.change(screen.getByLabelText('Spielraum'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    expect(await screen.findByText('Berechnung läuft...')).toBeTruthy();
    expect(screen.getByText('Bitte haben Sie einen Moment Geduld...')).toBeTruthy();
    expect(FakeEventSource.last!.url).toBe('/api/progress');
    act(() => FakeEventSource.last!.emit({ run_id: 'r', class_id: CLASS_ID, stage: 'first-plan', percent: 35, label: 'Erster Plan gefunden' }));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
    expect(screen.getByText('Erster Plan gefunden')).toBeTruthy();
    act(() => FakeEventSource.last!.emit({ run_id: 'r', class_id: 'another-class', stage: 'compacting', percent: 85, label: 'x' }));
    expect(bar.getAttribute('aria-valuenow')).toBe('35');

    const init = fetchMock.fn.mock.calls.find(([url]) => url === CALC)![1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({
      wiggleRoom: 1,
      selectedClass: CLASS_ID,
      timePreferences: { 'm-anna': 'available_times_user_input', 'm-ben': 'available_times', 'm-carla': 'available_times' },
    });
    await act(async () => answer(new Response(JSON.stringify(SUCCESS), { status: 200 })));

    expect(await screen.findByText('Neuer Stundenplan erfolgreich berechnet!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, fixiert' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ben Schröder, Dienstag 08:00–08:45 Uhr' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Berechneter Plan 22.11.2025');
    expect(FakeEventSource.last!.closed).toBe(true);
    expect(screen.queryByText('Berechnung läuft...')).toBeNull();
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
    // Carla could not be placed: her panel says so.
    const carla = screen.getByText('Carla').closest('.student-panel') as HTMLElement;
    expect(within(carla).getByRole('img', { name: /Student\*in ist nicht zu dir eingeteilt/ })).toBeTruthy();
    // ... and why (the calculation's German reason).
    expect(within(carla).getByRole('img', { name: /Student\*in ist nicht zu dir eingeteilt\. Keine verfügbaren Zeiten eingetragen/ })).toBeTruthy();
  });

  it('sends locked lessons as pinned', async () => {
    const { fetchMock } = renderPlanner({
      schedules: [SAVED],
      routes: [
        {
          method: 'GET',
          path: `/api/schedules/${SAVED.id}`,
          reply: {
            body: {
              ...SAVED,
              available_times: {
                '0': [
                  ['10.00', 'm-anna'],
                  ['10.15', 'm-anna'],
                ],
                '1': [
                  ['8.00', 'm-ben'],
                  ['8.15', 'm-ben'],
                  ['8.30', 'm-ben'],
                ],
              },
              pinned: [],
            },
          },
        },
        { method: 'POST', path: CALC, reply: { body: SUCCESS } },
      ],
    });
    const lesson = await screen.findByRole('button', { name: 'Ben Schröder, Dienstag 08:00–08:45 Uhr' });
    fireEvent.click(within(lesson).getByRole('button', { name: /Stunde fixieren/ }));
    expect(screen.getByRole('button', { name: 'Ben Schröder, Dienstag 08:00–08:45 Uhr, fixiert' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    await screen.findByText('Neuer Stundenplan erfolgreich berechnet!');
    expect(fetchMock.callsTo(CALC)[0]!.body).toMatchObject({ wiggleRoom: 3, pinned: [{ member_id: 'm-ben', day: 1, start: '8.00' }] });
  });

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
