import { describe, expect, it } from 'vitest';
import { isAcceptableShortcut } from './classes.js';
import { generateShortcut, normalizeJoinCode, normalizeLookupCode } from './register-shortcut.js';
import { WORDS } from './words.js';

describe('generateShortcut', () => {
  it('joins three words of the list with hyphens', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateShortcut();
      const parts = code.split('-');
      expect(parts).toHaveLength(3);
      for (const p of parts) expect(WORDS).toContain(p);
    }
  });

  it('uses the random source for each word', () => {
    const seq = [0, 1, 2];
    expect(generateShortcut(() => seq.shift()!)).toBe(`${WORDS[0]}-${WORDS[1]}-${WORDS[2]}`);
  });

  it('spreads over the list (no fixed words)', () => {
    const seen = new Set(Array.from({ length: 300 }, () => generateShortcut()));
    expect(seen.size).toBeGreaterThan(290);
  });
});

describe('normalizeJoinCode (docs/product/accounts.md Student registration code)', () => {
  it('lower-cases and strips everything but a-z and hyphens', () => {
    expect(normalizeJoinCode('  Apfel-Birne-Kiwi ')).toBe('apfel-birne-kiwi');
    expect(normalizeJoinCode('apfel - birne - kiwi')).toBe('apfel-birne-kiwi');
  });

  it('refuses empty input', () => {
    expect(() => normalizeJoinCode('')).toThrow('Bitte gib einen Registrierungscode ein');
    expect(() => normalizeJoinCode('123 !!')).toThrow('Bitte gib einen Registrierungscode ein');
    expect(() => normalizeJoinCode(undefined)).toThrow('Bitte gib einen Registrierungscode ein');
  });

  it('refuses anything but exactly three parts', () => {
    for (const c of ['apfel-birne', 'apfel', 'a-b-c-d', 'apfel--kiwi', '-apfel-birne', 'abc-123-def']) {
      expect(() => normalizeJoinCode(c)).toThrow('Ungültiges Format. Erwartet: wort-wort-wort');
    }
  });
});

describe('code proposals and lookups', () => {
  it('accepts only three words of the list in lower case', () => {
    const good = `${WORDS[5]}-${WORDS[50]}-${WORDS[500]}`;
    expect(isAcceptableShortcut(good)).toBe(true);
    for (const bad of [
      good.toUpperCase(),
      `${WORDS[5]}-${WORDS[50]}`,
      `${WORDS[5]} -${WORDS[50]}-${WORDS[500]}`,
      `${WORDS[5]}1-${WORDS[50]}-${WORDS[500]}`,
      'xqz-yyy-zzz',
      '',
      null,
      42,
    ]) {
      expect(isAcceptableShortcut(bad)).toBe(false);
    }
  });

  it('cuts a memberId suffix off a registration link code', () => {
    expect(normalizeLookupCode('apfel-birne-kiwi&memberId=2b1f0e0a-0000-4000-8000-000000000000')).toBe('apfel-birne-kiwi');
  });
});
