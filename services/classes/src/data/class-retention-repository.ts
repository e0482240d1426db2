import { outboxInsert, Topic, withTransaction, type Pool } from '@stundenplan/base';
import type { RetentionCandidate, RetentionMail } from '../domain/class-retention.js';

/** Last change of a class: made, its members added or edited, its semester set (Europe/Berlin day). */
const LAST_CHANGE = `GREATEST(c.created_at, s.updated_at, (SELECT max(GREATEST(m.created_at, m.updated_at)) FROM members m WHERE m.class_id = c.class_id))`;
const DUE_ON = `(COALESCE(s.last_day, (${LAST_CHANGE} AT TIME ZONE 'Europe/Berlin')::date) + $1::int)`;

/**
 * The retention of classes' data (domain/class-retention.ts) in plain SQL. Every write is a conditional
 * UPDATE of the class's markers in the same transaction as what it causes (the mail's or the deletion's
 * outbox events): a second replica running the same step waits for the row, finds the marker set and does nothing.
 */
export class ClassRetentionRepository {
  constructor(
    private readonly pool: Pool,
    /** Moves the classes change stamp after a commit that removed members. */
    private readonly changed: () => Promise<void>,
  ) {}

  /** Classes with data whose due day is on or before `horizon` (YYYY-MM-DD), with what the warning mail needs. */
  async candidates(daysAfter: number, horizon: string): Promise<RetentionCandidate[]> {
    const { rows } = await this.pool.query<{
      class_id: string;
      teacher_id: string;
      name: string;
      teacher_name: string | null;
      teacher_email: string | null;
      due_on: string;
      has_semester: boolean;
      warned_for: string | null;
      warned_at: Date | null;
    }>(
      `SELECT c.class_id::text, c.teacher_id, c.name, d.name AS teacher_name, d.email AS teacher_email,
              to_char(${DUE_ON}, 'YYYY-MM-DD') AS due_on, s.class_id IS NOT NULL AS has_semester,
              to_char(c.retention_warned_for, 'YYYY-MM-DD') AS warned_for, c.retention_warned_at AS warned_at
         FROM classes c LEFT JOIN class_semesters s ON s.class_id = c.class_id LEFT JOIN user_directory d ON d.user_id = c.teacher_id
        WHERE (c.data_expired_at IS NULL OR ${LAST_CHANGE} > c.data_expired_at) AND ${DUE_ON} <= $2::date
        ORDER BY c.class_id`,
      [daysAfter, horizon],
    );
    return rows.map((r) => ({
      classId: r.class_id,
      teacherId: r.teacher_id,
      className: r.name,
      teacherName: r.teacher_name,
      teacherEmail: r.teacher_email,
      dueOn: r.due_on,
      hasSemester: r.has_semester,
      warnedFor: r.warned_for,
      warnedAt: r.warned_at,
    }));
  }

  /** Marks the warning for `dueOn` and writes its mail, once: false when it was marked already. */
  async warn(classId: string, dueOn: string, now: Date, mail: RetentionMail | null): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE classes SET retention_warned_at = $3, retention_warned_for = $2::date
          WHERE class_id = $1::uuid AND retention_warned_for IS DISTINCT FROM $2::date`,
        [classId, dueOn, now],
      );
      if (!rowCount) return false;
      if (mail) {
        const { text, values } = outboxInsert(Topic.MailRequested, mail.to, mail.payload);
        await client.query(text, values);
      }
      return true;
    });
  }

  /**
   * Deletes the class's data that is due, once: the unregistered members (what the teacher entered about them)
   * go here, with member.removed.v1 each; class.data-expired.v1 tells availability (times, preferred times)
   * and notification (dated lessons). Only when the teacher was warned for this due day at least `warnedBefore`.
   * Answers how many members went, or null when another run did it (or the warning does not hold).
   */
  async expire(classId: string, dueOn: string, now: Date, warnedBefore: Date): Promise<number | null> {
    const removed = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ teacher_id: string }>(
        `UPDATE classes SET data_expired_at = $3, retention_warned_at = NULL, retention_warned_for = NULL
          WHERE class_id = $1::uuid AND retention_warned_for = $2::date AND retention_warned_at <= $4
          RETURNING teacher_id`,
        [classId, dueOn, now, warnedBefore],
      );
      if (!rows[0]) return null;
      const teacherId = rows[0].teacher_id;
      await client.query('DELETE FROM invitations WHERE member_id IN (SELECT member_id FROM members WHERE class_id = $1::uuid AND user_id IS NULL)', [classId]);
      const gone = await client.query<{ member_id: string }>('DELETE FROM members WHERE class_id = $1::uuid AND user_id IS NULL RETURNING member_id::text', [
        classId,
      ]);
      for (const m of gone.rows) {
        const { text, values } = outboxInsert(Topic.MemberRemoved, classId, { class_id: classId, member_id: m.member_id, user_id: null });
        await client.query(text, values);
      }
      const { text, values } = outboxInsert(Topic.ClassDataExpired, classId, { class_id: classId, teacher_id: teacherId });
      await client.query(text, values);
      return gone.rows.length;
    });
    if (removed !== null) await this.changed();
    return removed;
  }
}
