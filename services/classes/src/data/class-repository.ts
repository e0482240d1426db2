import type { Pool } from '@stundenplan/base';
import type { Class } from '../generated/prisma/client.js';
import { after, type Tx } from './prisma.js';

/**
 * Columns of the hand-written reads, shaped like the Prisma model so the DTO mappers stay the same.
 * A DATE is read as UTC midnight, as Prisma reads it (node-pg would take local midnight).
 */
export const CLASS_COLUMNS =
  'c.class_id AS "classId", c.name, c.description, c.is_group AS "isGroup", c.register_shortcut AS "registerShortcut", c.teacher_id AS "teacherId", c.created_at AS "createdAt", ' +
  `(c.deadline::timestamp AT TIME ZONE 'UTC') AS deadline, c.allow_late_changes AS "allowLateChanges", c.auto_reminders AS "autoReminders"`;

/** `userId` only for verified members: whose own times the teacher may see (null otherwise). */
export type ClassWithMemberIds = Class & { members: { memberId: string; userId: string | null }[] };

export interface NewClass {
  classId: string;
  name: string;
  description: string | null;
  isGroup: boolean;
  registerShortcut: string;
  teacherId: string;
}

/**
 * Classes: `db` is the client or the transaction the caller runs in; `pool` serves the single-statement hot
 * reads; every write ends with `changed()` (see repositories.ts).
 */
export function classRepository(db: Tx, pool: Pool, changed: () => Promise<void>) {
  return {
    findById: (classId: string): Promise<Class | null> => db.class.findUnique({ where: { classId } }),

    findByShortcut: (registerShortcut: string): Promise<Class | null> => db.class.findUnique({ where: { registerShortcut } }),

    async isShortcutTaken(registerShortcut: string): Promise<boolean> {
      return (await db.class.findUnique({ where: { registerShortcut }, select: { classId: true } })) !== null;
    },

    /** Locks the class row for the rest of the transaction, then reads it (null when it does not exist). */
    async lockById(classId: string): Promise<Class | null> {
      await db.$queryRaw`SELECT class_id FROM classes WHERE class_id = ${classId}::uuid FOR UPDATE`;
      return db.class.findUnique({ where: { classId } });
    },

    /** Serializes the creations of one teacher for the rest of the transaction (class limit). */
    async lockTeacher(teacherId: string): Promise<void> {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`classes:teacher:${teacherId}`}))`;
    },

    countOfTeacher: (teacherId: string): Promise<number> => db.class.count({ where: { teacherId } }),

    create: (data: NewClass): Promise<Class> => db.class.create({ data }).then(after(changed)),

    /** Name and (when given) description; answers the class with its member count. */
    async rename(classId: string, input: { name: string; description: string | null | undefined }): Promise<{ cls: Class; memberCount: number }> {
      const { _count, ...cls } = await db.class.update({
        where: { classId },
        data: { name: input.name, ...(input.description !== undefined ? { description: input.description } : {}) },
        include: { _count: { select: { members: true } } },
      });
      await changed();
      return { cls, memberCount: _count.members };
    },

    setDeadline: (classId: string, data: { deadline: Date | null; allowLateChanges: boolean; autoReminders: boolean }): Promise<Class> =>
      db.class.update({ where: { classId }, data }).then(after(changed)),

    async delete(classId: string): Promise<void> {
      await db.class.delete({ where: { classId } });
      await changed();
    },

    listOfTeacher: (teacherId: string): Promise<Class[]> => db.class.findMany({ where: { teacherId } }),

    /** Classes with automatic reminders whose deadline is one of these days. */
    withAutoRemindersOn: (days: Date[]): Promise<{ classId: string; teacherId: string }[]> =>
      db.class.findMany({ where: { deadline: { in: days }, autoReminders: true }, select: { classId: true, teacherId: true }, orderBy: { classId: 'asc' } }),

    /**
     * The teacher's classes, oldest first, each with its members' ids (userId null when unregistered or not
     * verified: an unverified student's own times are not the teacher's to count; in no particular order: the class list only counts them). Behind the teacher's class list, one
     * of the most frequent calls: one named statement, the ids of a class as one joined string
     * ("member:user,member:,...": UUIDs, so no separator can occur inside) rather than an array.
     */
    async listOfTeacherWithMemberIds(teacherId: string): Promise<ClassWithMemberIds[]> {
      const { rows } = await pool.query<Class & { ids: string | null }>({
        name: 'classes-of-teacher',
        text: `SELECT ${CLASS_COLUMNS},
                string_agg(m.member_id::text || ':' || CASE WHEN m.student_id IS NULL THEN '' ELSE coalesce(m.user_id, '') END, ',') AS ids
           FROM classes c LEFT JOIN members m ON m.class_id = c.class_id
          WHERE c.teacher_id = $1 GROUP BY c.class_id ORDER BY c.created_at, c.class_id`,
        values: [teacherId],
      });
      return rows.map(({ ids, ...c }) => ({
        ...c,
        members: ids
          ? ids.split(',').map((pair) => {
              const [memberId = '', userId = ''] = pair.split(':');
              return { memberId, userId: userId || null };
            })
          : [],
      }));
    },
  };
}

export type ClassRepository = ReturnType<typeof classRepository>;
