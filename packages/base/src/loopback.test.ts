import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback.js';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('accepts %s', (a) => {
    expect(isLoopbackAddress(a)).toBe(true);
  });

  it.each([undefined, '', '0.0.0.0', '10.0.0.1', '192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '::', '128.0.0.1', '1127.0.0.1'])('refuses %s', (a) => {
    expect(isLoopbackAddress(a)).toBe(false);
  });
});
