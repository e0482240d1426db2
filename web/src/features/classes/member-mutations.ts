// Writes on the members of a class (docs/product/classes.md Member): each a mutation on the shared members key,
// so every page showing the class's members (the class page and the planner) sees the change.
import { useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TimesMap } from '@stundenplan/timegrid';
import { queryKeys } from '../../shared/data/query-keys';
import { toast } from '../../shared/toast/toast-store';
import { classesApi, type ClassDto, type MemberDto, type MemberFrequency, type MemberUpdate, type PotentialLink } from './classes-api';
import { MEMBER_MESSAGES } from './messages';
import { parseDuration, reasonOf } from './validation';

export type EditableMemberField = 'email' | 'name' | 'duration' | 'frequency';

/** Row actions (remove, invite, link) share this key: a row is busy while one of them runs for its member. */
const rowActionKey = (classId: string) => ['classes', classId, 'members', 'row-action'] as const;

function patchMember(queryClient: QueryClient, classId: string, memberId: string, patch: Partial<MemberDto>) {
  queryClient.setQueryData<MemberDto[]>(queryKeys.members(classId), (list) => list?.map((m) => (m.member_id === memberId ? { ...m, ...patch } : m)));
}

/** Member ids with a row action under way. */
export function useBusyMembers(classId: string): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: rowActionKey(classId), status: 'pending' },
    select: (mutation) => (mutation.state.variables as { member?: MemberDto } | undefined)?.member?.member_id,
  });
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}

/** The body of an inline edit: durations as text, as the server has always taken them. */
function fieldBody(field: EditableMemberField, value: string | number): MemberUpdate {
  if (field === 'duration') return { duration: String(value) };
  if (field === 'frequency') return { frequency: value as MemberFrequency };
  return field === 'email' ? { email: String(value) } : { name: String(value) };
}

/** Inline edit of e-mail, name, duration or frequency: applied optimistically and rolled back on a server error. */
export function useUpdateMemberField(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, field, value }: { member: MemberDto; field: EditableMemberField; value: string | number }) =>
      classesApi.updateMember(classId, member.member_id, fieldBody(field, value)),
    onMutate: async ({ member, field, value }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.members(classId) });
      patchMember(queryClient, classId, member.member_id, { [field]: value } as Partial<MemberDto>);
      return { previous: member[field] };
    },
    onError: (error, { member, field }, context) => {
      patchMember(queryClient, classId, member.member_id, { [field]: context?.previous } as Partial<MemberDto>);
      toast.error(MEMBER_MESSAGES.updateFailed(field, reasonOf(error)));
    },
  });
}

/** The value sent for a field: durations as numbers, the rest as typed. */
export function fieldValue(field: EditableMemberField, raw: string): string | number {
  return field === 'duration' ? parseDuration(raw)! : raw;
}

/** The teacher-entered times (and preferred times, and the frequency) of a member; the cached member gets what the server stored. */
export function useSaveMemberTimes(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, times, preferred, frequency }: { memberId: string; times: TimesMap; preferred: TimesMap; frequency?: MemberFrequency }) => {
      const answer = await classesApi.updateMember(classId, memberId, {
        available_times: times,
        preferred_times: preferred,
        ...(frequency ? { frequency } : {}),
      });
      const stored = { available_times: answer?.available_times ?? times, preferred_times: answer?.preferred_times ?? preferred };
      const storedFrequency = answer?.frequency ?? frequency;
      return storedFrequency ? { ...stored, frequency: storedFrequency } : stored;
    },
    onSuccess: (stored, { memberId }) => {
      patchMember(queryClient, classId, memberId, stored);
      // The class list counts who has times ('x von y haben Zeiten eingetragen').
      void queryClient.invalidateQueries({ queryKey: queryKeys.myClasses });
    },
  });
}

/** One member by hand: a registered student (by user id) or a new one (name, e-mail); the caller refreshes the members. */
export function useAddMember(classId: string) {
  return useMutation({
    mutationFn: (
      input: ({ registeredUserId: string; duration: number } | { name: string; email: string | null; duration: number }) & { frequency?: MemberFrequency },
    ) => {
      // Both add endpoints take the member's frequency (packages/contracts newMemberInput / registeredMemberInput).
      const frequency = input.frequency ?? 'weekly';
      if ('registeredUserId' in input) {
        const row = { student_id: input.registeredUserId, duration: input.duration, frequency };
        return classesApi.addRegistered(classId, [row]);
      }
      const row = { name: input.name, duration: input.duration, email: input.email, frequency };
      return classesApi.addNew(classId, [row]);
    },
  });
}

/** Members were added, removed or linked: the members are fetched again and the class list hears of it. */
export function useMembersChanged(classId: string, onMembersChanged: () => void) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.members(classId) });
    onMembersChanged();
  };
}

export function useRemoveMember(classId: string, onMembersChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: rowActionKey(classId),
    mutationFn: ({ member }: { member: MemberDto }) => classesApi.removeMember(classId, member.member_id),
    onSuccess: (_answer, { member }) => {
      queryClient.setQueryData<MemberDto[]>(queryKeys.members(classId), (list) => list?.filter((m) => m.member_id !== member.member_id));
      toast.success(MEMBER_MESSAGES.removed);
      onMembersChanged();
    },
    onError: () => toast.error(MEMBER_MESSAGES.removeFailed),
  });
}

export function useInviteMember(cls: ClassDto) {
  return useMutation({
    mutationKey: rowActionKey(cls.class_id),
    mutationFn: ({ member, email }: { member: MemberDto; email: string }) =>
      classesApi.invite(cls.class_id, {
        member_id: member.member_id,
        email,
        name: member.name,
        class_name: cls.name,
        register_shortcut: cls.register_shortcut,
      }),
    onSuccess: (_answer, { email }) => toast.success(MEMBER_MESSAGES.invited(email)),
    onError: (error) => toast.error(MEMBER_MESSAGES.inviteFailed(reasonOf(error))),
  });
}

export function useLinkMember(classId: string, onMembersChanged: () => void) {
  return useMutation({
    mutationKey: rowActionKey(classId),
    mutationFn: ({ member, target }: { member: MemberDto; target: PotentialLink }) =>
      classesApi.updateMember(classId, member.member_id, { user_id: target.user_id, available_times: target.available_times }),
    onSuccess: () => {
      toast.success(MEMBER_MESSAGES.linked);
      onMembersChanged();
    },
    onError: (error) => toast.error(MEMBER_MESSAGES.linkFailed(reasonOf(error))),
  });
}
