// The semester of a class (docs/product/semester.md): one query shared by the class page and the planner's send dialog.
import type { AnswerOf, BodyOf } from '@stundenplan/contracts';
import { semester } from '@stundenplan/contracts/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { queryKeys } from './query-keys';

/** GET classes/{id}/semester: every field null (lists empty) while the class has no semester. */
export type SemesterAnswer = AnswerOf<typeof semester.getSemester>;
/** PUT classes/{id}/semester. */
export type SemesterBody = BodyOf<typeof semester.setSemester>;

/** The 16 Bundesländer by their codes, with their German names, in the order of the select. */
export const GERMAN_STATE_NAMES = {
  BW: 'Baden-Württemberg',
  BY: 'Bayern',
  BE: 'Berlin',
  BB: 'Brandenburg',
  HB: 'Bremen',
  HH: 'Hamburg',
  HE: 'Hessen',
  MV: 'Mecklenburg-Vorpommern',
  NI: 'Niedersachsen',
  NW: 'Nordrhein-Westfalen',
  RP: 'Rheinland-Pfalz',
  SL: 'Saarland',
  SN: 'Sachsen',
  ST: 'Sachsen-Anhalt',
  SH: 'Schleswig-Holstein',
  TH: 'Thüringen',
} as const;

export async function fetchSemester(classId: string, signal?: AbortSignal): Promise<SemesterAnswer | undefined> {
  return call(semester.getSemester, { params: { classId } }, { signal });
}

export function saveSemester(classId: string, body: SemesterBody) {
  return call(semester.setSemester, { params: { classId }, body }, { abortPrevious: false });
}

export function removeSemester(classId: string) {
  return call(semester.deleteSemester, { params: { classId } }, { abortPrevious: false });
}

export const semesterQuery = (classId: string) =>
  queryOptions({ queryKey: queryKeys.semester(classId), queryFn: ({ signal }) => fetchSemester(classId, signal) });

/** True when the answer describes a semester (not the all-null answer of a class without one). */
export function hasSemester(answer: SemesterAnswer | undefined | null): answer is SemesterAnswer & { first_day: string; last_day: string; state: string } {
  return Boolean(answer?.first_day && answer.last_day && answer.state);
}
