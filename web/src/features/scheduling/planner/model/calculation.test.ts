import { describe, expect, it } from 'vitest';
import { CALC_TEXTS, describeCalcError, parseCalcAnswer, parseNotes } from './calculation';
import { calcAnswer, MEMBERS, placementView, SUMMARY } from './fixtures';
import { parseProgress } from './progress';
import { toWorkingForm } from './schedule-forms';

const now = new Date(2025, 10, 22, 10, 0);

const view = placementView;
const summary = { ...SUMMARY, placed: 2, preferred_placed: 1, preferred_member_ids: ['m-anna'] };
const answer = calcAnswer([view('m-anna', 0, 40, 42, true), view('m-ben', 1, 32, 35)], {
  unscheduled_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Alle passenden Zeitfenster sind bereits belegt' }],
  summary,
});

describe('parseCalcAnswer', () => {
  it('reads placements with their lock, the name, the summary and the unplaced students', () => {
    const outcome = parseCalcAnswer(answer, MEMBERS, now);
    expect(outcome!.plan.placements).toEqual([
      { memberId: 'm-anna', day: 0, start: 40, end: 42, pinned: true },
      { memberId: 'm-ben', day: 1, start: 32, end: 35, pinned: false },
    ]);
    expect(outcome!.notAssigned).toEqual(['m-carla']);
    expect(outcome!.unscheduled[0]!.reason).toBe('Alle passenden Zeitfenster sind bereits belegt');
    expect(outcome!.name).toBe('Berechneter Plan 22.11.2025');
    expect(outcome!.summary).toEqual({ placed: 2, preferredPlaced: 1, moved: 0, preferredIds: ['m-anna'], movedIds: [] });
  });
  // One shape only: the contract's. An answer without placements (a bare timetable) is an unexpected format.
  it('is null for anything but the contract shape', () => {
    expect(parseCalcAnswer({ timetable: toWorkingForm([{ memberId: 'm-anna', day: 3, start: 36, end: 38 }]) }, MEMBERS, now)).toBeNull();
    const { placements: _dropped, ...withoutPlacements } = answer;
    expect(parseCalcAnswer(withoutPlacements, MEMBERS, now)).toBeNull();
    expect(parseCalcAnswer({ foo: 1 }, MEMBERS, now)).toBeNull();
    expect(parseCalcAnswer(undefined, MEMBERS, now)).toBeNull();
    expect(CALC_TEXTS.badFormat).toBe('Unerwartetes Ergebnisformat von der Berechnung erhalten.');
  });
});

describe('parseNotes', () => {
  it('takes the name of the note, else the planner member, and the reason', () => {
    expect(
      parseNotes(
        [
          { member_id: 'm-anna', name: '', reason: '' },
          { member_id: 'm-x', name: 'X', reason: 'r' },
        ],
        MEMBERS,
      ),
    ).toEqual([
      { name: 'Anna Müller', memberId: 'm-anna' },
      { name: 'X', memberId: 'm-x', reason: 'r' },
    ]);
  });
});

describe('describeCalcError', () => {
  const detail = {
    error_type: 'INFEASIBLE',
    message: CALC_TEXTS.infeasible,
    skipped_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Keine verfügbaren Zeiten eingetragen' }],
    unscheduled_students: [{ member_id: 'm-ben', name: 'Ben Schröder', reason: 'Alle passenden Zeitfenster sind bereits belegt' }],
    best_plan: { timetable: {}, placements: [view('m-anna', 0, 40, 42)] },
  };
  it('object detail INFEASIBLE: the SPEC text, both lists and the best plan', () => {
    const result = describeCalcError({ status: 400, detail }, MEMBERS, now);
    expect(result.title).toBe('Stundenplan konnte nicht erstellt werden');
    expect(result.messages).toEqual([
      'Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.',
    ]);
    expect(result.skipped.map((s) => s.name)).toEqual(['Carla']);
    expect(result.unscheduled.map((s) => s.reason)).toEqual(['Alle passenden Zeitfenster sind bereits belegt']);
    expect(result.detailed).toBe(true);
    expect(result.bestPlan!.plan.placements).toHaveLength(1);
    expect(result.bestPlan!.notAssigned.sort()).toEqual(['m-ben', 'm-carla']);
  });
  it('object detail of another type, with its own message added', () => {
    const other = { ...detail, error_type: 'TIMEOUT', message: 'Zeit abgelaufen', best_plan: { timetable: {}, placements: [] } };
    const view = describeCalcError({ status: 400, detail: other }, MEMBERS, now);
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
