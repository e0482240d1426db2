// What a teacher does to a member of the table: edit a field, remove, invite, link, and copy all addresses.
import { toast } from '../../../shared/toast/toast-store';
import { useConfirm } from '../../../shared/ui/use-confirm';
import type { ClassDto, MemberDto, PotentialLink } from '../classes-api';
import { joinEmails, memberEmails } from '../member-utils';
import {
  fieldValue,
  useBusyMembers,
  useInviteMember,
  useLinkMember,
  useMembersChanged,
  useRemoveMember,
  useUpdateMemberField,
  type EditableMemberField,
} from '../member-mutations';
import { MEMBER_MESSAGES as M } from '../messages';

/** Copies the members' addresses to the clipboard, one message for each outcome. */
async function copyEmails(members: readonly MemberDto[]): Promise<void> {
  const emails = memberEmails(members);
  if (emails.length === 0) {
    toast.info(M.nothingToCopy);
    return;
  }
  try {
    if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(joinEmails(emails));
    toast.success(M.copied(emails.length));
  } catch {
    toast.error(M.copyFailed);
  }
}

export function useMemberActions(cls: ClassDto, onMembersChanged: () => void) {
  const classId = cls.class_id;
  const busy = useBusyMembers(classId);
  const updateMember = useUpdateMemberField(classId);
  const afterMembershipChange = useMembersChanged(classId, onMembersChanged);
  const removeMember = useRemoveMember(classId, afterMembershipChange);
  const inviteMember = useInviteMember(cls);
  const linkMember = useLinkMember(classId, afterMembershipChange);
  const { confirm, dialog: confirmDialog } = useConfirm();

  // docs/product/classes.md: edits are applied optimistically and rolled back on a server error (the mutation's onError).
  const updateField = (member: MemberDto, field: EditableMemberField, raw: string) =>
    updateMember.mutateAsync({ member, field, value: fieldValue(field, raw) }).catch(() => undefined);

  const remove = async (member: MemberDto) => {
    if (!(await confirm({ title: M.removeTitle, message: M.removeConfirm(member.name), confirmLabel: M.remove, danger: true }))) return;
    removeMember.mutate({ member });
  };

  const invite = async (member: MemberDto) => {
    const email = (member.email ?? '').trim();
    if (!email) {
      toast.error(M.inviteEmailRequired);
      return;
    }
    if (!(await confirm({ title: M.inviteTitle, message: M.inviteConfirm(member.name, email), confirmLabel: M.invite }))) return;
    inviteMember.mutate({ member, email });
  };

  const link = async (member: MemberDto, target: PotentialLink) => {
    if (!(await confirm({ title: M.linkTitle, message: M.linkConfirm(member.name, member.email ?? ''), confirmLabel: M.link }))) return;
    linkMember.mutate({ member, target });
  };

  return { busy, updateField, remove, invite, link, copyEmails, afterMembershipChange, confirmDialog };
}

export type MemberActions = ReturnType<typeof useMemberActions>;
