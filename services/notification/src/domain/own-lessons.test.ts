import { describe, expect, it } from 'vitest';
import { changedMembers, lessonText, ownLessonsText } from './own-lessons.js';

const room = { id: 'r1', name: 'Raum 1.01', site_id: 's1', site_name: 'Hauptstelle' };

describe('the own lessons in the mails', () => {
  it('names the room after the time: "Mittwoch, 10:00–10:45 – Raum 1.01, Hauptstelle"; without a room as before', () => {
    expect(lessonText({ day: 2, start: 40, end: 43, room })).toBe('Mittwoch, 10:00–10:45 – Raum 1.01, Hauptstelle');
    expect(lessonText({ day: 3, start: 64, end: 66, week: 'B', room })).toBe('Donnerstag, 16:00–16:30 (14-täglich, B-Woche) – Raum 1.01, Hauptstelle');
    expect(lessonText({ day: 2, start: 40, end: 43 })).toBe('Mittwoch, 10:00–10:45');
    expect(lessonText({ day: 2, start: 40, end: 43, room: null })).toBe('Mittwoch, 10:00–10:45');
    expect(ownLessonsText([{ day: 2, start: 40, end: 43, room }], 'Clara')).toEqual(['Deine Stunde: Mittwoch, 10:00–10:45 – Raum 1.01, Hauptstelle']);
  });

  it('a changed room alone is no change for recipients=changed (the preview has no rooms)', () => {
    const last = { lessons: { a: [{ day: 2, start: 40, end: 43 }] }, informed: null };
    expect(changedMembers(['a'], { a: [{ day: 2, start: 40, end: 43, room }] }, last)).toEqual(new Set());
    expect(changedMembers(['a'], { a: [{ day: 2, start: 44, end: 47, room }] }, last)).toEqual(new Set(['a']));
  });
});
