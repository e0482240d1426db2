// The schools of the logged-in teacher (docs/product/school.md "Administrators"): read by the navigation (the
// 'Schulverwaltung' link shows only when there is one) and by the school page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnswerOf } from '@stundenplan/contracts';
import { school } from '@stundenplan/contracts/routes';
import { call } from '../api/client';
import { useSession } from '../session/session-context';
import { queryKeys } from './query-keys';

export type MySchool = AnswerOf<typeof school.mySchools>['schools'][number];

export const SCHOOLS_LOAD_FAILED = 'Fehler beim Laden der Schulen';

export const mySchoolsQuery = () =>
  queryOptions({
    queryKey: queryKeys.mySchools,
    queryFn: async ({ signal }) => {
      const answer = await call(school.mySchools, {}, { signal, abortPrevious: false });
      if (!answer) throw new Error(SCHOOLS_LOAD_FAILED);
      return answer.schools;
    },
    retry: false,
    staleTime: 60_000,
  });

/** True once a teacher's GET /api/schools/mine lists a school; false for everybody else and while it loads. */
export function useHasSchool(): boolean {
  const { user } = useSession();
  const query = useQuery({ ...mySchoolsQuery(), enabled: user?.role === 'teacher' });
  return user?.role === 'teacher' && (query.data?.length ?? 0) > 0;
}

export type SchoolSite = AnswerOf<typeof school.listSites>['sites'][number];
export type SchoolRoom = AnswerOf<typeof school.listRooms>['rooms'][number];
export type SchoolEquipment = AnswerOf<typeof school.listEquipment>['equipment'][number];

export const SCHOOL_LOAD_FAILED = 'Fehler beim Laden der Schuldaten';

/** The answer, or a failed load when the session-expired flow took over (no answer). */
export function answered<T>(answer: T | undefined): T {
  if (answer === undefined) throw new Error(SCHOOL_LOAD_FAILED);
  return answer;
}

/** A school's sites, by name (the school page, a class's school settings, the room bookings). */
export const sitesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'sites'),
    queryFn: async ({ signal }) => answered(await call(school.listSites, { params: { schoolId } }, { signal })).sites,
  });

/** A school's rooms, by site and name. */
export const roomsQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'rooms'),
    queryFn: async ({ signal }) => answered(await call(school.listRooms, { params: { schoolId } }, { signal })).rooms,
  });

/** The equipment vocabulary with German labels, then the school's own tags. */
export const equipmentQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'equipment'),
    queryFn: async ({ signal }) => answered(await call(school.listEquipment, { params: { schoolId } }, { signal })).equipment,
  });
