import { describe, expect, it } from 'vitest';
import { PROTECTED_PREFIXES, homePathForRole, isProtectedPath, isSessionCheckExcluded, isUnderPrefix, requiresLogin } from './protected-paths';

describe('isProtectedPath', () => {
  it('lists exactly the prefixes of docs/product/screens.md', () => {
    expect([...PROTECTED_PREFIXES]).toEqual([
      '/app',
      '/student',
      '/teacher',
      '/admin',
      '/profile',
      '/scheduling',
      '/me/available-times',
      '/me/times',
      '/save-class',
      '/load-class',
      '/calculate',
      '/calculate-from-db',
      '/upload-students',
      '/upload-teachers',
      '/download-csv',
      '/upload-csv',
      '/api/progress',
      '/api/json-to-csv',
      '/protected-endpoint',
      '/api/extract-hmtm-csv',
    ]);
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
