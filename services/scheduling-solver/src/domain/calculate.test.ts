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

  // The body is checked with its contract (packages/contracts); each field keeps its own German refusal, in the old order.
  it('maps each contract failure to its German refusal', () => {
    const body = { wiggleRoom: 3, selectedClass: 'c' };
    expect(() => parseCalculationBody({ ...body, timePreferences: [] })).toThrow(CALC_TEXTS.timePreferences);
    expect(() => parseCalculationBody({ ...body, timePreferences: { m1: 'x' } })).toThrow(CALC_TEXTS.timePreferenceValue('m1'));
    for (const pin of [{ member_id: 'm', day: 7, start: '9.00' }, { member_id: 'm', day: 1, start: '9.10' }, { day: 1, start: '9.00' }, 'm'])
      expect(() => parseCalculationBody({ ...body, pinned: [pin] })).toThrow(CALC_TEXTS.pinnedInvalid);
    expect(() => parseCalculationBody({ ...body, selectedClass: 5 })).toThrow(expect.objectContaining({ code: 'NOT_FOUND', detail: 'Klasse nicht gefunden' }));
    expect(() => parseCalculationBody({ ...body, selectedClass: 5, wiggleRoom: 'x' })).toThrow(CALC_TEXTS.wiggleRoom);
    expect(() => parseCalculationBody({ ...body, previous_schedule_id: 7 })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', detail: 'Stundenplan nicht gefunden' }),
    );
  });
});

describe('defaultPreference', () => {
  it("uses a registered student's own times when there are any", () => {
    expect(defaultPreference({ userId: 'u' }, WeekSlots.fromTimesMap({ '0': ['9.00'] }))).toBe('available_times_user_input');
    expect(defaultPreference({ userId: 'u' }, WeekSlots.fromTimesMap({ '0': [] }))).toBe('available_times');
    expect(defaultPreference({ userId: '' }, WeekSlots.fromTimesMap({ '0': ['9.00'] }))).toBe('available_times');
  });
});
