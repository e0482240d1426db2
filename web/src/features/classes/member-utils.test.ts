import { describe, expect, it } from 'vitest';
import type { MemberDto } from './classes-api';
import { joinEmails, lastChange, memberEmails, timesSummary } from './member-utils';

const member = (over: Partial<MemberDto>): MemberDto => ({
  member_id: 'm',
  user_id: null,
  student_id: null,
  name: 'Anna Berg',
  email: null,
  duration: 30,
  ...over,
});

describe('e-mails to copy', () => {
  it('takes the members with an e-mail, once each, and joins them with "; "', () => {
    const members = [
      member({ email: 'anna@x.de' }),
      member({ email: null }),
      member({ email: '  ' }),
      member({ email: 'ben@x.de' }),
      member({ email: 'ANNA@x.de' }),
    ];
    expect(memberEmails(members)).toEqual(['anna@x.de', 'ben@x.de']);
    expect(joinEmails(memberEmails(members))).toBe('anna@x.de; ben@x.de');
    expect(joinEmails([])).toBe('');
  });
});

describe('Verfügbare Zeit column', () => {
  it("shows the teacher-entered total as 'n Std.' / 'h:mm Std.'", () => {
    expect(timesSummary(member({ available_times: { '0': ['9.00', '9.15', '9.30', '9.45'] } })).text).toBe('1 Std.');
    expect(timesSummary(member({ available_times: { '0': ['9.00', '9.15', '9.30', '9.45', '10.00', '10.15'] } })).text).toBe('1:30 Std.');
  });

  it("DECISION: falls back to the student's own entry and names both on hover", () => {
    const s = timesSummary(member({ user_id: 'u1', available_times: {}, available_times_user_input: { '1': ['8.00', '8.15'] } }));
    expect(s).toEqual({ text: '0:30 Std.', source: 'student', title: 'Von dir eingetragen: --- · Eigene Angabe: 0:30 Std.' });
    const both = timesSummary(member({ user_id: 'u1', available_times: { '0': ['9.00'] }, available_times_user_input: { '1': ['8.00', '8.15'] } }));
    expect(both.text).toBe('0:15 Std.');
    expect(both.source).toBe('teacher');
  });

  it("shows '---' without times and survives malformed maps", () => {
    expect(timesSummary(member({})).text).toBe('---');
    expect(timesSummary(member({ available_times: { '9': ['x'] } as never })).text).toBe('---');
  });
});

describe('Letzte Änderung column', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('shows the relative age and the full German date on hover', () => {
    const c = lastChange(member({ available_times_user_input_last_modified: '2026-03-10T09:00:00Z' }), now);
    expect(c.text).toBe('3 Std.');
    expect(c.title).toMatch(/^10\.03\.2026, \d{2}:00$/);
  });

  it("says '---' and 'Keine Änderung erfasst' without a value", () => {
    expect(lastChange(member({}), now)).toEqual({ text: '---', title: 'Keine Änderung erfasst' });
  });
});
