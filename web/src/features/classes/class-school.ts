// Where a class teaches (docs/product/school.md "Where a class teaches"): its school, the sites of its lessons and
// the equipment they need (GET|PUT classes/{id}/school), and a member's own needs, sites and family.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '@stundenplan/contracts';
import { school } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
import type { MemberDto } from '../../shared/data/classes';
import { queryKeys } from '../../shared/data/query-keys';
import { answered } from '../../shared/data/schools';
import { classesApi } from './classes-api';

export type ClassSchool = AnswerOf<typeof school.getClassSchool>;
export type ClassSchoolBody = BodyOf<typeof school.setClassSchool>;
/** A member's school fields as the member update takes them (`sites` only for a class with a school). */
export type MemberSchoolFields = { needs: string[] | null; sites?: string[] | null; family: string | null };

export const classSchoolQuery = (classId: string, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.classSchool(classId),
    queryFn: async ({ signal }): Promise<ClassSchool> => answered(await call(school.getClassSchool, { params: { classId } }, { signal })),
    enabled,
  });

/** PUT classes/{id}/school; the cached settings get the server's answer. */
export function useSaveClassSchool(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClassSchoolBody) => answered(await call(school.setClassSchool, { params: { classId }, body }, { abortPrevious: false })),
    onSuccess: ({ school_id, sites, needs }) => queryClient.setQueryData(queryKeys.classSchool(classId), { school_id, sites, needs }),
  });
}

/** A member's needs, sites and family through the member update; the member list is read again to show them. */
export function useSaveMemberSchool(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, fields }: { member: MemberDto; fields: MemberSchoolFields }) => classesApi.updateMember(classId, member.member_id, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members(classId) }),
  });
}
