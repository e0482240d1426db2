import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../shared/toast/toast-store';
import { ANNA, BEN, CARLA } from './model/fixtures';
import { CLASS_ID, renderPlanner, savedSchedule, tick } from './test-utils';

// Anna (A week) and Ben (B week) share Monday 10:00; Carla is weekly on Tuesday 9:00.
const { summary: SAVED, route: savedRoute } = savedSchedule('22222222-2222-4222-8222-222222222222', 'Plan AB', {
  '0': [
    ['10.00', 'm-anna', 'A'],
    ['10.00', 'm-ben', 'B'],
    ['10.15', 'm-anna', 'A'],
    ['10.15', 'm-ben', 'B'],
    ['10.30', 'm-ben', 'B'],
  ],
  '1': [
    ['9.00', 'm-carla'],
    ['9.15', 'm-carla'],
    ['9.30', 'm-carla'],
    ['9.45', 'm-carla'],
  ],
});
const MEMBERS = [
  { ...ANNA, frequency: 'biweekly' as const },
  { ...BEN, frequency: 'biweekly' as const },
  { ...CARLA, frequency: 'weekly' as const },
];

async function key(code: string, target: Element | Document = document) {
  fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
  await tick();
}

const UPDATE = `/api/classes/${CLASS_ID}/schedules/${SAVED.id}`;
/** The bar of the selected lesson (found by its class: the role query does not see it in jsdom). */
const lessonBar = () =>
  waitFor(() => {
    const bar = document.querySelector<HTMLElement>('.lesson-bar[aria-label="Ausgewählte Stunde"]');
    if (!bar) throw new Error('no lesson bar');
    return bar;
  });
const toastsOf = (kind: string) =>
  getToasts()
    .filter((t) => t.kind === kind)
    .map((t) => t.message);

describe('PlannerStep: 14-day lessons', { timeout: 30_000 }, () => {
  it('shows two biweekly students of one quarter hour side by side, switches weeks only into a free one and saves the weeks', async () => {
    const { fetchMock } = renderPlanner({
      members: MEMBERS,
      schedules: [SAVED],
      routes: [savedRoute, { method: 'PUT', path: UPDATE, reply: { body: { ...SAVED } } }],
    });
    const anna = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, A-Woche' });
    const ben = screen.getByRole('button', { name: 'Ben Schröder, Montag 10:00–10:45 Uhr, B-Woche' });
    expect(anna.className).toContain('lesson--week-a');
    expect(ben.className).toContain('lesson--week-b');
    // Sharing a time, each takes half of the cells.
    expect(anna.className).toContain('lesson--half');
    expect(ben.className).toContain('lesson--half');
    // The letter is drawn by CSS from data-text: the tile's text is the name alone.
    expect(anna.querySelector('[data-mark="week"]')?.getAttribute('data-text')).toBe('A');
    expect(ben.querySelector('[data-mark="week"]')?.getAttribute('data-text')).toBe('B');
    expect(screen.getByRole('button', { name: 'Carla, Dienstag 09:00–10:00 Uhr' }).className).not.toContain('lesson--week');
    expect(screen.getByText('A / B: 14-tägliche Stunde in der A- oder B-Woche')).toBeTruthy();

    // Ben has the B week at this time: Anna cannot go there.
    fireEvent.click(anna);
    const bar = within(await lessonBar());
    expect(bar.getByText('A-Woche')).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'In die B-Woche' }));
    await waitFor(() => expect(toastsOf('error')).toContain('Dieser Zeitraum ist bereits belegt (Ben Schröder).'));
    expect(screen.getByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, A-Woche' })).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'Fertig' }));

    // Moved by keyboard to Tuesday 10:00 the lesson keeps its A week; there the B week is free.
    anna.focus();
    await key('Space', anna);
    await key('ArrowRight');
    await key('Space');
    const dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eintragen' }));
    const moved = await screen.findByRole('button', { name: 'Anna Müller, Dienstag 10:00–10:30 Uhr, A-Woche' });
    expect(moved.className).not.toContain('lesson--half');
    fireEvent.click(moved);
    fireEvent.click(within(await lessonBar()).getByRole('button', { name: 'In die B-Woche' }));
    expect(await screen.findByRole('button', { name: 'Anna Müller, Dienstag 10:00–10:30 Uhr, B-Woche' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Stundenplan speichern/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Stundenplan speichern' })).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock.callsTo(UPDATE, 'PUT')).toHaveLength(1));
    const times = (fetchMock.callsTo(UPDATE, 'PUT')[0]!.body as { available_times: Record<string, unknown[]> }).available_times;
    expect(times['0']).toEqual([
      ['10.00', 'm-ben', 'B'],
      ['10.15', 'm-ben', 'B'],
      ['10.30', 'm-ben', 'B'],
    ]);
    expect(times['1']).toEqual([
      ['9.00', 'm-carla'],
      ['9.15', 'm-carla'],
      ['9.30', 'm-carla'],
      ['9.45', 'm-carla'],
      ['10.00', 'm-anna', 'B'],
      ['10.15', 'm-anna', 'B'],
    ]);
  });

  it('places a biweekly student into the B week where the A week is taken', async () => {
    renderPlanner({
      members: MEMBERS,
      schedules: [SAVED],
      routes: [savedRoute],
    });
    const anna = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, A-Woche' });
    // Take Ben out, then put him back at Anna's time: the A week is hers, so he gets the B week.
    fireEvent.click(
      within(screen.getByRole('button', { name: 'Ben Schröder, Montag 10:00–10:45 Uhr, B-Woche' })).getByRole('button', { name: /aus dem Plan entfernen/ }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Ben Schröder, Montag/ })).toBeNull());
    fireEvent.click(screen.getByText('Ben S.'));
    const cell = document.querySelector('[data-cell="0:40"]') as HTMLElement;
    fireEvent.click(cell);
    // Ben's times (L: Monday 9:00-10:00) do not cover 10:00-10:45.
    const dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eintragen' }));
    expect(await screen.findByRole('button', { name: 'Ben Schröder, Montag 10:00–10:45 Uhr, B-Woche' })).toBeTruthy();
    expect(anna.isConnected).toBe(true);
  });
});
