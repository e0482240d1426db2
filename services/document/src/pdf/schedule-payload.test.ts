import { AppError } from '@stundenplan/base';
import { describe, expect, it } from 'vitest';
import { ROOM_ERRORS } from './room-payload.js';
import { PDF_ERRORS, parseDayKey, parseExportRequest, parseSlotKey, parseTimeRange } from './schedule-payload.js';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const range = { start: 32, end: 76 };

function detailOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).httpStatus).toBe(400);
    return (e as AppError).detail;
  }
  throw new Error('expected a 400');
}

describe('parseSlotKey / parseDayKey', () => {
  it.each([
    ['09:00', 36],
    ['9:00', 36],
    ['9.00', 36],
    ['09.00', 36],
    ['23:45', 95],
    ['0:00', 0],
    [' 14:30 ', 58],
  ])('reads slot key %j as %i', (key, slot) => expect(parseSlotKey(key)).toBe(slot));

  it.each(['9:10', '24:00', '9', 'abc', '', '9:00:00'])('rejects slot key %j', (key) => expect(parseSlotKey(key)).toBeUndefined());

  it.each([
    ['Montag', 0],
    ['MONTAG', 0],
    ['sonntag', 6],
    ['0', 0],
    ['6', 6],
  ])('reads day key %j as %i', (key, day) => expect(parseDayKey(key)).toBe(day));

  it.each(['7', 'Mo', 'Monday', '-1', '01'])('rejects day key %j', (key) => expect(parseDayKey(key)).toBeUndefined());
});

describe('parseExportRequest', () => {
  it('turns the working form into lessons of consecutive slots per member', () => {
    const req = parseExportRequest({
      schedule: {
        Montag: { '09:00': A, '09:15': A, '09:30': B, '09:45': B, '10:00': '', '10:15': A },
        '1': { '14.00': B, '14.15': B, '14.30': B },
        MITTWOCH: {},
      },
      timeRange: range,
      studentsList: [
        { member_id: A, name: 'Anna', fullName: 'Anna Müller', duration: 30 },
        { member_id: B, name: 'Ben' },
      ],
      className: ' Klavier ',
    });
    expect(req.lessons).toEqual([
      { day: 0, start: 36, end: 38, memberId: A },
      { day: 0, start: 38, end: 40, memberId: B },
      { day: 0, start: 41, end: 42, memberId: A },
      { day: 1, start: 56, end: 59, memberId: B },
    ]);
    expect(req.timeRange).toEqual(range);
    expect(req.className).toBe('Klavier');
    expect(req.students).toEqual([
      { memberId: A, name: 'Anna', fullName: 'Anna Müller', duration: 30 },
      { memberId: B, name: 'Ben', fullName: '' },
    ]);
  });

  it('accepts the saved form (lists of [slot, member_id]) for a day', () => {
    const req = parseExportRequest({
      schedule: {
        '2': [
          ['9.00', A],
          ['9.15', A],
          [38, A],
        ],
      },
      timeRange: range,
    });
    expect(req.lessons).toEqual([{ day: 2, start: 36, end: 39, memberId: A }]);
    expect(req.students).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['no schedule', { timeRange: range }],
    ['a null schedule', { schedule: null, timeRange: range }],
    ['a schedule list', { schedule: [], timeRange: range }],
    ['an empty schedule', { schedule: {}, timeRange: range }],
    ['only free slots', { schedule: { Montag: { '09:00': '', '09:15': null }, Dienstag: {} }, timeRange: range }],
  ])('answers the SPEC message for %s', (_what, body) => {
    expect(detailOf(() => parseExportRequest(body))).toBe('Kein Stundenplan zum Exportieren vorhanden.');
  });

  it('checks the schedule before the time range', () => {
    expect(detailOf(() => parseExportRequest({ schedule: {}, timeRange: { start: 5, end: 1 } }))).toBe(PDF_ERRORS.emptySchedule);
  });

  it('rejects unknown day names in German', () => {
    expect(detailOf(() => parseExportRequest({ schedule: { Funday: { '09:00': A } }, timeRange: range }))).toBe('Ungültiger Wochentag: "Funday"');
  });

  it('rejects invalid times and member ids in German', () => {
    expect(detailOf(() => parseExportRequest({ schedule: { Montag: { '9:10': A } }, timeRange: range }))).toBe('Ungültige Zeitangabe: "9:10"');
    expect(detailOf(() => parseExportRequest({ schedule: { Montag: { '09:00': 42 } }, timeRange: range }))).toBe('Ungültige Mitglieds-ID bei Montag 09:00.');
    expect(detailOf(() => parseExportRequest({ schedule: { Montag: 'x' }, timeRange: range }))).toBe(
      'Die Einträge für Montag müssen als Objekt von Uhrzeit zu Mitglieds-ID angegeben werden.',
    );
  });

  it('rejects one slot given twice with different members', () => {
    expect(detailOf(() => parseExportRequest({ schedule: { Montag: { '09:00': A }, '0': { '9.00': B } }, timeRange: range }))).toBe(
      'Doppelte Belegung: Montag 09:00 ist mehreren Studierenden zugeordnet.',
    );
  });

  it('validates the students list', () => {
    const schedule = { Montag: { '09:00': A } };
    expect(detailOf(() => parseExportRequest({ schedule, timeRange: range, studentsList: {} }))).toBe(PDF_ERRORS.studentsListInvalid);
    expect(detailOf(() => parseExportRequest({ schedule, timeRange: range, studentsList: [{ name: 'x' }] }))).toBe(
      'Ungültiger Eintrag 1 in der Studentenliste: member_id fehlt.',
    );
    const dup = parseExportRequest({
      schedule,
      timeRange: range,
      studentsList: [
        { member_id: A, name: 'Erste' },
        { member_id: A, name: 'Zweite' },
      ],
    });
    expect(dup.students.map((s) => s.name)).toEqual(['Erste']);
  });
});

