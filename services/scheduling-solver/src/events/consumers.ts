import { Topic, type EventConsumer, type Logger } from '@stundenplan/base';
import type { ScheduleRepository } from '../data/schedule-repository.js';
import type { SolveRunRepository } from '../data/solve-run-repository.js';

/** class.deleted.v1 (published by classes). Field names tolerated in both spellings. */
export interface ClassDeletedPayload {
  class_id?: string;
  classId?: string;
}

/** member.removed.v1 (published by classes). */
export interface MemberRemovedPayload {
  class_id?: string;
  classId?: string;
  member_id?: string;
  memberId?: string;
}

/** Both handlers are idempotent on their own (deleting or filtering twice changes nothing); the consumer also dedupes by event id. */
export async function registerConsumers(consumer: EventConsumer, log: Logger, schedules: ScheduleRepository, runs: SolveRunRepository): Promise<void> {
  await consumer.on<ClassDeletedPayload>(Topic.ClassDeleted, async (p) => {
    const classId = p.class_id ?? p.classId;
    if (!isId(classId)) return log.warn({ payload: p }, 'class.deleted without class id ignored');
    const deleted = await schedules.deleteByClass(classId);
    await runs.deleteByClass(classId);
    log.info({ classId, deleted }, 'schedules of deleted class removed');
  });
  await consumer.on<MemberRemovedPayload>(Topic.MemberRemoved, async (p) => {
    const classId = p.class_id ?? p.classId;
    const memberId = p.member_id ?? p.memberId;
    if (!isId(classId) || typeof memberId !== 'string' || !memberId) return log.warn({ payload: p }, 'member.removed without ids ignored');
    const changed = await schedules.removeMember(classId, memberId);
    if (changed) log.info({ classId, memberId, changed }, 'removed member taken out of saved schedules');
  });
}

const isId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
