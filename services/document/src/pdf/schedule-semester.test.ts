// The semester in the PDF (docs/product/semester.md): the payload's semester, checked like PUT classes/{id}/semester,
// the header's "Semester: …" and the days without lessons with their reasons, holidays from the state.
import { AppError, escapeHtml } from '@stundenplan/base';
import { describe, expect, it } from 'vitest';
import { PDF_ERRORS, parseExportRequest } from './schedule-payload.js';
import { renderScheduleHtml } from './schedule-template.js';
import { buildScheduleView, DAYS_OFF_HEADING } from './schedule-view.js';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-22T10:00:00Z');
// Anna on Wednesdays 14:00–14:30.
const base = {
  schedule: { Mittwoch: { '14:00': A, '14:15': A } },
  timeRange: { start: 32, end: 76 },
  studentsList: [{ member_id: A, name: 'Anna M.', fullName: 'Anna Müller' }],
  className: 'Klavier',
};
const BAVARIA = { first_day: '2027-01-04', last_day: '2027-01-15', state: 'BY', breaks: [] };
const view = (semester: unknown, schedule: unknown = base.schedule) => buildScheduleView(parseExportRequest({ ...base, schedule, semester }), { now: NOW });

function detailOf(semester: unknown): unknown {
  try {
    parseExportRequest({ ...base, semester });
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).httpStatus).toBe(400);
    return (e as AppError).detail;
  }
  throw new Error('expected a 400');
}

describe('the semester in the PDF', () => {
  it('names the semester and the Bavarian holiday on the lesson weekday', () => {
    const v = view(BAVARIA);
    expect(v.semesterText).toBe('Semester: 04.01.2027 – 15.01.2027');
    expect(v.daysOff).toEqual([{ dateText: 'Mi 06.01.2027', reason: 'Heilige Drei Könige', kind: 'holiday' }]);
    const html = renderScheduleHtml(v);
    expect(html).toContain('Zeitbereich: 08:00–19:00 Uhr · Semester: 04.01.2027 – 15.01.2027 · 1 eingeteilt');
    expect(html).toContain(`<h2>${DAYS_OFF_HEADING}</h2>`);
    expect(html).toContain('<span class="od">Mi 06.01.2027</span><span class="or">Heilige Drei Könige</span>');
  });

  it('has no holiday in Berlin, and none on a weekday without lessons', () => {
    expect(view({ ...BAVARIA, state: 'BE' }).daysOff).toEqual([]);
    expect(view(BAVARIA, { Montag: { '14:00': A } }).daysOff).toEqual([]);
    expect(renderScheduleHtml(view({ ...BAVARIA, state: 'BE' }))).not.toContain(DAYS_OFF_HEADING);
  });

  it('lists every break with its label, in date order with the holidays, label escaped', () => {
    const v = view({
      ...BAVARIA,
      breaks: [
        { from: '2027-01-11', to: '2027-01-15', label: 'Prüfungs<woche>' },
        { from: '2027-01-05', to: '2027-01-05', label: 'Konzert' },
      ],
    });
    expect(v.daysOff.map((d) => `${d.dateText} ${d.reason}`)).toEqual([
      'Di 05.01.2027 Konzert',
      'Mi 06.01.2027 Heilige Drei Könige',
      '11.01.–15.01.2027 Prüfungs<woche>',
    ]);
    expect(renderScheduleHtml(v)).toContain(escapeHtml('Prüfungs<woche>'));
  });

  it('writes a break across the new year with both years', () => {
    const v = view({
      first_day: '2026-12-14',
      last_day: '2027-01-08',
      state: 'BE',
      breaks: [{ from: '2026-12-21', to: '2027-01-03', label: 'Weihnachtsferien' }],
    });
    expect(v.semesterText).toBe('Semester: 14.12.2026 – 08.01.2027');
    expect(v.daysOff.map((d) => d.dateText)).toEqual(['21.12.2026–03.01.2027']);
  });

  it('takes the holidays from the state, not from the payload', () => {
    const v = view({ ...BAVARIA, holidays: [{ date: '2027-01-13', name: 'Erfunden' }] });
    expect(v.daysOff.map((d) => d.reason)).toEqual(['Heilige Drei Könige']);
  });

  it('is no semester when absent or null: no header text, no list', () => {
    for (const s of [undefined, null]) {
      const v = view(s);
      expect(v.semesterText).toBeUndefined();
      expect(v.daysOff).toEqual([]);
      expect(renderScheduleHtml(v)).not.toContain('Semester:');
    }
  });

  it.each([
    ['not an object', 'BY', PDF_ERRORS.semesterInvalid],
    ['malformed first day', { ...BAVARIA, first_day: '4.1.2027' }, PDF_ERRORS.semesterDay('first_day')],
    ['impossible last day', { ...BAVARIA, last_day: '2027-02-30' }, PDF_ERRORS.semesterDay('last_day')],
    ['first after last', { ...BAVARIA, first_day: '2027-01-16' }, PDF_ERRORS.semesterOrder],
    ['over 400 days', { ...BAVARIA, last_day: '2028-02-08' }, PDF_ERRORS.semesterTooLong],
    ['unknown state', { ...BAVARIA, state: 'XX' }, PDF_ERRORS.semesterState],
    ['breaks not a list', { ...BAVARIA, breaks: 'keine' }, PDF_ERRORS.semesterInvalid],
    ['break outside', { ...BAVARIA, breaks: [{ from: '2027-01-14', to: '2027-01-18', label: 'Ferien' }] }, PDF_ERRORS.semesterBreak(0)],
    ['break reversed', { ...BAVARIA, breaks: [{ from: '2027-01-12', to: '2027-01-11', label: 'Ferien' }] }, PDF_ERRORS.semesterBreak(0)],
    ['break without label', { ...BAVARIA, breaks: [{ from: '2027-01-11', to: '2027-01-12', label: ' ' }] }, PDF_ERRORS.semesterBreak(0)],
    [
      'too many breaks',
      { ...BAVARIA, breaks: Array.from({ length: 31 }, () => ({ from: '2027-01-11', to: '2027-01-11', label: 'x' })) },
      PDF_ERRORS.tooManyBreaks,
    ],
  ])('answers 400 in German for %s', (_what, semester, detail) => {
    expect(detailOf(semester)).toBe(detail);
    expect(String(detail)).toMatch(/^(Ungültig|Zu viele)/);
  });

  it('accepts the longest semester, 400 days counting both', () => {
    expect(view({ ...BAVARIA, last_day: '2028-02-07' }).semesterText).toBe('Semester: 04.01.2027 – 07.02.2028');
  });
});