describe('parseTimeRange', () => {
  it.each([
    [
      { start: 0, end: 96 },
      { start: 0, end: 96 },
    ],
    [
      { start: '32', end: '76' },
      { start: 32, end: 76 },
    ],
    [
      { start: 95, end: 96 },
      { start: 95, end: 96 },
    ],
  ])('accepts %j', (raw, want) => expect(parseTimeRange(raw)).toEqual(want));

  it('asks for a range when it is missing', () => {
    expect(detailOf(() => parseTimeRange(undefined))).toBe(PDF_ERRORS.timeRangeMissing);
  });

  it.each([
    { start: 40, end: 40 },
    { start: 50, end: 40 },
  ])('rejects start >= end: %j', (raw) => {
    expect(detailOf(() => parseTimeRange(raw))).toBe('Ungültiger Zeitbereich: Der Beginn muss vor dem Ende liegen.');
  });

  it.each([{ start: -1, end: 40 }, { start: 0, end: 97 }, { start: 1.5, end: 40 }, { start: 'x', end: 40 }, { start: 1 }, 'morning'])('rejects %j', (raw) =>
    expect(detailOf(() => parseTimeRange(raw))).toBe('Ungültiger Zeitbereich: Beginn und Ende müssen ganze Zahlen von 0 bis 96 sein.'),
  );
});

describe('rooms (a class of a school)', () => {
  const schedule = { Montag: { '09:00': A, '09:15': A }, Dienstag: [['14.00', B]] };

  it('gives each lesson of a member with a room its text, "Raum 1.01, Hauptstelle"; others none', () => {
    const req = parseExportRequest({
      schedule,
      timeRange: range,
      rooms: { [A]: { id: 'r1', name: ' Raum 1.01 ', site_id: 's1', site_name: 'Hauptstelle' }, ['someone-else']: { name: 'Saal', site_name: 'Nord' } },
    });
    expect(req.lessons.map((l) => [l.memberId, l.room ?? null])).toEqual([
      [A, 'Raum 1.01, Hauptstelle'],
      [B, null],
    ]);
    expect(req.lessons[1]).not.toHaveProperty('room');
  });

  it('without rooms (absent or null) the lessons are as before', () => {
    for (const rooms of [undefined, null, {}]) {
      expect(parseExportRequest({ schedule, timeRange: range, rooms }).lessons.every((l) => !('room' in l))).toBe(true);
    }
  });

  it('refuses a malformed room in German', () => {
    expect(detailOf(() => parseExportRequest({ schedule, timeRange: range, rooms: [] }))).toBe(ROOM_ERRORS.roomsInvalid);
    expect(detailOf(() => parseExportRequest({ schedule, timeRange: range, rooms: { [A]: { name: 5, site_name: 'x' } } }))).toBe(ROOM_ERRORS.roomInvalid(A));
    expect(detailOf(() => parseExportRequest({ schedule, timeRange: range, rooms: { [A]: { name: 'x'.repeat(101), site_name: 'x' } } }))).toBe(
      ROOM_ERRORS.roomInvalid(A),
    );
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`m${i}`, { name: 'R', site_name: 'S' }]));
    expect(detailOf(() => parseExportRequest({ schedule, timeRange: range, rooms: many }))).toBe(ROOM_ERRORS.tooManyRooms(200));
  });
});
