import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { migrate, readMigrations } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, sql, startLessons, type TestLessons } from './helpers.js';

/**
 * Upgrading a database of the old layout (docs/adr/0031-lessons-service.md): the notification service's tables as
 * its migrations left them before the lessons service existed, with sendings in them. The lessons service then
 * migrates its own schema and finds every plan that was sent with calendar data.
 */

/** The last migration of the notification service before the lessons service. */
const OLD_LAYOUT_LAST = '20261222100000_sending_informed_times_notices';
const NOTIFICATION_MIGRATIONS = fileURLToPath(new URL('../../notification/prisma/migrations', import.meta.url));

const database = `t_lessons_upgrade_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const urlOf = (db: string) => {
  const u = new URL(databaseUrl());
  u.pathname = `/${db}`;
  return u.toString();
};

let l: TestLessons | undefined;
beforeAll(async () => {
  await sql(`CREATE DATABASE "${database}"`);
});
afterAll(async () => {
  await l?.svc.stop();
  await sql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});

describe('upgrading a database of the old layout', () => {
  it('takes over every sending with calendar data as a published plan, as it was sent', async () => {
    const url = urlOf(database);
    const old = (await readMigrations(NOTIFICATION_MIGRATIONS)).filter((m) => m.name <= OLD_LAYOUT_LAST);
    expect(old.at(-1)?.name).toBe(OLD_LAYOUT_LAST);
    await migrate(url, 'notification', old);

    const classId = randomUUID();
    const teacherId = randomUUID();
    const [anna, ben] = [randomUUID(), randomUUID()];
    const sendings = [
      { id: randomUUID(), lessons: { [anna]: [{ day: 0, start: 36, end: 39 }] }, informed: null, at: '2027-02-01T10:00:00.000Z' },
      { id: randomUUID(), lessons: { [anna]: [{ day: 2, start: 44, end: 47 }], [ben]: [] }, informed: [anna, ben], at: '2027-02-08T10:00:00.000Z' },
    ];
    for (const s of sendings) {
      await sql(
        `INSERT INTO notification.schedule_sendings (id, class_id, teacher_id, recipient_count, pdf_size, created_at, schedule_id, lessons, calendar_from, calendar_until, informed_member_ids)
         VALUES ($1, $2, $3, 2, 100, $4, $5, $6, '2027-03-01', '2027-06-30', $7)`,
        [s.id, classId, teacherId, s.at, randomUUID(), JSON.stringify(s.lessons), s.informed ? JSON.stringify(s.informed) : null],
        url,
      );
    }
    // A sending without a saved schedule (PDF only) is no plan.
    await sql(
      `INSERT INTO notification.schedule_sendings (class_id, teacher_id, recipient_count, pdf_size) VALUES ($1, $2, 1, 100)`,
      [classId, teacherId],
      url,
    );

    l = await startLessons({ DATABASE_URL: url, DB_SCHEMA: 'lessons' });
    const rows = await sql<{ sending_id: string; lessons: unknown; informed_member_ids: unknown; sent_at: Date }>(
      'SELECT sending_id::text, lessons, informed_member_ids, sent_at FROM lessons.published_plans WHERE class_id = $1 ORDER BY sent_at',
      [classId],
      url,
    );
    expect(rows.map((r) => ({ id: r.sending_id, lessons: r.lessons, informed: r.informed_member_ids, at: r.sent_at.toISOString() }))).toEqual(sendings);
    expect((await l.svc.deps.plans.latest([classId])).get(classId)).toMatchObject({ sendingId: sendings[1]!.id, from: '2027-03-01', until: '2027-06-30' });
    // The old tables are untouched: notification still reads its history.
    expect(await sql('SELECT 1 FROM notification.schedule_sendings WHERE class_id = $1', [classId], url)).toHaveLength(3);
  });
});
