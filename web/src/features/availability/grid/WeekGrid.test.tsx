import '../../../test/dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it('renders read-only without a change handler', () => {
    render(<WeekGrid label="Nur lesen" value={WeekSlots.fromTimesMap({ '0': ['8.00'] })} range={{ start: 32, end: 36 }} />);
    expect(screen.queryByRole('grid')).toBeNull();
    const table = screen.getByRole('table', { name: 'Nur lesen' });
    expect(within(table).getByLabelText('Montag 8:00 bis 8:15, ausgewählt')).toBeTruthy();
    fireEvent.pointerDown(cell(0, 33), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(document);
    expect(within(table).queryByLabelText('Montag 8:15 bis 8:30, ausgewählt')).toBeNull();
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
