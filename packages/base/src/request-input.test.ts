import { describe, expect, it } from 'vitest';
import { containsControlCharacters, jsonTooDeep, pathHasControlCharacters, queryHasControlCharacters } from './request-input.js';

describe('jsonTooDeep', () => {
  const nested = (d: number) => '{"a":'.repeat(d) + '1' + '}'.repeat(d);

  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonTooDeep(nested(64))).toBe(false);
    expect(jsonTooDeep(nested(65))).toBe(true);
    expect(jsonTooDeep(Buffer.from('['.repeat(5000)))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ s: '{{{{[[[[\\"' }), 3)).toBe(false);
    expect(jsonTooDeep('[[[]],[[]],[[]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[]]]]', 3)).toBe(true);
  });
});

describe('containsControlCharacters', () => {
  it('walks strings, keys, arrays and nested objects', () => {
    expect(containsControlCharacters({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(containsControlCharacters({ ['k\u0002']: 1 })).toBe(true);
    expect(containsControlCharacters('\u007f')).toBe(true);
    expect(containsControlCharacters({ a: ['x\n', { b: 'y\t\r' }], n: 5, t: true, z: null })).toBe(false);
    expect(containsControlCharacters(undefined)).toBe(false);
  });

  it('finds lone UTF-16 surrogates (high or low, in values and keys), not real pairs', () => {
    expect(containsControlCharacters(JSON.parse('{"m":"a\\ud800b"}'))).toBe(true);
    expect(containsControlCharacters({ m: ['ok', 'end\ud83d'] })).toBe(true);
    expect(containsControlCharacters({ m: '\udc00start' })).toBe(true);
    expect(containsControlCharacters({ ['k\udfff']: 1 })).toBe(true);
    expect(containsControlCharacters({ m: 'Klavier \ud83c\udfb9 und Ü' })).toBe(false);
  });
});

describe('URL checks', () => {
  it('finds control characters in paths, raw or encoded', () => {
    expect(pathHasControlCharacters('/a%00b')).toBe(true);
    expect(pathHasControlCharacters('/a%0Ab')).toBe(true);
    expect(pathHasControlCharacters('/a%7fb')).toBe(true);
    expect(pathHasControlCharacters('/a%20b/%C3%BC')).toBe(false);
  });

  it('finds control characters in decoded query values and keys', () => {
    expect(queryHasControlCharacters('q=a%00')).toBe(true);
    expect(queryHasControlCharacters('a%01=1')).toBe(true);
    expect(queryHasControlCharacters('q=a%0Ab&x=%C3%BC+1')).toBe(false);
    expect(queryHasControlCharacters('')).toBe(false);
  });
});
