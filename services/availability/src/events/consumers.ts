import { Topic, type EventConsumer } from '@stundenplan/base';
import type { AvailabilityDeps } from '../domain/deps.js';
import { removeClassTimes, removeMemberTimes, removeUserTimes } from '../domain/remove-times.js';

type Payload = Record<string, unknown>;

/** Payload ids are snake_case (class_id); camelCase (classId) is read too, so a publisher's spelling can't silently drop an event. */
function id(p: Payload, snake: string, camel: string): string | undefined {
  const v = p?.[snake] ?? p?.[camel];
  return typeof v === 'string' && v ? v : undefined;
}

export async function registerConsumers(consumer: EventConsumer, deps: AvailabilityDeps): Promise<void> {
  await consumer.on<Payload>(Topic.ClassDeleted, async (p) => {
    const classId = id(p, 'class_id', 'classId');
    if (classId) await removeClassTimes(deps, classId);
    else deps.log.warn({ topic: Topic.ClassDeleted }, 'event without class_id ignored');
  });
  await consumer.on<Payload>(Topic.MemberRemoved, async (p) => {
    const memberId = id(p, 'member_id', 'memberId');
    if (memberId) await removeMemberTimes(deps, memberId, id(p, 'class_id', 'classId'));
    else deps.log.warn({ topic: Topic.MemberRemoved }, 'event without member_id ignored');
  });
  await consumer.on<Payload>(Topic.UserDeleted, async (p) => {
    const userId = id(p, 'user_id', 'userId');
    if (userId) await removeUserTimes(deps, userId);
    else deps.log.warn({ topic: Topic.UserDeleted }, 'event without user_id ignored');
  });
}
