import { describe, expect, it } from 'vitest';
import { BERLIN, canonicalZone, cachedZoneCount, instantOf, ZONE_CACHE_LIMIT } from './zone-clock.js';

/** Every case spelling of `name` with the bits of `n` upper-casing its letters. */
function spelling(name: string, n: number): string {
  let bits = n;
  return [...name]
    .map((c) => {
      if (!/[a-z]/i.test(c)) return c;
      const up = bits % 2 === 1;
      bits = Math.floor(bits / 2);
      return up ? c.toUpperCase() : c.toLowerCase();
    })
    .join('');
}

const WALL = { year: 2027, month: 1, day: 11, hour: 10, minute: 0, second: 0 };

describe('time zones of calendar files', () => {
  it('names a zone in any spelling by its IANA name, and knows no zone the runtime does not know', () => {
    expect(canonicalZone('aMeRiCa/nEw_yOrK')).toBe('America/New_York');
    expect(canonicalZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('UTC')).toBe('UTC');
    expect(canonicalZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(canonicalZone('W. Europe Standard Time')).toBeUndefined();
    expect(canonicalZone('')).toBeUndefined();
  });

  it('keeps at most ZONE_CACHE_LIMIT zones however many spellings and names a file uses', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, ZONE_CACHE_LIMIT + 8);
    const at = new Map<string, number>();
    for (let n = 0; n < 12; n++) {
      for (const zone of zones) {
        const canonical = canonicalZone(spelling(zone, n)) ?? BERLIN;
        const ms = instantOf(WALL, canonical);
        if (n === 0) at.set(zone, ms);
        else expect(ms).toBe(at.get(zone));
      }
      expect(canonicalZone(`Nirgendwo/${n}`)).toBeUndefined();
    }
    expect(cachedZoneCount()).toBeLessThanOrEqual(ZONE_CACHE_LIMIT);
  });

  it('converts a wall time in Berlin and New York, also across a change of the clocks', () => {
    expect(new Date(instantOf(WALL, BERLIN)).toISOString()).toBe('2027-01-11T09:00:00.000Z');
    expect(new Date(instantOf({ ...WALL, month: 7 }, BERLIN)).toISOString()).toBe('2027-07-11T08:00:00.000Z');
    expect(new Date(instantOf(WALL, 'America/New_York')).toISOString()).toBe('2027-01-11T15:00:00.000Z');
    // 02:30 on 28 March 2027 does not exist in Berlin: the instant after the gap.
    expect(new Date(instantOf({ ...WALL, month: 3, day: 28, hour: 2, minute: 30 }, BERLIN)).toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });
});
