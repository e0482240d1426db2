import { randomUUID } from 'node:crypto';
import { Topic } from '@stundenplan/base';
import { describe, expect, it } from 'vitest';
import { issuer, n, newClass, send, setupCalendar } from './calendar-fixture.js';
import { sql, waitFor } from './helpers.js';

/** Retention (docs/privacy/loeschkonzept.md): class.data-expired.v1 takes the dated lessons of that class's sendings, nothing else. */

setupCalendar();

const lessonsOf = async (cookie: string) =>
  ((await (await fetch(`${n.base}/api/me/lessons`, { headers: { Cookie: cookie } })).json()) as { lessons: { class_id: string }[] }).lessons;

describe('class.data-expired.v1', () => {
  it("drops the dated lessons and cancellations of that class; the sending's history row and other classes stay", async () => {
    const userId = randomUUID();
    const mine = { memberId: randomUUID(), userId, name: 'Frieda', email: `frieda-${randomUUID().slice(0, 6)}@example.org` };
    const other = { ...mine, memberId: randomUUID() };
    const expired = newClass({ '1': [['8.00', mine.memberId]] }, [mine]);
    const kept = newClass({ '3': [['12.00', other.memberId]] }, [other]);
    expect((await send(expired)).status).toBe(200);
    expect((await send(kept)).status).toBe(200);
    const cookie = await issuer.cookie({ userId, role: 'student', email: mine.email, name: 'Frieda' });
    expect(new Set((await lessonsOf(cookie)).map((l) => l.class_id))).toEqual(new Set([expired, kept]));

    for (const c of [expired, kept]) {
      await sql(
        `INSERT INTO "${n.schema}".lesson_cancellations (class_id, member_id, teacher_id, date, start, "end", by_role) VALUES ($1, $2, $3, '2030-01-07', '08:00', '08:45', 'student')`,
        [c, c === expired ? mine.memberId : other.memberId, randomUUID()],
      );
    }
    for (let i = 0; i < 2; i++) {
      // delivered twice (a redelivery): the second changes nothing
      await n.svc.ctx.bus.publish({
        id: randomUUID(),
        topic: Topic.ClassDataExpired,
        key: expired,
        version: 1,
        occurredAt: new Date().toISOString(),
        payload: { class_id: expired, teacher_id: randomUUID() },
      });
    }
    await waitFor(async () => ((await lessonsOf(cookie)).every((l) => l.class_id === kept) ? true : null));
    expect((await lessonsOf(cookie)).length).toBeGreaterThan(0);
    const rows = await sql<{ lessons: unknown; recipient_count: number }>(
      `SELECT lessons, recipient_count FROM "${n.schema}".schedule_sendings WHERE class_id = $1`,
      [expired],
    );
    expect(rows).toEqual([{ lessons: null, recipient_count: 1 }]);
    const cancellations = await sql<{ class_id: string }>(`SELECT class_id FROM "${n.schema}".lesson_cancellations WHERE class_id = ANY($1::uuid[])`, [
      [expired, kept],
    ]);
    expect(cancellations).toEqual([{ class_id: kept }]);
  });
});
