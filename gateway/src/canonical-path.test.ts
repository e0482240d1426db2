import { describe, expect, it } from 'vitest';
import { canonicalPath } from './canonical-path.js';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/api/auth/login', '/api/auth/login'],
    ['/api/auth/login/', '/api/auth/login'],
    ['//api//auth///login', '/api/auth/login'],
    ['//api//auth/login//', '/api/auth/login'],
    ['/api/auth/%6Cogin', '/api/auth/login'],
    ['/api/auth/%6cogin', '/api/auth/login'],
    ['/%61pi/%61uth/login%2e', '/api/auth/login.'],
    ['/api/auth/login.', '/api/auth/login.'],
    ['/api/auth/...', '/api/auth/...'],
    ['/api/auth/%2e%2e%2e', '/api/auth/...'],
    ['/api/auth/..%2F', '/api/auth/..%2F'],
    ['/api/auth/LOGIN', '/api/auth/LOGIN'],
    ['/api/auth%2Flogin', '/api/auth%2Flogin'],
    ['/api/auth%2flogin', '/api/auth%2Flogin'],
    ['/api/auth/login%2F', '/api/auth/login%2F'],
    ['/api/auth/login%252F', '/api/auth/login%252F'],
    ['/api/get-institution-mail-endings/M%C3%BCnchen', '/api/get-institution-mail-endings/M%C3%BCnchen'],
    ['/api/classes/abc/members', '/api/classes/abc/members'],
  ])('%s -> %s', (raw, expected) => {
    expect(canonicalPath(raw)).toEqual({ ok: true, path: expected });
  });

  it.each(['/api/auth/%00login', '/api/a%1Fb', '/api/a%7f', '/api/a\u0000b', '/api/a\tb'])('refuses the control character in %j', (raw) => {
    expect(canonicalPath(raw)).toEqual({ ok: false, problem: 'control' });
  });

  it.each([
    '/api/auth/./login',
    '/api/auth/x/../login',
    '/api/auth/%2E/login',
    '/api/auth/x/%2e%2e/login',
    '/api/auth/x/%2E%2e/login',
    '/api/auth/x/%2E./login',
    '/api/auth/x/.%2e/login',
    '/api/auth/login/.',
    '/api/auth/login/x/..',
    '/api/classes/c/members/%2e%2e',
    '/api/classes/c/members/%2e%2e/',
    '/../../api/auth/login',
  ])('refuses the dot segment in %j', (raw) => {
    expect(canonicalPath(raw)).toEqual({ ok: false, problem: 'dot-segment' });
  });

  it.each(['/api/auth/login#', '/api/auth/login#x', '/api/auth/login/#', '/api/auth\\login#', '/api/auth/login#/../x'])('refuses the raw # in %j', (raw) => {
    expect(canonicalPath(raw)).toEqual({ ok: false, problem: 'fragment' });
  });

  it.each(['/api/%ZZ', '/api/auth/login%', '/api/a%2', 'api/auth/login', 'http://evil/api/auth/login', '*'])('refuses the malformed path %j', (raw) => {
    expect(canonicalPath(raw)).toEqual({ ok: false, problem: 'encoding' });
  });

  it('is idempotent', () => {
    for (const raw of ['//api//auth/%6Cogin/', '/api/auth%2flogin', '/a/b/%2E%2E%2e']) {
      const once = canonicalPath(raw);
      expect(once.ok).toBe(true);
      if (once.ok) expect(canonicalPath(once.path)).toEqual(once);
    }
  });
});
