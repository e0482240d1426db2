import { Topic } from '@stundenplan/base';
import { lockOwnedClass } from './classes.js';
import type { Deps } from './context.js';
import { memberOfClass } from './member-of-class.js';

/** DELETE classes/{id}/members/{memberId}. */
export async function removeMember(deps: Deps, teacherId: string, classId: string, memberIdRaw: unknown): Promise<void> {
  await deps.data.transaction(async (tx) => {
    await lockOwnedClass(tx.classes, classId, teacherId);
    const m = await memberOfClass(tx.members, classId, memberIdRaw);
    await tx.members.delete(m.memberId);
    await tx.emit(Topic.MemberRemoved, classId, { class_id: classId, member_id: m.memberId, user_id: m.userId });
  });
  deps.kick();
}
