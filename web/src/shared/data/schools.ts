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
