import type { Pool } from '@stundenplan/base';

export interface PersonalNotificationRows {
  mails: { subject: string; created_at: Date; sent_at: Date | null; status: string }[];
  calendar: { created_at: Date } | null;
  contacts: { type: string; subject: string; message: string; created_at: Date }[];
  sendings: { class_id: string; schedule_name: string | null; recipient_count: number; created_at: Date }[];
}

/** Plain SQL reads of what the notification service keeps about one person. */
export class PersonalNotificationRepository {
  constructor(private readonly pool: Pool) {}

  async rowsOf(userId: string, email: string): Promise<PersonalNotificationRows> {
    const [mails, calendar, contacts, sendings] = await Promise.all([
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
    ]);
    return { mails: mails.rows, calendar: calendar.rows[0] ?? null, contacts: contacts.rows, sendings: sendings.rows };
  }
}
