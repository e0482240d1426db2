import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import {
  applyStroke,
  clampRange,
  countOutsideView,
  extentOf,
  finishDrag,
  hourLabel,
  moveDrag,
  moveFocus,
  paint,
  paintValueFor,
  rectangle,
  slotTime,
  startDrag,
  toggleCell,
  twoTap,
  unionRange,
  visibleCell,
  visibleDays,
  visibleSlots,
  weekMinutes,
} from './grid-model';

const week = (map: Record<string, string[]>) => WeekSlots.fromTimesMap(map);

describe('rows and labels', () => {
  it('shows slot start up to, not including, end (32..76 = 8:00 to 19:00)', () => {
    const slots = visibleSlots({ start: 32, end: 76 });
    expect(slots).toHaveLength(44);
    expect(slots[0]).toBe(32);
    expect(slots.at(-1)).toBe(75);
  });

  it('clamps nonsense ranges to at least one row inside the day', () => {
    expect(clampRange({ start: -5, end: 200 })).toEqual({ start: 0, end: 96 });
    expect(clampRange({ start: 50, end: 10 })).toEqual({ start: 50, end: 51 });
  });

  it('labels only rows at minute 00', () => {
    expect(hourLabel(32)).toBe('08:00');
    expect(hourLabel(33)).toBeNull();
    expect(hourLabel(35)).toBeNull();
    expect(hourLabel(0)).toBe('00:00');
    expect(hourLabel(92)).toBe('23:00');
  });

  it('formats slot starts', () => {
    expect(slotTime(37)).toBe('9:15');
    expect(slotTime(38)).toBe('9:30');
    expect(slotTime(96)).toBe('24:00');
  });

  it('lists the visible days without the hidden ones', () => {
    expect(visibleDays()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(visibleDays([1, 5, 6])).toEqual([0, 2, 3, 4]);
  });
});

describe('rectangle and paint', () => {
  it('spans every day column and every slot between two corners, in any corner order', () => {
    const r = rectangle({ day: 2, slot: 40 }, { day: 0, slot: 37 });
    expect(r.toTimesMap()).toEqual({
      '0': ['9.15', '9.30', '9.45', '10.00'],
      '1': ['9.15', '9.30', '9.45', '10.00'],
      '2': ['9.15', '9.30', '9.45', '10.00'],
    });
  });

  it('skips hidden days between the corners', () => {
    const r = rectangle({ day: 0, slot: 36 }, { day: 3, slot: 36 }, [0, 2, 3]);
    expect(r.daysWithSlots()).toEqual([0, 2, 3]);
  });

  it('adds or removes the area but never touches disabled slots', () => {
    const value = week({ '0': ['9.00'], '1': ['9.00'] });
    const area = rectangle({ day: 0, slot: 36 }, { day: 1, slot: 37 });
    const enabled = week({ '0': ['9.00', '9.15'] });
    expect(paint(value, area, true, enabled).toTimesMap()).toEqual({ '0': ['9.00', '9.15'], '1': ['9.00'] });
    expect(paint(value, area, false, enabled).toTimesMap()).toEqual({ '1': ['9.00'] });
    expect(paint(value, area, false).isEmpty()).toBe(true);
  });

  it('a stroke paints the opposite of its first cell', () => {
    const value = week({ '0': ['9.00'] });
    expect(paintValueFor(value, { day: 0, slot: 36 })).toBe(false);
    expect(paintValueFor(value, { day: 0, slot: 37 })).toBe(true);
    // starting on an empty cell fills the whole rectangle, even over set cells
    expect(applyStroke(value, { day: 0, slot: 37 }, { day: 0, slot: 35 }).toTimesMap()).toEqual({ '0': ['8.45', '9.00', '9.15'] });
    // starting on a set cell clears the whole rectangle
    expect(applyStroke(week({ '0': ['9.00', '9.15', '9.30'] }), { day: 0, slot: 36 }, { day: 0, slot: 37 }).toTimesMap()).toEqual({ '0': ['9.30'] });
  });

  it('toggles single cells, except disabled ones', () => {
    const enabled = week({ '0': ['9.00'] });
    const on = toggleCell(WeekSlots.empty(), { day: 0, slot: 36 }, enabled);
    expect(on.has(0, 36)).toBe(true);
    expect(toggleCell(on, { day: 0, slot: 36 }, enabled).isEmpty()).toBe(true);
    expect(toggleCell(on, { day: 0, slot: 40 }, enabled)).toBe(on);
  });
});

describe('drag', () => {
  it('paints the first cell’s new state over the rectangle to the last cell', () => {
    const value = week({ '1': ['10.00'] });
    let drag = startDrag(value, { day: 0, slot: 36 })!;
    expect(drag.paintOn).toBe(true);
    drag = moveDrag(drag, { day: 1, slot: 36 });
    drag = moveDrag(drag, { day: 1, slot: 39 });
    expect(finishDrag(value, drag).toTimesMap()).toEqual({
      '0': ['9.00', '9.15', '9.30', '9.45'],
      '1': ['9.00', '9.15', '9.30', '9.45', '10.00'],
    });
  });

  it('moving back shrinks the rectangle', () => {
    let drag = startDrag(WeekSlots.empty(), { day: 0, slot: 36 })!;
    drag = moveDrag(drag, { day: 0, slot: 44 });
    drag = moveDrag(drag, { day: 0, slot: 37 });
    expect(finishDrag(WeekSlots.empty(), drag).count()).toBe(2);
  });

  it('keeps the same state object when the pointer stays in the cell', () => {
    const drag = startDrag(WeekSlots.empty(), { day: 0, slot: 36 })!;
    expect(moveDrag(drag, { day: 0, slot: 36 })).toBe(drag);
  });

  it('does not start on a disabled cell', () => {
    expect(startDrag(WeekSlots.empty(), { day: 0, slot: 10 }, week({ '0': ['9.00'] }))).toBeNull();
  });
});

describe('two taps', () => {
  it('the first tap marks a corner, the second applies the rectangle', () => {
    const first = twoTap({ anchor: null }, WeekSlots.empty(), { day: 0, slot: 36 });
    expect(first.state.anchor).toEqual({ day: 0, slot: 36 });
    expect(first.value).toBeNull();
    const second = twoTap(first.state, WeekSlots.empty(), { day: 2, slot: 37 });
    expect(second.state.anchor).toBeNull();
    expect(second.value!.toTimesMap()).toEqual({ '0': ['9.00', '9.15'], '1': ['9.00', '9.15'], '2': ['9.00', '9.15'] });
  });

  it('two taps on the same cell toggle just that cell', () => {
    const value = week({ '4': ['12.00'] });
    const first = twoTap({ anchor: null }, value, { day: 4, slot: 48 });
    const second = twoTap(first.state, value, { day: 4, slot: 48 });
    expect(second.value!.isEmpty()).toBe(true);
  });

  it('a first tap on a disabled cell does nothing', () => {
    const result = twoTap({ anchor: null }, WeekSlots.empty(), { day: 0, slot: 0 }, { enabled: week({ '0': ['9.00'] }) });
    expect(result.state.anchor).toBeNull();
  });

  it('the rectangle leaves disabled cells alone', () => {
    const enabled = week({ '0': ['9.00'], '1': ['9.15'] });
    const first = twoTap({ anchor: null }, WeekSlots.empty(), { day: 0, slot: 36 }, { enabled });
    const second = twoTap(first.state, WeekSlots.empty(), { day: 1, slot: 37 }, { enabled });
    expect(second.value!.toTimesMap()).toEqual({ '0': ['9.00'], '1': ['9.15'] });
  });
});

describe('keyboard focus', () => {
  const days = [0, 2, 4];
  const range = { start: 32, end: 40 };

  it('moves by arrows within the visible days and rows', () => {
    expect(moveFocus({ day: 0, slot: 33 }, 'ArrowDown', days, range)).toEqual({ day: 0, slot: 34 });
    expect(moveFocus({ day: 0, slot: 33 }, 'ArrowUp', days, range)).toEqual({ day: 0, slot: 32 });
    expect(moveFocus({ day: 0, slot: 32 }, 'ArrowUp', days, range)).toEqual({ day: 0, slot: 32 });
    expect(moveFocus({ day: 0, slot: 39 }, 'ArrowDown', days, range)).toEqual({ day: 0, slot: 39 });
    expect(moveFocus({ day: 0, slot: 33 }, 'ArrowRight', days, range)).toEqual({ day: 2, slot: 33 });
    expect(moveFocus({ day: 4, slot: 33 }, 'ArrowRight', days, range)).toEqual({ day: 4, slot: 33 });
    expect(moveFocus({ day: 2, slot: 33 }, 'ArrowLeft', days, range)).toEqual({ day: 0, slot: 33 });
    expect(moveFocus({ day: 2, slot: 33 }, 'End', days, range)).toEqual({ day: 4, slot: 33 });
    expect(moveFocus({ day: 2, slot: 33 }, 'Home', days, range)).toEqual({ day: 0, slot: 33 });
    expect(moveFocus({ day: 2, slot: 33 }, 'PageDown', days, range)).toEqual({ day: 2, slot: 37 });
    expect(moveFocus({ day: 2, slot: 33 }, 'x', days, range)).toBeNull();
  });

  it('keeps the focus cell inside the view', () => {
    expect(visibleCell(null, days, range)).toEqual({ day: 0, slot: 32 });
    expect(visibleCell({ day: 1, slot: 50 }, days, range)).toEqual({ day: 0, slot: 39 });
    expect(visibleCell({ day: 2, slot: 35 }, days, range)).toEqual({ day: 2, slot: 35 });
    expect(visibleCell({ day: 2, slot: 35 }, [], range)).toBeNull();
  });
});

describe('week extents', () => {
  it('finds the first and last+1 slot over all days', () => {
    expect(extentOf(WeekSlots.empty())).toBeNull();
    expect(extentOf(week({ '0': ['9.00'], '3': ['7.45', '17.30'] }))).toEqual({ start: 31, end: 71 });
    expect(unionRange({ start: 32, end: 76 }, { start: 20, end: 40 })).toEqual({ start: 20, end: 76 });
    expect(unionRange(null, { start: 1, end: 2 })).toEqual({ start: 1, end: 2 });
  });

  it('counts set slots out of view', () => {
    const value = week({ '0': ['7.00', '9.00'], '6': ['9.00'] });
    expect(countOutsideView(value, { start: 32, end: 76 })).toBe(1);
    expect(countOutsideView(value, { start: 32, end: 76 }, [6])).toBe(2);
    expect(weekMinutes(value)).toBe(45);
  });
});
