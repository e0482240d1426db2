import { describe, expect, it } from 'vitest';
import { deadlineState, studentDeadlineText } from './deadline-text';

const NOW = new Date('2026-12-10T12:00:00Z');

describe('studentDeadlineText', () => {
  it('asks for the times until the German date while open (the day itself included)', () => {
    expect(studentDeadlineText({ deadline: '2026-12-24' }, NOW)).toBe('Bitte trage deine Zeiten bis 24.12.2026 ein');
    expect(studentDeadlineText({ deadline: '2026-12-10' }, NOW)).toBe('Bitte trage deine Zeiten bis 10.12.2026 ein');
  });

  it('says whether changes are still possible after the deadline', () => {
    expect(studentDeadlineText({ deadline: '2026-12-09', allow_late_changes: false }, NOW)).toBe(
      'Die Frist ist am 09.12.2026 abgelaufen. Deine Zeiten kannst du nicht mehr ändern – bitte wende dich an deine Lehrkraft.',
    );
    expect(studentDeadlineText({ deadline: '2026-12-09', allow_late_changes: true }, NOW)).toBe(
      'Die Frist ist am 09.12.2026 abgelaufen. Du kannst deine Zeiten trotzdem noch ändern.',
    );
  });

  it('is null without a deadline', () => {
    expect(studentDeadlineText({ deadline: null }, NOW)).toBeNull();
    expect(deadlineState({}, NOW)).toBe('none');
  });
});
