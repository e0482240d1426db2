import { describe, expect, it } from 'vitest';
import { dayMonth, lostDatesText, semesterCost, type CostLesson, type CostSemester } from './semester-cost';

const KOENIGE = { date: '2027-01-06', name: 'Heilige Drei Könige' };
const SPRING: CostSemester = {
  first_day: '2027-01-04',
  last_day: '2027-03-12',
  holidays: [KOENIGE],
  breaks: [{ from: '2027-03-03', to: '2027-03-07', label: 'Prüfungswoche' }],
};
// Wednesday 9:00-9:30 (slots 36-38).
const wednesday = (memberId: string, name: string, week?: 'A' | 'B'): CostLesson => ({ memberId, name, day: 2, start: 36, end: 38, week });

describe('semester cost', () => {
  it('formats the lost dates exactly like the issue: a holiday by its day, a break by its days, reasons after the date', () => {
    const [anna] = semesterCost([wednesday('a', 'Anna')], SPRING);
    // Wednesdays 06.01. to 10.03.: ten dates, 06.01. a holiday, 03.03. in the exam week.
    expect(anna).toEqual({
      memberId: 'a',
      name: 'Anna',
      week: null,
      lessons: 8,
      lost: 2,
      lostText: 'Es entfallen 2 Termine: 06.01. Heilige Drei Könige, 03.03.–07.03. Prüfungswoche',
    });
  });

  it('names a break once however many lessons it takes, and a one-day break by its day', () => {
    const semester: CostSemester = {
      first_day: '2027-01-04',
      last_day: '2027-01-31',
      holidays: [],
      breaks: [
        { from: '2027-01-27', to: '2027-01-27', label: 'Dies academicus' },
        { from: '2027-01-11', to: '2027-01-24', label: 'Ferien' },
      ],
    };
    const [cost] = semesterCost([wednesday('a', 'Anna')], semester);
    // Wednesdays 06.01., 13.01., 20.01., 27.01.: two in the holidays, one on the Dies academicus.
    expect(cost!.lessons).toBe(1);
    expect(cost!.lostText).toBe('Es entfallen 3 Termine: 11.01.–24.01. Ferien, 27.01. Dies academicus');
  });

  it('lists the lost dates in date order: a winter break before the holidays inside it that fall out first', () => {
    const winter: CostSemester = {
      first_day: '2026-12-01',
      last_day: '2027-01-29',
      holidays: [
        { date: '2026-12-25', name: '1. Weihnachtstag' },
        { date: '2027-01-01', name: 'Neujahr' },
      ],
      breaks: [{ from: '2026-12-21', to: '2027-01-08', label: 'Weihnachtsferien' }],
    };
    // Fridays 9:00-9:30: 25.12. and 01.01. holidays, 08.01. the break's only lost Friday.
    const [cost] = semesterCost([{ memberId: 'a', name: 'Anna', day: 4, start: 36, end: 38 }], winter);
    expect(cost!.lostText).toBe('Es entfallen 3 Termine: 21.12.–08.01. Weihnachtsferien, 25.12. 1. Weihnachtstag, 01.01. Neujahr');
  });

  it('counts a biweekly lesson in its A or B weeks only, and says when nothing falls out', () => {
    const semester: CostSemester = { first_day: '2027-01-04', last_day: '2027-01-29', holidays: [KOENIGE], breaks: [] };
    const costs = semesterCost([wednesday('b', 'Ben', 'B'), wednesday('a', 'Anna', 'A')], semester);
    expect(costs.map((c) => [c.name, c.week, c.lessons, c.lostText])).toEqual([
      ['Anna', 'A', 1, 'Es entfällt 1 Termin: 06.01. Heilige Drei Könige'],
      ['Ben', 'B', 2, 'Es entfällt kein Termin.'],
    ]);
  });

  it('writes days as dd.mm. and leaves an empty plan without students', () => {
    expect(dayMonth('2027-03-07')).toBe('07.03.');
    expect(semesterCost([], SPRING)).toEqual([]);
    expect(lostDatesText([], [])).toBe('Es entfällt kein Termin.');
  });
});
