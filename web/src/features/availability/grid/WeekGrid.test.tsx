import '../../../test/dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { WeekSlots } from '@stundenplan/timegrid';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WeekGrid, type WeekGridProps } from './WeekGrid';

function cell(day: number, slot: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`);
  if (!el) throw new Error(`no cell ${day}/${slot}`);
  return el;
}

/** A controlled grid that records every change. */
function Harness(props: Partial<WeekGridProps> & { initial?: WeekSlots; onChangeSpy?: (w: WeekSlots) => void }) {
  const { initial = WeekSlots.empty(), onChangeSpy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <WeekGrid
      label="Testraster"
      range={{ start: 32, end: 40 }}
      interaction="drag"
      {...rest}
      value={value}
      onChange={(next) => {
        onChangeSpy?.(next);
        setValue(next);
      }}
    />
  );
}

const selected = (day: number, slot: number) => cell(day, slot).getAttribute('aria-selected') === 'true';

describe('WeekGrid rendering', () => {
  it('shows 7 day columns Montag..Sonntag and one row per quarter hour with hour labels at :00', () => {
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: 'Testraster' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Uhrzeit', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(7 * 8);
    const rowHeaders = within(grid)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rowHeaders[0]).toBe('08:00');
    expect(rowHeaders[4]).toBe('09:00');
    // rows at :15 / :30 / :45 carry no visible label
    expect(within(grid).getAllByRole('rowheader')[1]!.querySelector('.visually-hidden')).not.toBeNull();
  });

  it('uses Mo..So when compact (mobile)', () => {
    render(<Harness compact />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Uhrzeit', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
  });

  it('leaves hidden days out', () => {
    render(<Harness hiddenDays={[1, 3, 5, 6]} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Uhrzeit', 'Montag', 'Mittwoch', 'Freitag']);
    expect(document.querySelector('[data-day="1"]')).toBeNull();
  });

  it('renders read-only without a change handler: still a grid, named cells, arrow keys move, nothing changes', () => {
    render(<WeekGrid label="Nur lesen" value={WeekSlots.fromTimesMap({ '0': ['8.00'] })} range={{ start: 32, end: 36 }} />);
    const grid = screen.getByRole('grid', { name: 'Nur lesen' });
    expect(grid.getAttribute('aria-readonly')).toBe('true');
    expect(within(grid).getByRole('gridcell', { name: 'Montag 08:00, verfügbar' })).toBeTruthy();
    fireEvent.pointerDown(cell(0, 33), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(document);
    expect(within(grid).getByRole('gridcell', { name: 'Montag 08:15, nicht verfügbar' })).toBeTruthy();
    // One tab stop; arrow keys move it.
    expect(cell(0, 32).tabIndex).toBe(0);
    expect(cell(1, 32).tabIndex).toBe(-1);
    cell(0, 32).focus();
    fireEvent.keyDown(cell(0, 32), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(1, 32));
    expect(cell(1, 32).tabIndex).toBe(0);
    expect(cell(0, 32).tabIndex).toBe(-1);
  });
});

describe('WeekGrid for screen readers', () => {
  it('names every cell by day, time and state: verfügbar, bevorzugt, nicht verfügbar', () => {
    render(
      <Harness
        initial={WeekSlots.fromTimesMap({ '0': ['9.00', '9.15'] })}
        marked={WeekSlots.fromTimesMap({ '0': ['9.15'] })}
        markedLabel="bevorzugt"
        range={{ start: 36, end: 38 }}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Testraster' });
    expect(within(grid).getByRole('gridcell', { name: 'Montag 09:00, verfügbar' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'Montag 09:15, bevorzugt' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'Dienstag 09:15, nicht verfügbar' })).toBeTruthy();
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    expect(within(grid).getByRole('rowheader', { name: '09:00' })).toBeTruthy();
    expect(within(grid).getByRole('columnheader', { name: 'Montag' })).toBeTruthy();
    expect(grid.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(grid.getAttribute('aria-describedby')!)?.textContent).toContain('Umschalt+Leertaste');
  });

  it('Space toggles one quarter hour and announces it politely', () => {
    render(<Harness />);
    cell(0, 36).focus();
    fireEvent.keyDown(cell(0, 36), { key: ' ' });
    expect(screen.getByRole('gridcell', { name: 'Montag 09:00, verfügbar' })).toBeTruthy();
    const live = document.querySelector('[aria-live="polite"].wg-live')!;
    expect(live.textContent).toBe('Montag 09:00 bis 09:15 als verfügbar markiert');
    fireEvent.keyDown(cell(0, 36), { key: 'Enter' });
    expect(live.textContent).toBe('Montag 09:00 bis 09:15 als nicht verfügbar markiert');
  });

  it('Shift+Space marks a corner, Space on the other corner marks the range and announces it', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} />);
    cell(0, 36).focus();
    fireEvent.keyDown(cell(0, 36), { key: ' ', shiftKey: true });
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Erste Ecke: Montag 09:00. Gehe mit den Pfeiltasten zur zweiten Ecke');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell(0, 39));
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0].toTimesMap()).toEqual({ '0': ['9.00', '9.15', '9.30', '9.45'] });
    expect(document.querySelector('.wg-live')!.textContent).toBe('Montag 09:00 bis 10:00 als verfügbar markiert');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a range over several days names the days; clearing says nicht verfügbar', () => {
    render(<Harness initial={WeekSlots.fromTimesMap({ '0': ['8.00', '8.15'], '1': ['8.00', '8.15'] })} />);
    cell(0, 32).focus();
    fireEvent.keyDown(cell(0, 32), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(cell(0, 32), { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(document.querySelector('.wg-live')!.textContent).toBe('Montag bis Dienstag, 08:00 bis 08:30 als nicht verfügbar markiert');
    expect(screen.getByRole('gridcell', { name: 'Dienstag 08:15, nicht verfügbar' })).toBeTruthy();
  });

  it('a finished drag announces its rectangle', () => {
    render(<Harness />);
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerOver(cell(0, 35));
    fireEvent.pointerUp(document);
    expect(document.querySelector('.wg-live')!.textContent).toBe('Montag 08:00 bis 09:00 als verfügbar markiert');
  });
});

describe('WeekGrid editing with the pointer (drag)', () => {
  it('a click toggles one slot on and off', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} />);
    fireEvent.pointerDown(cell(0, 33), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(document);
    expect(selected(0, 33)).toBe(true);
    expect(spy.mock.calls[0]![0].toTimesMap()).toEqual({ '0': ['8.15'] });
    fireEvent.pointerDown(cell(0, 33), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(document);
    expect(selected(0, 33)).toBe(false);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('a drag paints the first cell’s new state over the rectangle, with a live preview', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} initial={WeekSlots.fromTimesMap({ '1': ['8.30'] })} />);
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerOver(cell(1, 33));
    fireEvent.pointerOver(cell(1, 34));
    expect(cell(1, 33).className).toContain('wg-cell--preview');
    expect(spy).not.toHaveBeenCalled();
    fireEvent.pointerUp(document);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0].toTimesMap()).toEqual({ '0': ['8.00', '8.15', '8.30'], '1': ['8.00', '8.15', '8.30'] });
    expect(cell(1, 33).className).not.toContain('wg-cell--preview');
  });

  it('a drag starting on a set cell clears', () => {
    render(<Harness initial={WeekSlots.fromTimesMap({ '0': ['8.00', '8.15', '8.30'] })} />);
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerOver(cell(0, 33));
    fireEvent.pointerUp(document);
    expect(selected(0, 32)).toBe(false);
    expect(selected(0, 33)).toBe(false);
    expect(selected(0, 34)).toBe(true);
  });

  it('pointercancel and Escape drop a running stroke', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} />);
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerOver(cell(2, 35));
    fireEvent.pointerCancel(document);
    fireEvent.pointerUp(document);
    expect(spy).not.toHaveBeenCalled();
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'mouse' });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.pointerUp(document);
    expect(spy).not.toHaveBeenCalled();
  });

  it('disabled slots can neither start a stroke nor change inside one', () => {
    const enabled = WeekSlots.fromTimesMap({ '0': ['8.00', '8.15'] });
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} enabled={enabled} />);
    expect(cell(0, 34).getAttribute('aria-disabled')).toBe('true');
    fireEvent.pointerDown(cell(0, 34), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(document);
    expect(spy).not.toHaveBeenCalled();
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerOver(cell(1, 35));
    fireEvent.pointerUp(document);
    expect(spy.mock.calls[0]![0].toTimesMap()).toEqual({ '0': ['8.00', '8.15'] });
  });

  it('ignores the mouse click that follows a stroke', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} />);
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(document);
    fireEvent.click(cell(0, 32), { detail: 1 });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(selected(0, 32)).toBe(true);
  });
});

describe('WeekGrid editing with two taps (mobile)', () => {
  it('the first tap marks a corner, the second applies the rectangle', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} interaction="two-tap" />);
    fireEvent.click(cell(0, 32), { detail: 1 });
    expect(spy).not.toHaveBeenCalled();
    expect(cell(0, 32).className).toContain('wg-cell--anchor');
    expect(screen.getByRole('status').textContent).toContain('Erste Ecke: Montag 8:00');
    fireEvent.click(cell(2, 33), { detail: 1 });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0].toTimesMap()).toEqual({ '0': ['8.00', '8.15'], '1': ['8.00', '8.15'], '2': ['8.00', '8.15'] });
    expect(cell(0, 32).className).not.toContain('wg-cell--anchor');
  });

  it('does not drag in two-tap mode and can cancel a corner', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} interaction="two-tap" />);
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(document);
    expect(spy).not.toHaveBeenCalled();
    fireEvent.click(cell(0, 32), { detail: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(cell(0, 32).className).not.toContain('wg-cell--anchor');
  });

  it('touch input uses two taps even in auto mode on a wide screen', () => {
    const spy = vi.fn();
    render(<Harness onChangeSpy={spy} interaction="auto" />);
    fireEvent.pointerDown(cell(0, 32), { button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(document);
    fireEvent.click(cell(0, 32), { detail: 1 });
    expect(spy).not.toHaveBeenCalled();
    fireEvent.pointerDown(cell(0, 34), { button: 0, pointerType: 'touch' });
    fireEvent.click(cell(0, 34), { detail: 1 });
    expect(spy.mock.calls[0]![0].toTimesMap()).toEqual({ '0': ['8.00', '8.15', '8.30'] });
  });
});

describe('WeekGrid keyboard', () => {
  it('one cell is in the tab order; arrows move focus and Space toggles', () => {
    render(<Harness hiddenDays={[1]} />);
    const tabbable = document.querySelectorAll('[data-slot][tabindex="0"]');
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]).toBe(cell(0, 32));
    cell(0, 32).focus();
    fireEvent.keyDown(cell(0, 32), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell(0, 33));
    fireEvent.keyDown(cell(0, 33), { key: 'ArrowRight' });
    // Dienstag is hidden: focus jumps to Mittwoch
    expect(document.activeElement).toBe(cell(2, 33));
    expect(cell(2, 33).getAttribute('tabindex')).toBe('0');
    expect(cell(0, 32).getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(cell(2, 33), { key: ' ' });
    expect(selected(2, 33)).toBe(true);
    fireEvent.keyDown(cell(2, 33), { key: 'Enter' });
    expect(selected(2, 33)).toBe(false);
  });

  it('each arrow key moves the focus at once, also when keys come before the grid renders again', () => {
    render(<Harness hiddenDays={[1]} />);
    cell(0, 32).focus();
    // A held arrow key on a busy main thread: three presses, one render.
    act(() => {
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight']) fireEvent.keyDown(document.activeElement!, { key });
    });
    expect(document.activeElement).toBe(cell(2, 34));
    expect(cell(2, 34).getAttribute('tabindex')).toBe('0');
  });

  it('Space does not toggle a disabled slot', () => {
    render(<Harness enabled={WeekSlots.fromTimesMap({ '0': ['8.00'] })} />);
    fireEvent.keyDown(cell(0, 33), { key: ' ' });
    expect(selected(0, 33)).toBe(false);
  });

  it('a click from assistive technology (detail 0) toggles in drag mode', () => {
    render(<Harness />);
    fireEvent.click(cell(3, 35), { detail: 0 });
    expect(selected(3, 35)).toBe(true);
  });
});
