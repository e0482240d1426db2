import { afterEach, describe, expect, it } from 'vitest';
import {
  decodeRangeChoice,
  deleteRangeCookie,
  encodeRangeChoice,
  RANGE_COOKIE_MAX_AGE,
  rangeCookieName,
  readRangeCookie,
  writeRangeCookie,
} from './range-cookie';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe('range cookie', () => {
  afterEach(clearCookies);

  it('is named per class and lives about a year', () => {
    expect(rangeCookieName('abc')).toBe('timeRangeMode_abc');
    expect(RANGE_COOKIE_MAX_AGE).toBeGreaterThanOrEqual(360 * 24 * 3600);
  });

  it('writes, reads and deletes the mode per class', () => {
    writeRangeCookie('c1', { mode: 'extended', extraMinutes: 30 });
    writeRangeCookie('c2', { mode: 'exact', extraMinutes: null });
    expect(document.cookie).toContain('timeRangeMode_c1=extended%3A30');
    expect(readRangeCookie('c1')).toEqual({ mode: 'extended', extraMinutes: 30 });
    expect(readRangeCookie('c2')).toEqual({ mode: 'exact', extraMinutes: null });
    deleteRangeCookie('c1');
    expect(readRangeCookie('c1')).toBeNull();
    expect(readRangeCookie('c2')).not.toBeNull();
  });

  it('encodes and decodes choices, rejecting garbage', () => {
    expect(encodeRangeChoice({ mode: 'custom', extraMinutes: null })).toBe('custom');
    expect(decodeRangeChoice('extended:45')).toEqual({ mode: 'extended', extraMinutes: 45 });
    expect(decodeRangeChoice('extended')).toEqual({ mode: 'extended', extraMinutes: 15 });
    expect(decodeRangeChoice('extended:17')).toEqual({ mode: 'extended', extraMinutes: 15 });
    expect(decodeRangeChoice('weird')).toBeNull();
    expect(decodeRangeChoice('')).toBeNull();
  });
});
