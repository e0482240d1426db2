import '../../../test/dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CALC, CLASS_ID, renderPlanner } from './test-utils';
import { FakeEventSource, ready, SAVED, SUCCESS } from './calc-test-utils';

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
});
