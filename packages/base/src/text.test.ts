import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasForbiddenNameCharacters, hasVisibleText } from './text.js';

describe('hasVisibleText', () => {
  it.each([
    ['Anna', 'plain letters'],
    [' Anna ', 'letters with spaces'],
    ['5a', 'digits and letters'],
    ['\u200BAnna\u200B', 'letters inside zero-width spaces'],
    ['e\u0301', 'letter with combining accent'],
    ['😀', 'emoji'],
    ['-', 'punctuation'],
  ])('accepts %j (%s)', (s) => {
    expect(hasVisibleText(s)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['   \t\n\r', 'whitespace'],
    ['\u00A0\u2003\u3000', 'non-breaking and wide spaces'],
    ['\u200B\u200C\u200D\u2060\uFEFF', 'zero-width characters'],
    ['\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069', 'bidi controls'],
    ['\u00AD\u061C\u180E', 'other format characters'],
    ['\u0301\u0308\u20DD', 'combining marks alone'],
    [' \u200B\u0301\u202E ', 'a mix of invisible characters'],
    ['\u3164\u115F', 'Hangul fillers'],
  ])('rejects %j (%s)', (s) => {
    expect(hasVisibleText(s)).toBe(false);
  });
});

describe('hasControlCharacters', () => {
  it.each(['\u0000', 'a\u0001b', '\u0008', '\u000B', '\u000C', '\u000E', '\u001F', 'x\u007F'])('finds the control character in %j', (s) => {
    expect(hasControlCharacters(s)).toBe(true);
  });

  it.each(['', 'Anna', 'Zeile 1\nZeile 2', 'a\tb', 'a\r\nb', 'ÄÖÜß 😀', '\u0080\u009F'])('accepts %j', (s) => {
    expect(hasControlCharacters(s)).toBe(false);
  });
});

describe('hasForbiddenNameCharacters', () => {
  it.each([
    ['Klavier\nHauptfach', 'line feed'],
    ['Klavier\r', 'carriage return'],
    ['a\tb', 'tab'],
    ['a\u0085b', 'next line (C1)'],
    ['a\u2028b', 'line separator'],
    ['a\u2029b', 'paragraph separator'],
    ['Anna\u202Egnalk', 'right-to-left override'],
    ['\u2066Anna\u2069', 'bidi isolates'],
    ['An\u200Bna', 'zero-width space'],
    ['An\u00ADna', 'soft hyphen'],
    ['Anna\u3164', 'Hangul filler'],
  ])('finds %j (%s)', (s) => {
    expect(hasForbiddenNameCharacters(s)).toBe(true);
  });

  it.each(['Klavier Hauptfach', 'Gruppe 2 (Mo, 14:00)', 'Jörg Ärger-Weiß', 'Zoë', 'e\u0301', 'Chor 🎵', "O'Neill"])('accepts %j', (s) => {
    expect(hasForbiddenNameCharacters(s)).toBe(false);
  });
});
