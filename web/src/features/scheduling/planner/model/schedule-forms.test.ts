import { DAY_NAMES } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { ANNA, BEN, CARLA, MEMBERS } from './fixtures';
import {
  LOAD_ERRORS,
  buildSavePayload,
  dayOfKey,
  planFromSaved,
  planFromWorking,
  runsOf,
  savedToDaySlots,
  slotOfKey,
  toWorkingForm,
  workingToSaved,
} from './schedule-forms';

const ids = new Set(MEMBERS.map((m) => m.member_id));

describe('slotOfKey / dayOfKey', () => {
  it('reads clock strings and slot labels', () => {
    expect(slotOfKey('09:00')).toBe(36);
    expect(slotOfKey('9:15')).toBe(37);
    expect(slotOfKey('9.30')).toBe(38);
    expect(slotOfKey('23:45')).toBe(95);
    expect(slotOfKey('9:10')).toBeUndefined();
    expect(slotOfKey('24:00')).toBeUndefined();
    expect(slotOfKey(5)).toBeUndefined();
  });
  it('reads day names in any letter case and day indexes', () => {
    expect(dayOfKey('Montag')).toBe(0);
    expect(dayOfKey('SONNTAG')).toBe(6);
    expect(dayOfKey('3')).toBe(3);
    expect(dayOfKey('Mo')).toBeUndefined();
    expect(dayOfKey('7')).toBeUndefined();
  });
});

describe('toWorkingForm', () => {
  it('has all 7 days and all 96 quarter hours, occupied slots carry the member id', () => {
    const w = toWorkingForm([{ memberId: 'a', day: 2, start: 36, end: 38 }]);
    expect(Object.keys(w)).toEqual([...DAY_NAMES]);
    expect(Object.keys(w.Montag!)).toHaveLength(96);
    expect(w.Mittwoch!['09:00']).toBe('a');
    expect(w.Mittwoch!['09:15']).toBe('a');
    expect(w.Mittwoch!['09:30']).toBe('');
    expect(w.Montag!['09:00']).toBe('');
  });
});

