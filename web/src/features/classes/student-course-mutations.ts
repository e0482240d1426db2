// The student's course actions (docs/product/api.md Student course actions): each a mutation that reads the
// shared profile again, so the course list and the deadline notices show the change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../shared/data/query-keys';
import { studentCoursesApi } from './classes-api';

function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
}

/** Confirms a membership the teacher made. */
export function useVerifyCourse() {
  const onSuccess = useRefreshProfile();
  return useMutation({ mutationFn: ({ classId, memberId }: { classId: string; memberId: string }) => studentCoursesApi.verify(classId, memberId), onSuccess });
}

/** Leaves a course. */
export function useLeaveCourse() {
  const onSuccess = useRefreshProfile();
  return useMutation({ mutationFn: (memberId: string) => studentCoursesApi.leave(memberId), onSuccess });
}

/** Joins a course by its registration code. */
export function useJoinCourse() {
  const onSuccess = useRefreshProfile();
  return useMutation({ mutationFn: ({ code, duration }: { code: string; duration: number }) => studentCoursesApi.join(code, duration), onSuccess });
}
