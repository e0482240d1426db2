import '../../../test/dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPlanner, tick } from './test-utils';

/** The planner's own polite status region (picks and drops by tap or keyboard on a cell, override answers). */
function status(): string {
  return document.querySelector('.planner-status')?.textContent?.trim() ?? '';
}

function panel(shortName: string) {
  return screen.getByText(shortName).closest('.student-panel__main') as HTMLElement;
}

describe('PlannerStep: the week as an ARIA grid', { timeout: 30_000 }, () => {
  it('has day column headers, time row headers and a named cell per quarter hour', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const grid = screen.getByRole('grid', { name: 'Wochenplan' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Uhrzeit', 'MontagMo', 'DienstagDi', 'MittwochMi', 'DonnerstagDo', 'FreitagFr', 'SamstagSa', 'SonntagSo']);
    expect(within(grid).getByRole('rowheader', { name: '09:00' })).toBeTruthy();
    expect(within(grid).getByRole('rowheader', { name: '09:15' })).toBeTruthy();
    // 8.00-19.00: 44 rows of 7 cells, plus the header row.
    expect(within(grid).getAllByRole('row')).toHaveLength(45);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(44 * 7);
    expect(within(grid).getByRole('gridcell', { name: 'Montag 09:15, frei' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'Dienstag 09:15, frei, nicht in deinen Zeiten' })).toBeTruthy();
    // One tab stop; the arrow keys move it.
    const stops = within(grid)
      .getAllByRole('gridcell')
      .filter((c) => c.tabIndex === 0);
    expect(stops.map((c) => c.getAttribute('aria-label'))).toEqual(['Montag 08:00, frei']);
    stops[0]!.focus();
    fireEvent.keyDown(stops[0]!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Dienstag 09:15, frei, nicht in deinen Zeiten');
    expect((document.activeElement as HTMLElement).tabIndex).toBe(0);
  });

  it('moves the focus with each arrow key at once, also for keys that come before the grid renders again', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const grid = screen.getByRole('grid', { name: 'Wochenplan' });
    const start = within(grid).getByRole('gridcell', { name: 'Montag 08:00, frei' });
    start.focus();
    // A held arrow key on a busy main thread: three presses, one render.
    act(() => {
      for (const key of ['ArrowRight', 'ArrowDown', 'ArrowDown']) fireEvent.keyDown(document.activeElement!, { key });
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Dienstag 08:30, frei, nicht in deinen Zeiten');
    expect((document.activeElement as HTMLElement).tabIndex).toBe(0);
  });

  it('names the cells of a placed lesson belegt with the student, after a keyboard drop', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const anna = panel('Anna M.');
    anna.focus();
    fireEvent.keyDown(anna, { code: 'Space', key: ' ' });
    await tick();
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await tick();
    await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    const grid = screen.getByRole('grid', { name: 'Wochenplan' });
    expect(within(grid).getByRole('gridcell', { name: 'Montag 10:00, belegt: Anna Müller' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'Montag 10:15, belegt: Anna Müller' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'Montag 10:30, frei' })).toBeTruthy();
    // dnd-kit's live region said the drop.
    expect(document.body.textContent).toContain('Anna Müller abgelegt.');
  });

  it('announces a pick by click and a drop or refusal with Enter on a cell', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    fireEvent.click(panel('Anna M.'));
    expect(status()).toBe('Anna Müller ausgewählt. Wähle eine freie Zelle im Wochenplan.');
    const grid = screen.getByRole('grid', { name: 'Wochenplan' });
    const target = within(grid).getByRole('gridcell', { name: 'Montag 10:00, frei' });
    target.focus();
    fireEvent.keyDown(target, { key: 'Enter' });
    await tick();
    expect(status()).toBe('Anna Müller abgelegt.');
    expect(await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' })).toBeTruthy();

    // Ben onto Anna's lesson: refused (the toast says why), and said so.
    fireEvent.click(panel('Ben S.'));
    expect(status()).toBe('Ben Schröder ausgewählt. Wähle eine freie Zelle im Wochenplan.');
    const taken = within(grid).getByRole('gridcell', { name: 'Montag 10:15, belegt: Anna Müller' });
    taken.focus();
    fireEvent.keyDown(taken, { key: ' ' });
    await tick();
    expect(status()).toBe('Ben Schröder nicht abgelegt.');

    // A second click on the panel lets go.
    fireEvent.click(panel('Ben S.'));
    expect(status()).toBe('Auswahl aufgehoben.');
  });
});
