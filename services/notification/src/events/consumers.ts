import { Topic, type EventConsumer } from '@stundenplan/base';
import { deliverMail } from '../domain/deliver-mail.js';
import type { NotificationDeps } from '../domain/deps.js';
import { onOwnTimesChanged } from '../domain/times-changed.js';

export async function registerConsumers(consumer: EventConsumer, deps: NotificationDeps): Promise<void> {
  await consumer.on(Topic.MailRequested, (_payload, event) => deliverMail(deps, event));
  // Deletion (docs/privacy/loeschkonzept.md), idempotent: an account's swaps, contact messages, calendar link and
  // mails; a membership's cancellations, make-ups and swaps; a class's plans and changes, with the mails about them.
  // Each logs how long it took (ms): a deletion waits for a mail about it that the outbox relay is delivering.
  await consumer.on(Topic.UserDeleted, async (p) => {
    const started = Date.now();
    const rows = await deps.erasure.forgetPerson(p.user_id, p.email);
    deps.log.info({ rows, ms: Date.now() - started }, 'deleted account: its notification data removed');
  });
  await consumer.on(Topic.MemberRemoved, async (p) => {
    const started = Date.now();
    const rows = await deps.erasure.forgetMember(p.class_id, p.member_id);
    deps.log.info({ rows, ms: Date.now() - started }, 'removed member: their lesson changes removed');
  });
  await consumer.on(Topic.ClassDeleted, async (p) => {
    const started = Date.now();
    const rows = await deps.erasure.forgetClass(p.class_id);
    deps.log.info({ rows, ms: Date.now() - started }, 'deleted class: its plans and lesson changes removed');
  });
  // A student changed their own times after a plan was sent: one mail to the teacher (and one to the student when
  // lessons no longer fit) per class and day (docs/product/documents.md "Times changed after sending").
  await consumer.on(Topic.TimesChanged, async (p) => {
    const mails = await onOwnTimesChanged(deps, p);
    if (mails) deps.log.info({ mails }, 'times changed after sending: teacher and student told');
  });
  // A password reset ends the calendar link too, like the sessions: whoever had the account may have copied it.
  await consumer.on(Topic.UserPasswordReset, (p) => deps.calendarTokens.remove(p.user_id));
  // Retention: the dated lessons of a class whose data ran out go (docs/privacy/loeschkonzept.md); counts only in the log.
  await consumer.on(Topic.ClassDataExpired, async (p) => {
    const sendings = await deps.sendings.forgetLessons(p.class_id);
    const changes = await deps.sendings.forgetLessonChanges(p.class_id);
    deps.log.info({ classId: p.class_id, sendings, changes }, 'expired dated lessons removed');
  });
}
