import { describe, expect, it } from 'vitest';
import { CALC_TEXTS, describeCalcError, parseCalcAnswer, parseNotes } from './calculation';
import { MEMBERS } from './fixtures';
import { parseProgress } from './progress';
import { toWorkingForm } from './schedule-forms';

const now = new Date(2025, 10, 22, 10, 0);

describe('parseCalcAnswer', () => {
  it('reads placements with their lock, the name and the unplaced students', () => {
    const outcome = parseCalcAnswer(
      {
        timetable: {},
        placements: [
          { member_id: 'm-anna', day: 0, set_time_from_to: [40, 42], pinned: true },
          { member_id: 'm-ben', day: 1, start: '8.00', end: '8.45', pinned: false },
        ],
        unscheduled_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Alle passenden Zeitfenster sind bereits belegt' }],
        skipped_students: [],
        name: 'Berechneter Plan 22.11.2025',
      },
      MEMBERS,
      now,
    );
    expect(outcome!.plan.placements).toEqual([
      { memberId: 'm-anna', day: 0, start: 40, end: 42, pinned: true },
      { memberId: 'm-ben', day: 1, start: 32, end: 35, pinned: false },
    ]);
    expect(outcome!.notAssigned).toEqual(['m-carla']);
    expect(outcome!.unscheduled[0]!.reason).toBe('Alle passenden Zeitfenster sind bereits belegt');
    expect(outcome!.name).toBe('Berechneter Plan 22.11.2025');
  });
  it('falls back to the working-form timetable and a computed name', () => {
    const outcome = parseCalcAnswer({ timetable: toWorkingForm([{ memberId: 'm-anna', day: 3, start: 36, end: 38 }]) }, MEMBERS, now);
    expect(outcome!.plan.placements).toEqual([{ memberId: 'm-anna', day: 3, start: 36, end: 38, pinned: false }]);
    expect(outcome!.name).toBe('Berechneter Plan 22.11.2025');
  });
  it('is null without a result', () => {
    expect(parseCalcAnswer({ foo: 1 }, MEMBERS, now)).toBeNull();
    expect(parseCalcAnswer(undefined, MEMBERS, now)).toBeNull();
    expect(CALC_TEXTS.badFormat).toBe('Unerwartetes Ergebnisformat von der Berechnung erhalten.');
  });
});

describe('parseNotes', () => {
  it('accepts strings and objects with name', () => {
    expect(parseNotes(['Anna Müller', { name: 'X', reason: 'r' }, 3], MEMBERS)).toEqual([
      { name: 'Anna Müller', memberId: 'm-anna' },
      { name: 'X', reason: 'r' },
    ]);
  });
});

describe('describeCalcError', () => {
  const detail = {
    error_type: 'INFEASIBLE',
    message: CALC_TEXTS.infeasible,
    skipped_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Keine verfügbaren Zeiten eingetragen' }],
    unscheduled_students: [{ member_id: 'm-ben', name: 'Ben Schröder', reason: 'Alle passenden Zeitfenster sind bereits belegt' }],
    best_plan: { timetable: {}, placements: [{ member_id: 'm-anna', day: 0, set_time_from_to: [40, 42], pinned: false }] },
  };
  it('object detail INFEASIBLE: the SPEC text, both lists and the best plan', () => {
    const view = describeCalcError({ status: 400, detail }, MEMBERS, now);
    expect(view.title).toBe('Stundenplan konnte nicht erstellt werden');
    expect(view.messages).toEqual(['Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.']);
    expect(view.skipped.map((s) => s.name)).toEqual(['Carla']);
    expect(view.unscheduled.map((s) => s.reason)).toEqual(['Alle passenden Zeitfenster sind bereits belegt']);
    expect(view.detailed).toBe(true);
    expect(view.bestPlan!.plan.placements).toHaveLength(1);
    expect(view.bestPlan!.notAssigned.sort()).toEqual(['m-ben', 'm-carla']);
  });
  it('object detail of another type, with its own message added', () => {
    const view = describeCalcError({ status: 400, detail: { error_type: 'TIMEOUT', message: 'Zeit abgelaufen' } }, MEMBERS, now);
    expect(view.messages).toEqual(['Die automatische Stundenplanerstellung war nicht erfolgreich. Dies kann verschiedene Gründe haben.', 'Zeit abgelaufen']);
    expect(view.bestPlan).toBeNull();
  });
  it('string detail and other errors use the defaults', () => {
    expect(describeCalcError({ status: 400, detail: 'Bitte wählen Sie zuerst eine Klasse aus.' }, MEMBERS, now).messages).toEqual([
      'Bitte wählen Sie zuerst eine Klasse aus.',
    ]);
    expect(describeCalcError({ status: 400, detail: '' }, MEMBERS, now).messages).toEqual(['Stundenplan konnte nicht erstellt werden']);
    expect(describeCalcError({ status: 502, message: '' }, MEMBERS, now).messages).toEqual(['Fehler bei der Berechnung']);
    expect(describeCalcError({ status: 502, message: 'Die Berechnung ist fehlgeschlagen.' }, MEMBERS, now).detailed).toBe(false);
  });
});

describe('parseProgress', () => {
  it('reads a stage event and clamps the percent', () => {
    expect(parseProgress(JSON.stringify({ stage: 'first-plan', percent: 35, label: 'Erster Plan gefunden', run_id: 'r', class_id: 'c' }))).toEqual({
      stage: 'first-plan',
      percent: 35,
      label: 'Erster Plan gefunden',
      runId: 'r',
      classId: 'c',
    });
    expect(parseProgress(JSON.stringify({ stage: 'done', percent: 140 }))!.percent).toBe(100);
  });
  it('ignores anything else', () => {
    expect(parseProgress('nope')).toBeNull();
    expect(parseProgress(JSON.stringify({ percent: 3 }))).toBeNull();
    expect(parseProgress(undefined)).toBeNull();
  });
});
