import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROTECTED_PREFIXES, homePathForRole, isProtectedPath, isSessionCheckExcluded, isUnderPrefix, requiresLogin } from './protected-paths';

describe('isProtectedPath', () => {
  it('lists exactly the prefixes of docs/product/screens.md, in its order', () => {
    // The tests run from the repository root or from web/.
    const file = ['docs/product/screens.md', '../docs/product/screens.md'].map((f) => resolve(process.cwd(), f)).find((f) => existsSync(f))!;
    const guard = readFileSync(file, 'utf8').split('## Route guard')[1] ?? '';
    const listed = /along:\s*([^]*?)\n\n/.exec(guard)?.[1] ?? '';
    const documented = [...listed.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect([...PROTECTED_PREFIXES]).toEqual(documented);
  });

  it.each(PROTECTED_PREFIXES.map((p) => [p]))('guards %s itself', (prefix) => {
    expect(isProtectedPath(prefix)).toBe(true);
  });

  it.each(['/student/classes', '/scheduling/step-4', '/profile/', '/profile?tab=1', '/me/times/2', '/api/progress/123', '/admin#x', '/calculate-from-db'])(
    'guards the sub path %s',
    (path) => {
      expect(isProtectedPath(path)).toBe(true);
    },
  );

  it.each(['/', '/contact', '/login', '/register/a-b-c', '/impressum', '/about', '/me/classes', '/students', '/apple', '/profiles', '/me'])(
    'leaves %s open',
    (path) => {
      expect(isProtectedPath(path)).toBe(false);
    },
  );
});

describe('helpers', () => {
  it('matches prefixes at segment boundaries only', () => {
    expect(isUnderPrefix('/teacher', '/teacher')).toBe(true);
    expect(isUnderPrefix('/teachers', '/teacher')).toBe(false);
    expect(isUnderPrefix('//teacher//x', '/teacher')).toBe(true);
  });

  it('also requires login for the role-only page /me/classes', () => {
    expect(requiresLogin('/me/classes')).toBe(true);
    expect(requiresLogin('/contact')).toBe(false);
  });

  it('skips the session check on the three auth pages', () => {
    expect(isSessionCheckExcluded('/forgot-password')).toBe(true);
    expect(isSessionCheckExcluded('/reset-password')).toBe(true);
    expect(isSessionCheckExcluded('/update-password')).toBe(true);
    expect(isSessionCheckExcluded('/login')).toBe(false);
  });

  it('sends each role to its home', () => {
    expect(homePathForRole('teacher')).toBe('/scheduling');
    expect(homePathForRole('student')).toBe('/student');
    expect(homePathForRole(undefined)).toBe('/');
  });
});
