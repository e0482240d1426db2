import { describe, expect, it } from 'vitest';
import { firstFreeCell } from './use-grid-keyboard';

describe('firstFreeCell: the planner grid’s first tab stop', () => {
  const range = { start: 52, end: 60 };

  it('is Monday at the range’s start when that cell is free', () => {
    expect(firstFreeCell(range, () => false)).toEqual({ day: 0, slot: 52 });
  });

  it('is never a cell under a lesson: the next free cell in reading order (row by row, Monday to Sunday)', () => {
    const lessons = new Set(['0:52', '0:53', '1:52']);
    expect(firstFreeCell(range, (day, slot) => lessons.has(`${day}:${slot}`))).toEqual({ day: 2, slot: 52 });
    const mondayToSunday = (_day: number, slot: number) => slot === 52;
    expect(firstFreeCell(range, mondayToSunday)).toEqual({ day: 0, slot: 53 });
  });

  it('falls back to Monday at the start when every cell is taken', () => {
    expect(firstFreeCell(range, () => true)).toEqual({ day: 0, slot: 52 });
  });
});
