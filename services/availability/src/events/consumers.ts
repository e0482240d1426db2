import { Topic, type EventConsumer } from '@stundenplan/base';
import type { AvailabilityDeps } from '../domain/deps.js';
import { expireClassTimes, removeClassTimes, removeMemberTimes, removeUserTimes } from '../domain/remove-times.js';

export async function registerConsumers(consumer: EventConsumer, deps: AvailabilityDeps): Promise<void> {
  await consumer.on(Topic.ClassDeleted, (p) => removeClassTimes(deps, p.class_id));
  await consumer.on(Topic.ClassDataExpired, (p) => expireClassTimes(deps, p.class_id));
  await consumer.on(Topic.MemberRemoved, (p) => removeMemberTimes(deps, p.member_id, p.class_id));
  await consumer.on(Topic.UserDeleted, (p) => removeUserTimes(deps, p.user_id));
}
