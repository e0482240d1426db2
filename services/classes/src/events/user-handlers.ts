import { Topic, type EventConsumer } from '@stundenplan/base';
import type { Deps } from '../domain/context.js';
import { onUserDeleted, onUserRegistered } from '../domain/directory.js';

/** The directory replica and registration memberships follow the auth service's user events. */
export async function registerUserHandlers(consumer: EventConsumer, deps: Deps): Promise<void> {
  await consumer.on(Topic.UserRegistered, (p) => onUserRegistered(deps, p));
  await consumer.on(Topic.UserDeleted, (p) => onUserDeleted(deps, p));
}
