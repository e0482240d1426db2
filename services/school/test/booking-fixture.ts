import { randomUUID } from 'node:crypto';
import type { ScheduleSentPayload } from '@stundenplan/base';
import { queryAt } from '@stundenplan/base/testing';
import { inject } from 'vitest';
import type { Json } from './helpers.js';

/** Test data of the room bookings (docs/adr/0033-room-bookings.md). */
export const UNTIL = '2099-07-31';
export const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
export const daysAgo = (n: number) => ago(n).slice(0, 10);

/** A room as schedule.sent.v1 names it. */
export const roomOf = (r: Json, site: Json) => ({ id: r.id, name: r.name, site_id: site.id, site_name: site.name });

/** A sending as the notification service publishes it (six days ago unless `over` says otherwise). */
export function sent(
  classId: string,
  teacherId: string,
  lessons: ScheduleSentPayload['lessons'],
  over: Partial<ScheduleSentPayload> = {},
): ScheduleSentPayload {
  return {
    sending_id: randomUUID(),
    class_id: classId,
    teacher_id: teacherId,
    schedule_id: randomUUID(),
    lessons,
    from: '2026-09-01',
    until: UNTIL,
    informed_member_ids: null,
    sent_at: ago(6),
    ...over,
  };
}

export interface Row {
  id: string;
  room_id: string;
  class_id: string;
  member_id: string;
  sending_id: string;
  day: number;
  start_slot: number;
  end_slot: number;
  week: string | null;
}

/** The class's rows of room_bookings in the service's schema. */
export const bookingRows = (schema: string, classId: string) =>
  queryAt<Row>(
    inject('databaseUrl'),
    `SELECT id::text, room_id::text, class_id::text, member_id::text, sending_id::text, day, start_slot, end_slot, week, until_date::text AS until
       FROM "${schema}".room_bookings WHERE class_id = $1 ORDER BY day, start_slot`,
    [classId],
  );

/** 1 when the class has a mark of its last sending, else 0. */
export const sendingMarks = async (schema: string, classId: string) =>
  (await queryAt(inject('databaseUrl'), `SELECT 1 FROM "${schema}".room_booking_sendings WHERE class_id = $1`, [classId])).length;
