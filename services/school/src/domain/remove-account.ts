import type { Deps } from './deps.js';

/** A deleted account leaves every school's administrators: its id, name and address are not kept (DSGVO). */
export async function removeAccount(deps: Deps, userId: string): Promise<void> {
  const removed = await deps.schools.removeAccount(userId);
  if (removed > 0) deps.log.info({ removed }, 'deleted account removed from school administrators');
}
