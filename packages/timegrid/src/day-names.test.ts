import { describe, expect, it } from 'vitest';
import { DAY_NAMES, DAY_NAMES_UPPER, DAY_SHORT, TimegridError, dayIndexFromName, dayName, dayShort, isValidDay } from './index.js';

describe('day name tables', () => {
  it('run Monday to Sunday in German', () => {
    expect(DAY_NAMES).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);
    expect(DAY_SHORT).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(DAY_NAMES_UPPER).toEqual(['MONTAG', 'DIENSTAG', 'MITTWOCH', 'DONNERSTAG', 'FREITAG', 'SAMSTAG', 'SONNTAG']);
  });

  it('are frozen', () => {
    expect(Object.isFrozen(DAY_NAMES)).toBe(true);
    expect(Object.isFrozen(DAY_SHORT)).toBe(true);
    expect(Object.isFrozen(DAY_NAMES_UPPER)).toBe(true);
  });
});

describe('dayName and dayShort', () => {
  it('map indexes 0..6', () => {
    expect(dayName(0)).toBe('Montag');
    expect(dayName(6)).toBe('Sonntag');
    expect(dayShort(3)).toBe('Do');
  });

  it.each([-1, 7, 1.5, Number.NaN])('throw a TimegridError for %s', (day) => {
    expect(() => dayName(day)).toThrow(TimegridError);
    expect(() => dayShort(day)).toThrow(TimegridError);
  });
});

describe('dayIndexFromName', () => {
  it.each([
    ['Montag', 0],
    ['montag', 0],
    ['MONTAG', 0],
    ['Mittwoch', 2],
    ['DONNERSTAG', 3],
    ['sonntag', 6],
    ['  Freitag ', 4],
    ['sAmStAg', 5],
  ])('reads "%s" as %i', (name, index) => expect(dayIndexFromName(name)).toBe(index));

  it.each([['Mo'], ['Monday'], [''], ['Montagx'], [0], [null], [undefined]])('returns undefined for %j', (name) =>
    expect(dayIndexFromName(name)).toBeUndefined(),
  );
});

describe('isValidDay', () => {
  it('accepts integers 0..6 only', () => {
    expect([0, 3, 6].every(isValidDay)).toBe(true);
    expect([-1, 7, 0.5, '0', null].some(isValidDay)).toBe(false);
  });
});
