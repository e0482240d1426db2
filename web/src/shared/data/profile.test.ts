import { describe, expect, it } from 'vitest';
import { parseProfile, PROFILE_LOAD_FAILED } from './profile';

describe('parseProfile', () => {
  it('refuses an answer without a profile object', () => {
    expect(() => parseProfile(undefined)).toThrow(PROFILE_LOAD_FAILED);
    expect(() => parseProfile(null)).toThrow(PROFILE_LOAD_FAILED);
    expect(() => parseProfile('profile')).toThrow(PROFILE_LOAD_FAILED);
  });

  it('keeps the memberships of a list and counts anything else as none', () => {
    const base = { name: 'Ada', email: 'ada@example.org', role: 'student', duration: 30 };
    const membership = { member_id: 'm1', class_id: 'c1', student_id: null, duration: 30, classes: null, teacher_name: null, institution: null };
    expect(parseProfile({ ...base, classes: [membership] }).classes).toEqual([membership]);
    expect(parseProfile({ ...base, classes: { broken: true } }).classes).toBeNull();
    expect(parseProfile(base).classes).toBeNull();
  });
});