describe('workingToSaved', () => {
  it('always has the 7 day keys, pairs sorted by time, labels canonical', () => {
    const { times, dropped } = workingToSaved({ MONTAG: { '10:00': 'm-anna', '09:45': 'm-anna', '11:00': '' } }, ids);
    expect(Object.keys(times).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(times['0']).toEqual([
      ['9.45', 'm-anna'],
      ['10.00', 'm-anna'],
    ]);
    expect(times['3']).toEqual([]);
    expect(dropped).toEqual([]);
  });
  it('matches day names upper-case and reports unknown day keys', () => {
    const { times, unknownDays } = workingToSaved({ montag: { '09:00': 'm-ben' }, Funday: { '09:00': 'm-ben' } }, ids);
    expect(times['0']).toEqual([['9.00', 'm-ben']]);
    expect(unknownDays).toEqual(['Funday']);
  });
  it('drops entries of members that are not in the class', () => {
    const { times, dropped } = workingToSaved({ Dienstag: { '08:00': 'ghost', '08:15': 'm-ben' } }, ids);
    expect(times['1']).toEqual([['8.15', 'm-ben']]);
    expect(dropped).toEqual([{ day: 1, label: '8.00', memberId: 'ghost' }]);
  });
});

describe('buildSavePayload', () => {
  it('builds the body with all 7 days, trimmed name, null description, pinned members, dropping foreign members', () => {
    const { payload, dropped } = buildSavePayload({
      name: '  Plan A ',
      description: '  ',
      classId: 'c1',
      memberIds: ids,
      content: {
        placements: [
          { memberId: 'm-anna', day: 0, start: 40, end: 42, pinned: true },
          { memberId: 'm-ben', day: 1, start: 32, end: 35, pinned: false },
        ],
        errors: [{ key: 'k', name: LOAD_ERRORS.unknownMember, memberId: 'ghost', unknownMember: true, day: 4, start: 36, end: 38 }],
      },
    });
    expect(payload.name).toBe('Plan A');
    expect(payload.description).toBeNull();
    expect(payload.class_id).toBe('c1');
    expect(payload.pinned).toEqual(['m-anna']);
    expect(Object.keys(payload.available_times)).toHaveLength(7);
    expect(payload.available_times['0']).toEqual([
      ['10.00', 'm-anna'],
      ['10.15', 'm-anna'],
    ]);
    expect(payload.available_times['1']).toEqual([
      ['8.00', 'm-ben'],
      ['8.15', 'm-ben'],
      ['8.30', 'm-ben'],
    ]);
    expect(payload.available_times['4']).toEqual([]);
    expect(dropped.map((d) => d.memberId)).toEqual(['ghost', 'ghost']);
  });
  it('keeps a description', () => {
    const { payload } = buildSavePayload({ name: 'x', description: ' Woche 1 ', classId: 'c', memberIds: ids, content: { placements: [], errors: [] } });
    expect(payload.description).toBe('Woche 1');
  });
});

describe('loading a schedule', () => {
  it('groups runs per member and day', () => {
    const days = savedToDaySlots({
      '0': [
        ['9.00', 'a'],
        ['9.15', 'a'],
        ['9.30', 'b'],
        ['10.00', 'a'],
      ],
    });
    expect(runsOf(days)).toEqual([
      { memberId: 'a', day: 0, start: 36, end: 38 },
      { memberId: 'b', day: 0, start: 38, end: 39 },
      { memberId: 'a', day: 0, start: 40, end: 41 },
    ]);
  });
  it('places members whose entries match duration/15 and keeps the pinned flag', () => {
    const plan = planFromSaved(
      {
        '0': [
          ['10.00', 'm-anna'],
          ['10.15', 'm-anna'],
        ],
        '1': [
          ['8.00', 'm-ben'],
          ['8.15', 'm-ben'],
          ['8.30', 'm-ben'],
        ],
        '2': [],
      },
      MEMBERS,
      ['m-ben'],
    );
    expect(plan.errors).toEqual([]);
    expect(plan.placements).toEqual([
      { memberId: 'm-anna', day: 0, start: 40, end: 42, pinned: false },
      { memberId: 'm-ben', day: 1, start: 32, end: 35, pinned: true },
    ]);
  });
  it("shows an entry named 'ERROR: ...' for a member that is not in the class", () => {
    const plan = planFromSaved(
      {
        '3': [
          ['9.00', 'ghost'],
          ['9.15', 'ghost'],
        ],
      },
      MEMBERS,
    );
    expect(plan.placements).toEqual([]);
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]).toMatchObject({ name: 'ERROR: Unbekannte*r Student*in', memberId: 'ghost', unknownMember: true, day: 3, start: 36, end: 38 });
  });
  it("shows 'ERROR: ...' when the slot count differs from duration/15", () => {
    // Carla has 60 minutes = 4 slots; 2 slots were saved.
    const plan = planFromSaved(
      {
        '4': [
          ['9.00', 'm-carla'],
          ['9.15', 'm-carla'],
        ],
      },
      MEMBERS,
    );
    expect(plan.placements).toEqual([]);
    expect(plan.errors[0]!.name).toBe('ERROR: Carla (30 statt 60 Minuten)');
    expect(plan.errors[0]!.name.startsWith('ERROR: ')).toBe(true);
  });
  it('expects at least one slot for odd durations', () => {
    const tiny = { ...CARLA, member_id: 'm-tiny', duration: 0 };
    const plan = planFromSaved({ '0': [['9.00', 'm-tiny']] }, [tiny]);
    expect(plan.placements).toHaveLength(1);
    expect(plan.errors).toEqual([]);
  });
  it("marks a second lesson of the same member as 'ERROR: ...'", () => {
    const plan = planFromSaved(
      {
        '0': [
          ['10.00', 'm-anna'],
          ['10.15', 'm-anna'],
        ],
        '2': [
          ['14.00', 'm-anna'],
          ['14.15', 'm-anna'],
        ],
      },
      MEMBERS,
    );
    expect(plan.placements).toHaveLength(1);
    expect(plan.errors.map((e) => e.name)).toEqual(['ERROR: Anna Müller (mehrfach im Stundenplan)']);
  });
  it('skips malformed saved entries', () => {
    const plan = planFromSaved({ '0': [['9.07', 'm-anna'], 'x', [1], ['10.00', '']], x: [['9.00', 'm-anna']] }, MEMBERS);
    expect(plan).toEqual({ placements: [], errors: [] });
  });
  it('round-trips placements through the working form and the saved form', () => {
    const placements = [
      { memberId: ANNA.member_id, day: 2, start: 56, end: 58, pinned: false },
      { memberId: BEN.member_id, day: 0, start: 36, end: 39, pinned: false },
    ];
    const working = toWorkingForm(placements);
    expect(planFromWorking(working, MEMBERS).placements).toEqual([placements[1], placements[0]]);
    const { times } = workingToSaved(working, ids);
    expect(planFromSaved(times, MEMBERS).placements).toEqual([placements[1], placements[0]]);
  });
});
