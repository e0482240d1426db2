import { describe, expect, it } from 'vitest';
import { parseSavedTimes } from './saved-form.js';

const members = new Set(['a', 'b']);

describe('parseSavedTimes', () => {
  it('canonicalizes, sorts, fills all 7 days, skips free cells and drops strangers', () => {
    const { times, dropped } = parseSavedTimes(
      {
        '3': [
          ['10.00', 'b'],
          ['09.45', 'a'],
          ['9.30', ''],
          ['9.00', 'x'],
          ['9.45', 'a'],
        ],
      },
      members,
    );
    expect(times).toEqual({
      '0': [],
      '1': [],
      '2': [],
      '3': [
        ['9.45', 'a'],
        ['10.00', 'b'],
      ],
      '4': [],
      '5': [],
      '6': [],
    });
    expect(dropped).toEqual([{ day: 3, label: '9.00', memberId: 'x' }]);
  });

  it('treats null/undefined as an empty week', () => {
    expect(parseSavedTimes(undefined, members).times['6']).toEqual([]);
    expect(parseSavedTimes({ '1': null }, members).times['1']).toEqual([]);
  });

  it.each([
    [{ Montag: [] }, 'Ungültiger Wochentag: "Montag"'],
    [{ '7': [] }, 'Ungültiger Wochentag: "7"'],
    [{ '0': [['9.05', 'a']] }, 'Ungültige Zeitangabe: "9.05"'],
    [{ '0': [['24.00', 'a']] }, 'Ungültige Zeitangabe: "24.00"'],
    [{ '0': [[900, 'a']] }, 'Ungültiger Eintrag für Wochentag "0": erwartet wird [Zeit, member_id].'],
    [{ '0': 'x' }, 'Die Einträge für Wochentag "0" müssen als Liste angegeben werden.'],
    [[], 'Der Stundenplan muss als Objekt von Wochentag (0 bis 6) zu Einträgen angegeben werden.'],
    [
      {
        '6': [
          ['23.45', 'a'],
          ['23.45', 'b'],
        ],
      },
      'Überschneidung im Stundenplan: Sonntag 23.45 Uhr ist mehrfach belegt. Bitte entfernen Sie die doppelte Belegung.',
    ],
  ])('refuses %j', (input, message) => {
    expect(() => parseSavedTimes(input, members)).toThrow(message);
  });
});
