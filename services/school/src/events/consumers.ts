import { Topic, type EventConsumer } from '@stundenplan/base';
import type { Deps } from '../domain/deps.js';
import { forgetClassBookings, forgetMemberBookings, forgetTeacherBookings, recordSentBookings } from '../domain/record-bookings.js';
import { removeAccount } from '../domain/remove-account.js';

export async function registerConsumers(consumer: EventConsumer, deps: Deps): Promise<void> {
  await consumer.on(Topic.UserDeleted, async (p) => {
    await removeAccount(deps, p.user_id);
    const rows = await forgetTeacherBookings(deps, p.user_id);
    if (rows) deps.log.info({ rows }, 'deleted account: its room bookings removed');
  });
  // A sent plan books its rooms (docs/adr/0033-room-bookings.md); idempotent, an older sending changes nothing.
  await consumer.on(Topic.ScheduleSent, async (p) => {
    const r = await recordSentBookings(deps, p);
    deps.log.info({ classId: p.class_id, sendingId: p.sending_id, ...r }, 'room bookings of a sent plan');
  });
  // Deletion and retention (docs/privacy/loeschkonzept.md), idempotent.
  await consumer.on(Topic.ClassDeleted, async (p) => {
    const rows = await forgetClassBookings(deps, p.class_id);
    deps.log.info({ rows }, 'deleted class: its room bookings removed');
  });
  await consumer.on(Topic.ClassDataExpired, async (p) => {
    const rows = await forgetClassBookings(deps, p.class_id);
    deps.log.info({ classId: p.class_id, rows }, 'expired class: its room bookings removed');
  });
  await consumer.on(Topic.MemberRemoved, async (p) => {
    const rows = await forgetMemberBookings(deps, p.member_id);
    deps.log.info({ rows }, 'removed member: their room bookings removed');
  });
}
