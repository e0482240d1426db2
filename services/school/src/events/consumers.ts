import { Topic, type EventConsumer } from '@stundenplan/base';
import type { Deps } from '../domain/deps.js';
import { removeAccount } from '../domain/remove-account.js';

export async function registerConsumers(consumer: EventConsumer, deps: Deps): Promise<void> {
  await consumer.on(Topic.UserDeleted, (p) => removeAccount(deps, p.user_id));
}
