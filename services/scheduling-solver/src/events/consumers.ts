import { Topic, type EventConsumer, type Logger } from '@stundenplan/base';
import type { ScheduleRepository } from '../data/schedule-repository.js';
import type { SolveRunRepository } from '../data/solve-run-repository.js';

/** Both handlers are idempotent on their own (deleting or filtering twice changes nothing); the consumer also dedupes by event id. */
export async function registerConsumers(consumer: EventConsumer, log: Logger, schedules: ScheduleRepository, runs: SolveRunRepository): Promise<void> {
  await consumer.on(Topic.ClassDeleted, async ({ class_id: classId }) => {
    const deleted = await schedules.deleteByClass(classId);
    await runs.deleteByClass(classId);
    log.info({ classId, deleted }, 'schedules of deleted class removed');
  });
  // Retention: saved schedules carry the members' names and times, so a class whose data ran out loses them too.
  await consumer.on(Topic.ClassDataExpired, async ({ class_id: classId }) => {
    const deleted = await schedules.deleteByClass(classId);
    await runs.deleteByClass(classId);
    log.info({ classId, deleted }, 'schedules of expired class data removed');
  });
  await consumer.on(Topic.MemberRemoved, async ({ class_id: classId, member_id: memberId }) => {
    const changed = await schedules.removeMember(classId, memberId);
    if (changed) log.info({ classId, memberId, changed }, 'removed member taken out of saved schedules');
  });
}
