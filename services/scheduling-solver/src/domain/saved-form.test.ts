import { describe, expect, it } from 'vitest';
import { CALC_TEXTS } from './calculation-texts.js';
import { parseSavedTimes, SAVED_FORM_ERRORS, storedTimes } from './saved-form.js';

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

  it('keeps the week of biweekly entries: two members share a quarter hour in weeks A and B; old pairs stay weekly', () => {
    const { times } = parseSavedTimes(
      {
        '0': [
          ['9.15', 'b', 'B'],
          ['9.00', 'b', 'B'],
          ['9.00', 'a', 'A'],
          ['9.00', 'a', 'A'],
          ['10.00', 'a', null],
          ['10.15', 'b', ''],
        ],
      },
      members,
    );
    expect(times['0']).toEqual([
      ['9.00', 'a', 'A'],
      ['9.00', 'b', 'B'],
      ['9.15', 'b', 'B'],
      ['10.00', 'a'],
      ['10.15', 'b'],
    ]);
    expect(
      storedTimes({
        '0': [
          ['9.00', 'a', 'A'],
          ['9.00', 'b'],
          ['9.15', 'b', 'C'],
        ],
      })['0'],
    ).toEqual([
      ['9.00', 'a', 'A'],
      ['9.00', 'b'],
      ['9.15', 'b'],
    ]);
  });

  it.each([
    [
      [
        ['9.00', 'a', 'A'],
        ['9.00', 'b', 'A'],
      ],
    ],
    [
      [
        ['9.00', 'a', 'A'],
        ['9.00', 'b'],
      ],
    ],
    [
      [
        ['9.00', 'a'],
        ['9.00', 'b', 'B'],
      ],
    ],
  ])('refuses two members in one quarter hour of the same week: %j', (entries) => {
    expect(() => parseSavedTimes({ '0': entries }, members)).toThrow('Überschneidung im Stundenplan: Montag 9.00 Uhr ist mehrfach belegt.');
  });

  it('refuses a week other than A or B', () => {
    expect(() => parseSavedTimes({ '2': [['9.00', 'a', 'C']] }, members)).toThrow(
      'Ungültige Woche für Wochentag „2“: erwartet wird „A“ oder „B“ (14-tägig) oder keine Angabe (wöchentlich).',
    );
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
    [{ '0': [[900, 'a']] }, 'Ungültiger Eintrag für Wochentag „0“: erwartet wird [Zeit, member_id].'],
    [{ '0': 'x' }, 'Die Einträge für Wochentag „0“ müssen als Liste angegeben werden.'],
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

describe('German quotes in the texts of schedules and calculations', () => {
  it('no text uses straight quotes', () => {
    const { planName, unknownMembers, ...calc } = CALC_TEXTS;
    const texts = [...Object.values(SAVED_FORM_ERRORS), ...Object.values(calc), planName(new Date(0)), unknownMembers(['m1'])].map((t) =>
      typeof t === 'function' ? (t as (...a: unknown[]) => string)('x', 'y', 0) : String(t),
    );
    expect(texts.filter((t) => t.includes('"'))).toEqual([]);
  });
});
