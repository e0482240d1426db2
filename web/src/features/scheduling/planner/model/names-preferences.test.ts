import { describe, expect, it } from 'vitest';
import { ANNA, BEN, CARLA } from './fixtures';
import { calculatedPlanName, defaultScheduleName, formatGermanDateTime, shortName, shortNames } from './names';
import { STUDENT_SOURCE, TEACHER_SOURCE, chosenWeek, defaultPreference, effectivePreferences, hasTwoSources } from './preferences';

describe('names', () => {
  it('short names', () => {
    expect(shortName('Anna Maria Müller')).toBe('Anna M.');
    expect(shortName('  Carla ')).toBe('Carla');
    expect(shortName('')).toBe('Unbekannt');
  });
  it('keeps full names where short names collide', () => {
    const names = shortNames([
      { member_id: '1', name: 'Anna Müller' },
      { member_id: '2', name: 'Anna Meier' },
      { member_id: '3', name: 'Ben Schröder' },
    ]);
    expect([...names.values()]).toEqual(['Anna Müller', 'Anna Meier', 'Ben S.']);
  });
  it("default schedule name: 'Stundenplan' + class + German date and time", () => {
    const date = new Date(2025, 10, 3, 9, 5);
    expect(formatGermanDateTime(date)).toBe('03.11.2025 09:05');
    expect(defaultScheduleName('Klavier 5b', date)).toBe('Stundenplan Klavier 5b 03.11.2025 09:05');
  });
  it("calculated plans: 'Berechneter Plan' + date", () => {
    expect(calculatedPlanName(new Date(2025, 0, 31, 23, 59))).toBe('Berechneter Plan 31.01.2025');
  });
});

describe('time preferences', () => {
  it('defaults to S for registered students with own times, else L', () => {
    expect(defaultPreference(ANNA)).toBe(STUDENT_SOURCE);
    expect(defaultPreference(BEN)).toBe(TEACHER_SOURCE);
    expect(defaultPreference({ ...ANNA, user_id: null })).toBe(TEACHER_SOURCE);
    expect(defaultPreference(CARLA)).toBe(TEACHER_SOURCE);
  });
  it('offers L/S only with two sources', () => {
    expect(hasTwoSources(ANNA)).toBe(true);
    expect(hasTwoSources(BEN)).toBe(false);
    expect(hasTwoSources(CARLA)).toBe(false);
  });
  it('applies an explicit choice only where both sources exist', () => {
    const prefs = effectivePreferences([ANNA, BEN], { 'm-anna': TEACHER_SOURCE, 'm-ben': STUDENT_SOURCE });
    expect(prefs).toEqual({ 'm-anna': TEACHER_SOURCE, 'm-ben': TEACHER_SOURCE });
  });
  it('reads the chosen week', () => {
    expect(chosenWeek(ANNA, STUDENT_SOURCE).count()).toBe(6);
    expect(chosenWeek(ANNA, TEACHER_SOURCE).count()).toBe(4);
    expect(chosenWeek({ ...ANNA, available_times: null }, TEACHER_SOURCE).isEmpty()).toBe(true);
  });
});
