import { readFile } from 'node:fs/promises';
import { isUuid } from '@stundenplan/base';
import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client.js';

export interface InstitutionRow {
  id: string;
  name: string;
  studentsMail: string | null;
  teachersMail: string | null;
}

/** 'stud.hmtm.de', '@stud.hmtm.de' and ' STUD.HMTM.DE ' are the same domain; '' means none. */
export function normaliseDomain(domain: string | null | undefined): string | null {
  const d = (domain ?? '').trim().replace(/^@+/, '').toLowerCase();
  return d || null;
}

const seedFileSchema = z.object({
  institutions: z.array(
    z.object({
      name: z.string().trim().min(1).max(200),
      students_mail: z.string().nullable().optional(),
      teachers_mail: z.string().nullable().optional(),
    }),
  ),
});

export type InstitutionSeed = { name: string; studentsMail: string | null; teachersMail: string | null };

export async function readInstitutionsFile(file: string): Promise<InstitutionSeed[]> {
  const parsed = seedFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data.institutions.map((i) => ({
    name: i.name,
    studentsMail: normaliseDomain(i.students_mail),
    teachersMail: normaliseDomain(i.teachers_mail),
  }));
}

export class InstitutionRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async list(): Promise<InstitutionRow[]> {
    return this.prisma.institution.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, studentsMail: true, teachersMail: true } });
  }

  async find(id: string): Promise<InstitutionRow | null> {
    if (!isUuid(id)) return null;
    return this.prisma.institution.findUnique({ where: { id }, select: { id: true, name: true, studentsMail: true, teachersMail: true } });
  }

  /** The institution whose student or teacher mail domain is this one (the first by name when several share it). */
  async findByDomain(domain: string): Promise<InstitutionRow | null> {
    const d = normaliseDomain(domain);
    if (!d) return null;
    return this.prisma.institution.findFirst({
      where: { OR: [{ studentsMail: d }, { teachersMail: d }] },
      orderBy: { name: 'asc' },
      select: { id: true, name: true, studentsMail: true, teachersMail: true },
    });
  }

  /** Idempotent: upsert by name (concurrent starts are safe through the unique name). */
  async seed(rows: InstitutionSeed[]): Promise<number> {
    for (const r of rows) {
      await this.prisma.$executeRaw`
        INSERT INTO institutions (name, students_mail, teachers_mail) VALUES (${r.name}, ${r.studentsMail}, ${r.teachersMail})
        ON CONFLICT (name) DO UPDATE SET students_mail = EXCLUDED.students_mail, teachers_mail = EXCLUDED.teachers_mail,
          updated_at = CASE WHEN institutions.students_mail IS DISTINCT FROM EXCLUDED.students_mail
                              OR institutions.teachers_mail IS DISTINCT FROM EXCLUDED.teachers_mail
                            THEN now() ELSE institutions.updated_at END`;
    }
    return rows.length;
  }
}
