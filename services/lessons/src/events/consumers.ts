import { Topic, type EventConsumer } from '@stundenplan/base';
import type { LessonsDeps } from '../domain/deps.js';
import { forgetClassPlans, recordSentPlan } from '../domain/published-plans.js';

export async function registerConsumers(consumer: EventConsumer, deps: LessonsDeps): Promise<void> {
  await consumer.on(Topic.ScheduleSent, async (p) => {
    const added = await recordSentPlan(deps, p);
    deps.log.info({ classId: p.class_id, sendingId: p.sending_id, added }, 'published plan recorded');
  });
  // Deletion and retention (docs/privacy/loeschkonzept.md), idempotent: a class's plans go with it and with its data.
  await consumer.on(Topic.ClassDeleted, async (p) => {
    const rows = await forgetClassPlans(deps, p.class_id);
    deps.log.info({ rows }, 'deleted class: its published plans removed');
  });
  await consumer.on(Topic.ClassDataExpired, async (p) => {
    const rows = await forgetClassPlans(deps, p.class_id);
    deps.log.info({ classId: p.class_id, rows }, 'expired published plans removed');
  });
}
