import type { Pool } from '@stundenplan/base';
import type { Class, Member } from '../generated/prisma/client.js';
import { after, Prisma, type Tx } from './prisma.js';

const MEMBER_COLUMNS =
  'm.member_id AS "memberId", m.class_id AS "classId", m.user_id AS "userId", m.student_id AS "studentId", m.name, m.email, m.duration, m.frequency, m.needs, m.sites, m.family, m.created_at AS "createdAt", m.updated_at AS "updatedAt"';

export interface NewMember {
  memberId: string;
  classId: string;
  userId?: string | null;
  studentId?: string | null;
  name: string;
  email: string | null;
  duration: number;
  /** 'weekly' when absent (the column's default). */
  frequency?: 'weekly' | 'biweekly';
}

export type MemberChanges = Partial<Pick<Member, 'userId' | 'studentId' | 'name' | 'email' | 'duration' | 'frequency' | 'family'>> & {
  /** null: the class's (stored as SQL NULL). */
  needs?: string[] | null;
  sites?: string[] | null;
};

export interface MembershipRow {
  member: Member;
  cls: Class;
  teacherName: string | null;
  institutionName: string | null;
  institutionId: string | null;
}

/**
 * Members: `db` is the client or the transaction the caller runs in; `pool` serves the single-statement hot
 * reads; every write ends with `changed()` (see repositories.ts).
 */
export function memberRepository(db: Tx, pool: Pool, changed: () => Promise<void>) {
  return {
    findById: (memberId: string): Promise<Member | null> => db.member.findUnique({ where: { memberId } }),

    findByIdWithClass: (memberId: string): Promise<(Member & { class: Class }) | null> =>
      db.member.findUnique({ where: { memberId }, include: { class: true } }),

    findInClassByUser: (classId: string, userId: string): Promise<Member | null> => db.member.findFirst({ where: { classId, userId } }),

    findUnregisteredInClassByEmail: (classId: string, email: string): Promise<Member | null> =>
      db.member.findFirst({ where: { classId, userId: null, email } }),

    /** Oldest first. */
    listOfClass: (classId: string): Promise<Member[]> => db.member.findMany({ where: { classId }, orderBy: [{ createdAt: 'asc' }, { memberId: 'asc' }] }),

    listOfUser: (userId: string): Promise<Member[]> => db.member.findMany({ where: { userId } }),

    countOfClass: (classId: string): Promise<number> => db.member.count({ where: { classId } }),

    /** The members' e-mails of a class, lower case, optionally without one member. */
    async emailsOfClass(classId: string, exceptMemberId?: string): Promise<Set<string>> {
      const rows = await db.member.findMany({
        where: { classId, email: { not: null }, ...(exceptMemberId ? { memberId: { not: exceptMemberId } } : {}) },
        select: { email: true },
      });
      return new Set(rows.map((r) => (r.email ?? '').toLowerCase()));
    },

    /** E-mails, user and student ids of the teacher's members (all classes) that match one of these e-mails or user ids. */
    inClassesOfTeacher: (
      teacherId: string,
      match: { emails: string[]; userIds?: string[] },
    ): Promise<{ email: string | null; userId: string | null; studentId: string | null }[]> =>
      db.member.findMany({
        where: {
          class: { teacherId },
          ...(match.userIds ? { OR: [{ email: { in: match.emails } }, { userId: { in: match.userIds } }] } : { email: { in: match.emails } }),
        },
        select: { email: true, userId: true, studentId: true },
      }),

    create: (data: NewMember): Promise<Member> => db.member.create({ data }).then(after(changed)),

    update: (memberId: string, { needs, sites, ...data }: MemberChanges): Promise<Member> =>
      db.member
        .update({
          where: { memberId },
          data: {
            ...data,
            ...(needs !== undefined ? { needs: needs ?? Prisma.DbNull } : {}),
            ...(sites !== undefined ? { sites: sites ?? Prisma.DbNull } : {}),
          },
        })
        .then(after(changed)),

    async delete(memberId: string): Promise<void> {
      await db.member.delete({ where: { memberId } });
      await changed();
    },

    /** Deletes the membership only if it (still) belongs to this user; false when nothing was deleted. */
    async deleteOfUser(memberId: string, userId: string): Promise<boolean> {
      const { count } = await db.member.deleteMany({ where: { memberId, userId } });
      if (count) await changed();
      return count > 0;
    },

    /**
     * The owner of a class and its members (oldest first) in one statement; null when the class does not
     * exist. `classId` must be a UUID (the callers check it before).
     */
    async classWithMembers(classId: string): Promise<{ teacherId: string; members: Member[] } | null> {
      const { rows } = await pool.query<Member & { owner: string }>({
        name: 'class-with-members',
        text: `SELECT c.teacher_id AS owner, ${MEMBER_COLUMNS}
           FROM classes c LEFT JOIN members m ON m.class_id = c.class_id
          WHERE c.class_id = $1::uuid ORDER BY m.created_at, m.member_id`,
        values: [classId],
      });
      if (!rows.length) return null;
      return { teacherId: rows[0]!.owner, members: rows.filter((r) => r.memberId !== null).map(({ owner: _owner, ...m }) => m) };
    },

    /** A user's memberships with class and teacher directory entry, oldest first (asked on every save of a student's times): one statement. */
    async membershipsOfUser(userId: string): Promise<MembershipRow[]> {
      const { rows } = await pool.query<Member & { cls: Class; teacherName: string | null; institutionName: string | null; institutionId: string | null }>({
        name: 'memberships-of-user',
        text: `SELECT ${MEMBER_COLUMNS},
                json_build_object('classId', c.class_id, 'name', c.name, 'description', c.description, 'isGroup', c.is_group,
                                  'registerShortcut', c.register_shortcut, 'teacherId', c.teacher_id,
                                  'allowLateChanges', c.allow_late_changes, 'autoReminders', c.auto_reminders) AS cls,
                c.created_at AS "classCreatedAt", (c.deadline::timestamp AT TIME ZONE 'UTC') AS "classDeadline", t.name AS "teacherName", t.institution_name AS "institutionName", t.institution_id AS "institutionId"
           FROM members m JOIN classes c ON c.class_id = m.class_id LEFT JOIN user_directory t ON t.user_id = c.teacher_id
          WHERE m.user_id = $1 ORDER BY m.created_at`,
        values: [userId],
      });
      return rows.map((r) => {
        const { cls, teacherName, institutionName, institutionId, classCreatedAt, classDeadline, ...member } = r as typeof r & {
          classCreatedAt: Date;
          classDeadline: Date | null;
        };
        return {
          member,
          cls: { ...cls, createdAt: classCreatedAt, deadline: classDeadline },
          teacherName: teacherName || null,
          institutionName,
          institutionId,
        };
      });
    },
  };
}

export type MemberRepository = ReturnType<typeof memberRepository>;
