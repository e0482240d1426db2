import { describe, expect, it } from 'vitest';
import { WORDS } from './words.js';

describe('registration code word list', () => {
  it('has at least 1,500 distinct words', () => {
    expect(WORDS.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(WORDS).size).toBe(WORDS.length);
  });

  it('has only lower-case ASCII words of 3 to 10 letters (no umlauts, no ß)', () => {
    const bad = WORDS.filter((w) => !/^[a-z]{3,10}$/.test(w));
    expect(bad).toEqual([]);
  });
});
