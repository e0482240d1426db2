import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { ANNA, BEN } from './fixtures';
import { STUDENT_TOOLTIPS, studentNotes } from './warnings';

const texts = (notes: { text: string }[]) => notes.map((n) => n.text);
const times = WeekSlots.fromTimesMap({ '0': ['9.00', '9.15'] });

describe('studentNotes', () => {
  it('uses the SPEC texts letter for letter', () => {
    expect(STUDENT_TOOLTIPS).toEqual({
      notAssigned: 'Student*in ist nicht zu dir eingeteilt',
      notAvailable: 'Student*in hat zu dieser Zeit eigentlich keine Zeit',
      notRegistered: 'Student*in ist kein registrierter User',
      noTimes: 'Student*in hat keine freien Zeiten',
      missingData: 'Fehler: Fehlende Studentendaten',
    });
  });
  it('missing member data gives only the error', () => {
    expect(texts(studentNotes({ member: undefined }))).toEqual(['Fehler: Fehlende Studentendaten']);
  });
  it('a registered student placed inside the chosen times has no notes', () => {
    expect(studentNotes({ member: ANNA, times, placement: { day: 0, start: 36, end: 38 } })).toEqual([]);
  });
  it('placed outside the chosen times', () => {
    expect(texts(studentNotes({ member: ANNA, times, placement: { day: 0, start: 37, end: 39 } }))).toEqual([STUDENT_TOOLTIPS.notAvailable]);
  });
  it('not assigned by the calculation and still unplaced', () => {
    expect(texts(studentNotes({ member: ANNA, times, notAssigned: true }))).toEqual([STUDENT_TOOLTIPS.notAssigned]);
    expect(texts(studentNotes({ member: ANNA, times, notAssigned: true, placement: { day: 0, start: 36, end: 38 } }))).toEqual([]);
  });
  it("not assigned: the calculation's reason follows the SPEC tooltip, and goes once the student is placed", () => {
    const reason = 'Alle passenden Zeitfenster sind belegt (durch: Ben S.)';
    expect(texts(studentNotes({ member: ANNA, times, notAssigned: true, reason }))).toEqual([STUDENT_TOOLTIPS.notAssigned, reason]);
    expect(texts(studentNotes({ member: ANNA, times, notAssigned: true, reason, placement: { day: 0, start: 36, end: 38 } }))).toEqual([]);
    expect(texts(studentNotes({ member: ANNA, times, reason }))).toEqual([]);
  });
  it('no free times and not registered', () => {
    const notes = studentNotes({ member: BEN, times: WeekSlots.empty() });
    expect(texts(notes)).toEqual([STUDENT_TOOLTIPS.noTimes, STUDENT_TOOLTIPS.notRegistered]);
    expect(notes[1]!.level).toBe('info');
  });
});
