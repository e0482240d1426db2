import type { PrismaClient } from '../generated/prisma/client.js';

export interface SiteRow {
  id: string;
  name: string;
  address: string;
}

export interface TravelRow {
  fromSite: string;
  toSite: string;
  minutes: number;
}

const siteFields = { id: true, name: true, address: true } as const;

/** Sites of a school and the travel minutes between them. */
export class SiteRepository {
  constructor(private readonly db: PrismaClient) {}

  list(schoolId: string): Promise<SiteRow[]> {
    return this.db.site.findMany({ where: { schoolId }, select: siteFields, orderBy: { name: 'asc' } });
  }

  find(schoolId: string, id: string): Promise<SiteRow | null> {
    return this.db.site.findFirst({ where: { schoolId, id }, select: siteFields });
  }

  count(schoolId: string): Promise<number> {
    return this.db.site.count({ where: { schoolId } });
  }

  create(schoolId: string, site: Omit<SiteRow, 'id'>): Promise<SiteRow> {
    return this.db.site.create({ data: { schoolId, ...site }, select: siteFields });
  }

  update(id: string, site: Omit<SiteRow, 'id'>): Promise<SiteRow> {
    return this.db.site.update({ where: { id }, data: site, select: siteFields });
  }

  roomCount(id: string): Promise<number> {
    return this.db.room.count({ where: { siteId: id } });
  }

  /** Deletes the site (its travel times go with it); the rooms' foreign key refuses a site with rooms. */
  async delete(id: string): Promise<void> {
    await this.db.site.delete({ where: { id } });
  }

  travel(schoolId: string): Promise<TravelRow[]> {
    return this.db.travelTime.findMany({
      where: { schoolId },
      select: { fromSite: true, toSite: true, minutes: true },
      orderBy: [{ fromSite: 'asc' }, { toSite: 'asc' }],
    });
  }

  /** Replaces every travel time of the school (pairs ordered from < to). */
  async replaceTravel(schoolId: string, rows: TravelRow[]): Promise<void> {
    await this.db.$transaction(async (tx) => {
      await tx.travelTime.deleteMany({ where: { schoolId } });
      if (rows.length) await tx.travelTime.createMany({ data: rows.map((r) => ({ schoolId, ...r })) });
    });
  }
}
