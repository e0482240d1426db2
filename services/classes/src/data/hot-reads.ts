import type { Pool } from '@stundenplan/base';
import type { Class, Member } from '../generated/prisma/client.js';

/**
 * Named statements: each pooled connection plans them once and then only executes them.
 *
 * The reads behind the most frequent calls (the teacher's class list, the member list, a student's
 * memberships on every save of times), straight over the pool: one statement each, rows shaped like
 * the Prisma models so the DTO mappers stay the same.
 */
const CLASS_COLUMNS =
  'c.class_id AS "classId", c.name, c.description, c.is_group AS "isGroup", c.register_shortcut AS "registerShortcut", c.teacher_id AS "teacherId", c.created_at AS "createdAt", ' +
  // A DATE read as UTC midnight, as Prisma reads it (node-pg would take local midnight).
  `(c.deadline::timestamp AT TIME ZONE 'UTC') AS deadline, c.allow_late_changes AS "allowLateChanges", c.auto_reminders AS "autoReminders"`;
const MEMBER_COLUMNS =
  'm.member_id AS "memberId", m.class_id AS "classId", m.user_id AS "userId", m.student_id AS "studentId", m.name, m.email, m.duration, m.created_at AS "createdAt", m.updated_at AS "updatedAt"';

/**
 * The teacher's classes, oldest first, each with its members' ids (oldest first; userId null when
 * unregistered). Ids are UUIDs, so they travel as one comma-joined string per class (cheaper to read
 * than an array literal).
 */
export async function classesOfTeacher(pool: Pool, teacherId: string): Promise<(Class & { members: { memberId: string; userId: string | null }[] })[]> {
  const { rows } = await pool.query<Class & { memberIds: string | null; userIds: string | null }>({
    name: 'classes-of-teacher',
    text: `SELECT ${CLASS_COLUMNS},
            string_agg(m.member_id::text, ',' ORDER BY m.created_at, m.member_id) AS "memberIds",
            string_agg(coalesce(m.user_id, ''), ',' ORDER BY m.created_at, m.member_id) AS "userIds"
       FROM classes c LEFT JOIN members m ON m.class_id = c.class_id
      WHERE c.teacher_id = $1 GROUP BY c.class_id ORDER BY c.created_at, c.class_id`,
    values: [teacherId],
  });
  return rows.map(({ memberIds, userIds, ...c }) => {
    const users = userIds?.split(',') ?? [];
    return { ...c, members: memberIds ? memberIds.split(',').map((memberId, i) => ({ memberId, userId: users[i] || null })) : [] };
  });
}

/**
 * The owner of a class and its members (oldest first) in one statement; null when the class does not
 * exist. `classId` must be a UUID (the routes check it before).
 */
export async function classWithMembers(pool: Pool, classId: string): Promise<{ teacherId: string; members: Member[] } | null> {
  const { rows } = await pool.query<Member & { owner: string }>({
    name: 'class-with-members',
    text: `SELECT c.teacher_id AS owner, ${MEMBER_COLUMNS}
       FROM classes c LEFT JOIN members m ON m.class_id = c.class_id
      WHERE c.class_id = $1::uuid ORDER BY m.created_at, m.member_id`,
    values: [classId],
  });
  if (!rows.length) return null;
  return { teacherId: rows[0]!.owner, members: rows.filter((r) => r.memberId !== null).map(({ owner: _owner, ...m }) => m) };
}

export interface MembershipRow {
  member: Member;
  cls: Class;
  teacherName: string | null;
  institutionName: string | null;
  institutionId: string | null;
}

/** A user's memberships with class and teacher directory entry, oldest first. */
export async function membershipsOfUser(pool: Pool, userId: string): Promise<MembershipRow[]> {
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
    return { member, cls: { ...cls, createdAt: classCreatedAt, deadline: classDeadline }, teacherName: teacherName || null, institutionName, institutionId };
  });
}
