import { randomUUID } from 'node:crypto';
import { Topic, writeOutbox, type ScheduleSavedPayload } from '@stundenplan/base';
import { Prisma } from '../generated/prisma/client.js';
import type { Schedule } from '../generated/prisma/client.js';
import type { SavedTimes } from '../domain/saved-form.js';
import type { Db } from './prisma.js';

export type ScheduleRow = Schedule;

export interface ScheduleFields {
  name: string;
  description: string | null;
  availableTimes: SavedTimes;
  pinned: string[];
  /** member_id -> the lesson's room as saved (snapshot of name and site). */
  rooms: SavedRooms;
}

export interface SavedRoom {
  id: string;
  name: string;
  site_id: string;
  site_name: string;
}

export type SavedRooms = Record<string, SavedRoom>;

const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';

export class NameTakenError extends Error {}

export class ScheduleRepository {
  constructor(private readonly db: Db) {}

  listByClass(classId: string): Promise<Pick<Schedule, 'id' | 'name' | 'description' | 'classId' | 'createdAt' | 'updatedAt'>[]> {
    return this.db.schedule.findMany({
      where: { classId },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      select: { id: true, name: true, description: true, classId: true, createdAt: true, updatedAt: true },
    });
  }

  findById(id: string): Promise<Schedule | null> {
    return this.db.schedule.findUnique({ where: { id } });
  }

  findByName(classId: string, name: string): Promise<Schedule | null> {
    return this.db.schedule.findUnique({ where: { classId_name: { classId, name } } });
  }

  /** The newest schedule of a class by created_at (docs/product/planning.md: loaded on class choice). */
  latestOfClass(classId: string): Promise<Schedule | null> {
    return this.db.schedule.findFirst({ where: { classId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
  }

  /** Inserts (under `id`, else a new one) and writes schedule.saved.v1 in the same transaction. Throws NameTakenError on (class_id, name). */
  async create(classId: string, teacherId: string, f: ScheduleFields, id: string = randomUUID()): Promise<Schedule> {
    try {
      return await this.db.$transaction(async (tx) => {
        const row = await tx.schedule.create({
          data: {
            id,
            classId,
            teacherId,
            name: f.name,
            description: f.description,
            availableTimes: f.availableTimes as unknown as Prisma.InputJsonValue,
            pinned: f.pinned,
            rooms: f.rooms as unknown as Prisma.InputJsonValue,
          },
        });
        await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.ScheduleSaved, classId, savedPayload(row, true));
        return row;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new NameTakenError();
      throw e;
    }
  }

  /** Replaces name, description, times and pins; null when the row does not exist (any more). */
  async update(id: string, f: ScheduleFields): Promise<Schedule | null> {
    try {
      return await this.db.$transaction(async (tx) => {
        const res = await tx.schedule.updateMany({
          where: { id },
          data: {
            name: f.name,
            description: f.description,
            availableTimes: f.availableTimes as unknown as Prisma.InputJsonValue,
            pinned: f.pinned,
            rooms: f.rooms as unknown as Prisma.InputJsonValue,
            updatedAt: new Date(),
          },
        });
        if (res.count === 0) return null;
        const row = await tx.schedule.findUniqueOrThrow({ where: { id } });
        await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.ScheduleSaved, row.classId, savedPayload(row, false));
        return row;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new NameTakenError();
      throw e;
    }
  }

  async delete(classId: string, id: string): Promise<boolean> {
    const res = await this.db.schedule.deleteMany({ where: { id, classId } });
    return res.count > 0;
  }

  async deleteByClass(classId: string): Promise<number> {
    const res = await this.db.schedule.deleteMany({ where: { classId } });
    return res.count;
  }

  /**
   * Removes one member's entries (and pin) from every saved schedule of a class, in one statement.
   * Idempotent: schedules without the member are left alone. Returns how many schedules changed.
   */
  async removeMember(classId: string, memberId: string): Promise<number> {
    return this.db.$executeRaw`
      UPDATE schedules s SET
        available_times = (
          SELECT jsonb_object_agg(d.key, COALESCE(
            (SELECT jsonb_agg(e.value ORDER BY e.ord) FROM jsonb_array_elements(d.value) WITH ORDINALITY AS e(value, ord)
              WHERE e.value->>1 IS DISTINCT FROM ${memberId}),
            '[]'::jsonb))
          FROM jsonb_each(s.available_times) AS d
        ),
        pinned = COALESCE((SELECT jsonb_agg(p.value) FROM jsonb_array_elements(s.pinned) AS p(value) WHERE p.value #>> '{}' IS DISTINCT FROM ${memberId}), '[]'::jsonb),
        rooms = s.rooms - ${memberId}::text,
        updated_at = now()
      WHERE s.class_id = ${classId}::uuid
        AND (
          s.pinned @> jsonb_build_array(${memberId}::text)
          OR s.rooms ? ${memberId}::text
          OR EXISTS (SELECT 1 FROM jsonb_each(s.available_times) AS d2, jsonb_array_elements(d2.value) AS e2(value) WHERE e2.value->>1 = ${memberId})
        )`;
  }
}

function savedPayload(row: Schedule, created: boolean): ScheduleSavedPayload {
  return {
    schedule_id: row.id,
    class_id: row.classId,
    teacher_id: row.teacherId,
    name: row.name,
    created,
    updated_at: row.updatedAt.toISOString(),
  };
}
