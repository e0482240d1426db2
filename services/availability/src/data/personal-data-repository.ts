import type { Pool } from '@stundenplan/base';
import { WeekSlots } from '@stundenplan/timegrid';

const slots = (b: Uint8Array | null): WeekSlots => (b ? WeekSlots.fromBytes(new Uint8Array(b)) : WeekSlots.empty());

export interface PersonalTimesRows {
  own: { times: WeekSlots; preferred: WeekSlots; lastModified: Date } | null;
  members: { classId: string; memberId: string; times: WeekSlots; preferred: WeekSlots; updatedAt: Date }[];
  teacher: { classId: string; times: WeekSlots; updatedAt: Date }[];
}

/** Plain SQL reads of one person's times: their own, those kept for their memberships, a teacher's per class. */
export class PersonalTimesRepository {
  constructor(private readonly pool: Pool) {}

  async rowsOf(userId: string, memberIds: string[]): Promise<PersonalTimesRows> {
    const [own, members, teacher] = await Promise.all([
      this.pool.query<{ times: Buffer; preferred: Buffer | null; last_modified: Date }>(
        'SELECT times, preferred, last_modified FROM user_times WHERE user_id = $1',
        [userId],
      ),
      this.pool.query<{ class_id: string; member_id: string; times: Buffer; preferred: Buffer | null; updated_at: Date }>(
        'SELECT class_id, member_id, times, preferred, updated_at FROM member_times WHERE member_id = ANY($1::text[]) ORDER BY class_id, member_id',
        [memberIds],
      ),
      this.pool.query<{ class_id: string; times: Buffer; updated_at: Date }>(
        'SELECT class_id, times, updated_at FROM class_teacher_times WHERE teacher_id = $1 ORDER BY class_id',
        [userId],
      ),
    ]);
    const o = own.rows[0];
    return {
      own: o ? { times: slots(o.times), preferred: slots(o.preferred), lastModified: o.last_modified } : null,
      members: members.rows.map((r) => ({
        classId: r.class_id,
        memberId: r.member_id,
        times: slots(r.times),
        preferred: slots(r.preferred),
        updatedAt: r.updated_at,
      })),
      teacher: teacher.rows.map((r) => ({ classId: r.class_id, times: slots(r.times), updatedAt: r.updated_at })),
    };
  }
}
