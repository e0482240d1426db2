import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { CALC_TEXTS, defaultPreference, parseCalculationBody } from './calculate.js';

describe('parseCalculationBody', () => {
  it('reads the SPEC body', () => {
    expect(
      parseCalculationBody({
        wiggleRoom: 3,
        selectedClass: 'c',
        timePreferences: { m: 'available_times' },
        pinned: [{ member_id: 'm', day: '2', start: '9.15' }],
      }),
    ).toEqual({
      classId: 'c',
      wiggleRoom: 3,
      timePreferences: { m: 'available_times' },
      pinned: [{ member_id: 'm', day: 2, slot: 37 }],
    });
  });

  it.each([-1, 100, 2.5, 'x', '', null, undefined, '1e1', true])('wiggleRoom %j is refused', (wiggleRoom) => {
    expect(() => parseCalculationBody({ wiggleRoom, selectedClass: 'c' })).toThrow(CALC_TEXTS.wiggleRoom);
  });

  it('asks for a class first', () => {
    expect(() => parseCalculationBody({ wiggleRoom: 3 })).toThrow(CALC_TEXTS.noClass);
    expect(() => parseCalculationBody(null)).toThrow(CALC_TEXTS.noClass);
  });
});

describe('defaultPreference', () => {
  it("uses a registered student's own times when there are any", () => {
    expect(defaultPreference({ userId: 'u' }, WeekSlots.fromTimesMap({ '0': ['9.00'] }))).toBe('available_times_user_input');
    expect(defaultPreference({ userId: 'u' }, WeekSlots.fromTimesMap({ '0': [] }))).toBe('available_times');
    expect(defaultPreference({ userId: '' }, WeekSlots.fromTimesMap({ '0': ['9.00'] }))).toBe('available_times');
  });
});
