import type { Pool } from '@stundenplan/base';

/** The rows the classes service keeps about one person (for the copy of their data). */
export interface PersonalClassesRows {
  memberships: {
    class_id: string;
    class_name: string;
    teacher_name: string | null;
    member_id: string;
    name: string;
    duration: number;
    frequency: string;
    created_at: Date;
  }[];
  classes: {
    class_id: string;
    name: string;
    description: string | null;
    is_group: boolean;
    created_at: Date;
    deadline: string | null;
    first_day: string | null;
    last_day: string | null;
    state: string | null;
  }[];
  members: {
    class_id: string;
    member_id: string;
    name: string;
    email: string | null;
    user_id: string | null;
    duration: number;
    frequency: string;
    created_at: Date;
  }[];
  invitations: { email: string; class_id: string | null; created_at: Date }[];
}

/** Plain SQL reads: a person's memberships, a teacher's classes with their members, the invitations they sent. */
export class PersonalDataRepository {
  constructor(private readonly pool: Pool) {}

  async rowsOf(userId: string): Promise<PersonalClassesRows> {
    const [memberships, classes, members, invitations] = await Promise.all([
      this.pool.query<PersonalClassesRows['memberships'][number]>(
        `SELECT m.class_id::text, c.name AS class_name, d.name AS teacher_name, m.member_id::text, m.name, m.duration, m.frequency, m.created_at
           FROM members m JOIN classes c ON c.class_id = m.class_id LEFT JOIN user_directory d ON d.user_id = c.teacher_id
          WHERE m.user_id = $1 ORDER BY c.name, m.created_at`,
        [userId],
      ),
      this.pool.query<PersonalClassesRows['classes'][number]>(
        `SELECT c.class_id::text, c.name, c.description, c.is_group, c.created_at, to_char(c.deadline, 'YYYY-MM-DD') AS deadline,
                to_char(s.first_day, 'YYYY-MM-DD') AS first_day, to_char(s.last_day, 'YYYY-MM-DD') AS last_day, s.state
           FROM classes c LEFT JOIN class_semesters s ON s.class_id = c.class_id
          WHERE c.teacher_id = $1 ORDER BY c.created_at, c.class_id`,
        [userId],
      ),
      this.pool.query<PersonalClassesRows['members'][number]>(
        `SELECT m.class_id::text, m.member_id::text, m.name, m.email, m.user_id, m.duration, m.frequency, m.created_at
           FROM members m JOIN classes c ON c.class_id = m.class_id
          WHERE c.teacher_id = $1 ORDER BY m.created_at, m.member_id`,
        [userId],
      ),
      this.pool.query<{ email: string; class_id: string | null; created_at: Date }>(
        `SELECT i.email, m.class_id::text, i.created_at FROM invitations i LEFT JOIN members m ON m.member_id = i.member_id
          WHERE i.teacher_id = $1 ORDER BY i.created_at`,
        [userId],
      ),
    ]);
    return { memberships: memberships.rows, classes: classes.rows, members: members.rows, invitations: invitations.rows };
  }
}
