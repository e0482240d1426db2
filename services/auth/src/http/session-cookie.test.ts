import { describe, expect, it } from 'vitest';
import { cookieSecure } from './session-cookie.js';

describe('cookieSecure', () => {
  it.each([
    ['http://localhost:8080', false],
    ['http://127.0.0.1:8080', false],
    ['http://[::1]:8080', false],
    ['https://localhost:8443', true],
    ['https://stundenplan.hmtm.de', true],
    ['http://stundenplan.intranet', true],
    ['kaputt', true],
  ])('auto: %s -> %s', (url, secure) => {
    expect(cookieSecure({ COOKIE_SECURE: 'auto', PUBLIC_BASE_URL: url })).toBe(secure);
  });

  it('can be forced either way', () => {
    expect(cookieSecure({ COOKIE_SECURE: 'false', PUBLIC_BASE_URL: 'https://x.de' })).toBe(false);
    expect(cookieSecure({ COOKIE_SECURE: 'true', PUBLIC_BASE_URL: 'http://localhost:8080' })).toBe(true);
  });
});
