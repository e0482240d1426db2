import type { Pool } from '@stundenplan/base';

export interface PersonalNotificationRows {
  mails: { subject: string; created_at: Date; sent_at: Date | null; status: string }[];
  calendar: { created_at: Date } | null;
  contacts: { type: string; subject: string; message: string; created_at: Date }[];
  sendings: { class_id: string; schedule_name: string | null; recipient_count: number; created_at: Date }[];
  cancellations: { class_id: string; member_id: string; date: string; start: string; end: string; by_role: string; reason: string | null; created_at: Date }[];
  makeups: {
    class_id: string;
    member_id: string;
    cancelled_date: string;
    expires_on: string;
    booked_date: string | null;
    booked_start: string | null;
    booked_end: string | null;
    booked_at: Date | null;
  }[];
  swaps: { class_id: string; asked: boolean | null; date: string | null; from_date: string; status: string; created_at: Date; decided_at: Date | null }[];
}

/** Plain SQL reads of what the notification service keeps about one person. */
export class PersonalNotificationRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * `memberIds`: the person's memberships (a student's cancellations and make-ups); a teacher's are found by
   * teacher_id. Swaps: those the person asked for or was asked, without the other student.
   */
  async rowsOf(userId: string, email: string, memberIds: string[]): Promise<PersonalNotificationRows> {
    const day = (c: string) => `to_char(${c}, 'YYYY-MM-DD') AS ${c}`;
    const [mails, calendar, contacts, sendings, cancellations, makeups, swaps] = await Promise.all([
      // Only subject and dates: the bodies of mails sent to the person are not kept for them (see docs/privacy).
      this.pool.query<PersonalNotificationRows['mails'][number]>(
        `SELECT subject, created_at, sent_at, status FROM mails
          WHERE lower(to_address) = lower($1) OR right(lower(to_address), length($1) + 2) = '<' || lower($1) || '>'
          ORDER BY created_at, id`,
        [email],
      ),
      this.pool.query<{ created_at: Date }>('SELECT created_at FROM calendar_tokens WHERE user_id = $1', [userId]),
      this.pool.query<PersonalNotificationRows['contacts'][number]>(
        'SELECT type, subject, message, created_at FROM contact_messages WHERE user_id = $1 ORDER BY created_at, id',
        [userId],
      ),
      this.pool.query<PersonalNotificationRows['sendings'][number]>(
        'SELECT class_id::text, schedule_name, recipient_count, created_at FROM schedule_sendings WHERE teacher_id = $1 ORDER BY created_at, id',
        [userId],
      ),
      this.pool.query<PersonalNotificationRows['cancellations'][number]>(
        `SELECT class_id::text, member_id::text, ${day('date')}, start, "end", by_role, reason, created_at FROM lesson_cancellations
          WHERE member_id = ANY($1::uuid[]) OR teacher_id = $2 ORDER BY date, start, id`,
        [memberIds, userId],
      ),
      this.pool.query<PersonalNotificationRows['makeups'][number]>(
        `SELECT class_id::text, member_id::text, ${day('cancelled_date')}, ${day('expires_on')}, ${day('booked_date')}, booked_start, booked_end, booked_at
           FROM makeups WHERE member_id = ANY($1::uuid[]) OR teacher_id = $2 ORDER BY cancelled_date, id`,
        [memberIds, userId],
      ),
      this.pool.query<PersonalNotificationRows['swaps'][number]>(
        // asked: as 'the asked student' everywhere in the product (with_user_id); null for the teacher's rows.
        `SELECT class_id::text, CASE WHEN with_user_id = $1 THEN true WHEN user_id = $1 THEN false END AS asked, ${day('date')}, ${day('from_date')}, status, created_at, decided_at FROM lesson_swaps
          WHERE user_id = $1 OR with_user_id = $1 OR teacher_id = $1 ORDER BY created_at, id`,
        [userId],
      ),
    ]);
    return {
      mails: mails.rows,
      calendar: calendar.rows[0] ?? null,
      contacts: contacts.rows,
      sendings: sendings.rows,
      cancellations: cancellations.rows,
      makeups: makeups.rows,
      swaps: swaps.rows,
    };
  }
}
