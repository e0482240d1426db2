import type { Tx } from './prisma.js';

/** Invitations and reminders sent: the history behind the per-member limits. */
export function mailLogRepository(db: Tx) {
  return {
    /** Serializes the invitations of one member for the rest of the transaction. */
    async lockInvitationsOf(memberId: string): Promise<void> {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`classes:invite:${memberId}`}))`;
    },

    /** When the member's invitations since `since` were sent, oldest first. */
    async invitationTimesSince(memberId: string, since: Date): Promise<Date[]> {
      const rows = await db.invitation.findMany({ where: { memberId, createdAt: { gt: since } }, orderBy: { createdAt: 'asc' }, select: { createdAt: true } });
      return rows.map((r) => r.createdAt);
    },

    async recordInvitation(data: { teacherId: string; memberId: string; email: string }): Promise<void> {
      await db.invitation.create({ data });
    },

    /** One reminder run per class at a time, for the rest of the transaction. */
    async lockRemindersOf(classId: string): Promise<void> {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`classes:remind:${classId}`}))`;
    },

    /** Which of these members were reminded on `day`. */
    async remindedOn(memberIds: string[], day: Date): Promise<Set<string>> {
      const rows = await db.reminder.findMany({ where: { memberId: { in: memberIds }, day }, select: { memberId: true } });
      return new Set(rows.map((r) => r.memberId));
    },

    async recordReminder(data: { teacherId: string; classId: string; memberId: string; day: Date }): Promise<void> {
      await db.reminder.create({ data });
    },

    /** The invitation and reminder history a deleted teacher leaves (DSGVO). */
    async deleteOfTeacher(teacherId: string): Promise<void> {
      await db.invitation.deleteMany({ where: { teacherId } });
      await db.reminder.deleteMany({ where: { teacherId } });
    },
  };
}

export type MailLogRepository = ReturnType<typeof mailLogRepository>;
