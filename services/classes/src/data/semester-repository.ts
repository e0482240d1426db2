import type { Tx } from './prisma.js';

/** A class's semester as stored: days as `YYYY-MM-DD`, breaks as written by the domain. */
export interface SemesterRow {
  classId: string;
  firstDay: string;
  lastDay: string;
  state: string;
  breaks: { from: string; to: string; label: string }[];
}

/** A DATE column comes back as midnight UTC of that day. */
const day = (d: Date): string => d.toISOString().slice(0, 10);
const date = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** Semesters of classes (one per class; the row goes with its class). */
export function semesterRepository(db: Tx) {
  const toRow = (r: { classId: string; firstDay: Date; lastDay: Date; state: string; breaks: unknown }): SemesterRow => ({
    classId: r.classId,
    firstDay: day(r.firstDay),
    lastDay: day(r.lastDay),
    state: r.state,
    breaks: Array.isArray(r.breaks) ? (r.breaks as SemesterRow['breaks']) : [],
  });
  return {
    async find(classId: string): Promise<SemesterRow | null> {
      const r = await db.classSemester.findUnique({ where: { classId } });
      return r ? toRow(r) : null;
    },

    async findMany(classIds: string[]): Promise<SemesterRow[]> {
      if (!classIds.length) return [];
      return (await db.classSemester.findMany({ where: { classId: { in: classIds } }, orderBy: { classId: 'asc' } })).map(toRow);
    },

    async save(s: SemesterRow): Promise<SemesterRow> {
      const data = { firstDay: date(s.firstDay), lastDay: date(s.lastDay), state: s.state, breaks: s.breaks };
      return toRow(await db.classSemester.upsert({ where: { classId: s.classId }, create: { classId: s.classId, ...data }, update: data }));
    },

    async remove(classId: string): Promise<void> {
      await db.classSemester.deleteMany({ where: { classId } });
    },
  };
}

export type SemesterRepository = ReturnType<typeof semesterRepository>;
