import type { TimesMap } from '@stundenplan/timegrid';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';

export interface RoomRow {
  id: string;
  siteId: string;
  name: string;
  equipment: string[];
  capacity: number;
  times: TimesMap | null;
}

export type RoomInput = Omit<RoomRow, 'id'>;

const roomFields = { id: true, siteId: true, name: true, equipment: true, capacity: true, times: true } as const;

type Stored = { id: string; siteId: string; name: string; equipment: string[]; capacity: number; times: Prisma.JsonValue };
const row = (r: Stored): RoomRow => ({ ...r, times: (r.times as TimesMap | null) ?? null });
const timesValue = (times: TimesMap | null) => (times === null ? Prisma.DbNull : (times as Prisma.InputJsonObject));

/** Rooms of a school. */
export class RoomRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(schoolId: string): Promise<RoomRow[]> {
    const rows = await this.db.room.findMany({ where: { schoolId }, select: roomFields, orderBy: [{ site: { name: 'asc' } }, { name: 'asc' }] });
    return rows.map(row);
  }

  async find(schoolId: string, id: string): Promise<RoomRow | null> {
    const r = await this.db.room.findFirst({ where: { schoolId, id }, select: roomFields });
    return r && row(r);
  }

  count(schoolId: string): Promise<number> {
    return this.db.room.count({ where: { schoolId } });
  }

  async create(schoolId: string, room: RoomInput): Promise<RoomRow> {
    return row(await this.db.room.create({ data: { schoolId, ...room, times: timesValue(room.times) }, select: roomFields }));
  }

  async update(id: string, room: RoomInput): Promise<RoomRow> {
    return row(await this.db.room.update({ where: { id }, data: { ...room, times: timesValue(room.times) }, select: roomFields }));
  }

  async delete(id: string): Promise<void> {
    await this.db.room.delete({ where: { id } });
  }

  /** Every tag the school's rooms use. */
  async tags(schoolId: string): Promise<string[]> {
    const rows = await this.db.room.findMany({ where: { schoolId }, select: { equipment: true } });
    return [...new Set(rows.flatMap((r) => r.equipment))];
  }
}
