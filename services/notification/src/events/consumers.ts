import { Topic, type EventConsumer } from '@stundenplan/base';
import { deliverMail } from '../domain/deliver-mail.js';
import type { NotificationDeps } from '../domain/deps.js';

export async function registerConsumers(consumer: EventConsumer, deps: NotificationDeps): Promise<void> {
  await consumer.on(Topic.MailRequested, (_payload, event) => deliverMail(deps, event));
  // A deleted account's calendar link goes with it (idempotent: deleting twice changes nothing).
  await consumer.on(Topic.UserDeleted, (p) => deps.calendarTokens.remove(p.user_id));
  // A password reset ends the calendar link too, like the sessions: whoever had the account may have copied it.
  await consumer.on(Topic.UserPasswordReset, (p) => deps.calendarTokens.remove(p.user_id));
  // Retention: the dated lessons of a class whose data ran out go (docs/privacy/loeschkonzept.md); counts only in the log.
  await consumer.on(Topic.ClassDataExpired, async (p) => {
    const sendings = await deps.sendings.forgetLessons(p.class_id);
    const changes = await deps.sendings.forgetLessonChanges(p.class_id);
    deps.log.info({ classId: p.class_id, sendings, changes }, 'expired dated lessons removed');
  });
}
