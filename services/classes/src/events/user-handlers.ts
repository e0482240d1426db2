import { Topic, type EventConsumer } from '@stundenplan/base';
import type { Deps } from '../domain/context.js';
import { onUserDeleted, onUserRegistered, onUserUpdated, type UserEventPayload } from '../domain/directory.js';

/** The directory replica and registration memberships follow the auth service's user events. */
export async function registerUserHandlers(consumer: EventConsumer, deps: Deps): Promise<void> {
  await consumer.on<UserEventPayload>(Topic.UserRegistered, (p) => onUserRegistered(deps, p));
  await consumer.on<UserEventPayload>(Topic.UserUpdated, (p) => onUserUpdated(deps, p));
  await consumer.on<UserEventPayload>(Topic.UserDeleted, (p) => onUserDeleted(deps, p));
}
