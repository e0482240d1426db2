import { randomUUID } from 'node:crypto';
import { AppError, Topic, writeOutbox, type MailRequestedPayload } from '@stundenplan/base';
import type { MakeupTransition } from '../domain/makeup-status.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Db } from './class-timeline.js';

/** The class's rules during the semester (docs/product/semester.md); the defaults until the teacher sets them. */
export interface LessonRulesRow {
  cancelNoticeHours: number;
  makeupWeeks: number;
  swapsNeedApproval: boolean;
}
export const DEFAULT_RULES: LessonRulesRow = { cancelNoticeHours: 24, makeupWeeks: 4, swapsNeedApproval: false };

export interface CancellationRow {
  id: string;
  classId: string;
  memberId: string;
  date: string;
  start: string;
  end: string;
  byRole: 'teacher' | 'student';
  reason: string | null;
  makeupId: string | null;
  /** When it was cancelled: a swap made later leaves the cancelled lesson where it is. */
  createdAt: Date;
}

export interface MakeupRow {
  id: string;
  classId: string;
  memberId: string;
  teacherId: string;
  cancelledDate: string;
  expiresOn: string;
  bookedDate: string | null;
  bookedStart: string | null;
  bookedEnd: string | null;
}

const BOOK_MSG = {
  taken: 'Diese Zeit ist inzwischen vergeben. Bitte wähle einen anderen Termin.',
  alreadyBooked: 'Dieser Nachholtermin ist bereits gebucht.',
  alreadyCancelled: 'Dieser Termin ist bereits abgesagt.',
} as const;

const MAKEUP_COLS = `id::text AS id, class_id::text AS "classId", member_id::text AS "memberId", teacher_id AS "teacherId",
  to_char(cancelled_date, 'YYYY-MM-DD') AS "cancelledDate", to_char(expires_on, 'YYYY-MM-DD') AS "expiresOn",
  to_char(booked_date, 'YYYY-MM-DD') AS "bookedDate", booked_start AS "bookedStart", booked_end AS "bookedEnd"`;

const isUniqueViolation = (e: unknown) =>
  /23505|unique constraint/i.test(String((e as { code?: string; message?: string })?.code ?? '') + String((e as Error)?.message ?? ''));

/** Cancellations and make-ups of the notification service (raw SQL over its own schema). */
export class MakeupRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async rules(classId: string): Promise<LessonRulesRow> {
    const rows = await this.prisma.$queryRawUnsafe<LessonRulesRow[]>(
      `SELECT cancel_notice_hours AS "cancelNoticeHours", makeup_weeks AS "makeupWeeks", swaps_need_approval AS "swapsNeedApproval"
       FROM lesson_rules WHERE class_id = $1::uuid`,
      classId,
    );
    return rows[0] ?? { ...DEFAULT_RULES };
  }

  async setRules(classId: string, r: LessonRulesRow): Promise<LessonRulesRow> {
    await this.prisma.$executeRawUnsafe(
      `INSERT INTO lesson_rules (class_id, cancel_notice_hours, makeup_weeks, swaps_need_approval, updated_at) VALUES ($1::uuid, $2, $3, $4, now())
       ON CONFLICT (class_id) DO UPDATE SET cancel_notice_hours = $2, makeup_weeks = $3, swaps_need_approval = $4, updated_at = now()`,
      classId,
      r.cancelNoticeHours,
      r.makeupWeeks,
      r.swapsNeedApproval,
    );
    return r;
  }

  /** The teacher of a class as its newest sending says (the plan's owner), or null without a sending. */
  async teacherOf(classId: string): Promise<string | null> {
    const rows = await this.prisma.$queryRawUnsafe<{ teacherId: string }[]>(
      `SELECT teacher_id AS "teacherId" FROM schedule_sendings WHERE class_id = $1::uuid ORDER BY created_at DESC, id DESC LIMIT 1`,
      classId,
    );
    return rows[0]?.teacherId ?? null;
  }

  /** Every class the teacher has sent a plan of (their lessons in any class). */
  async classesOfTeacher(teacherId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRawUnsafe<{ classId: string }[]>(
      `SELECT DISTINCT class_id::text AS "classId" FROM schedule_sendings WHERE teacher_id = $1 AND lessons IS NOT NULL`,
      teacherId,
    );
    return rows.map((r) => r.classId);
  }

  /** `db`: a transaction to read in. */
  async cancellations(classIds: string[], db: Db = this.prisma): Promise<CancellationRow[]> {
    if (!classIds.length) return [];
    return db.$queryRawUnsafe<CancellationRow[]>(
      `SELECT c.id::text AS id, c.class_id::text AS "classId", c.member_id::text AS "memberId", to_char(c.date, 'YYYY-MM-DD') AS date,
              c.start, c."end", c.by_role AS "byRole", c.reason, m.id::text AS "makeupId", c.created_at AS "createdAt"
       FROM lesson_cancellations c LEFT JOIN makeups m ON m.cancellation_id = c.id
       WHERE c.class_id = ANY($1::uuid[])`,
      classIds,
    );
  }

  async makeupsOfClasses(classIds: string[], db: Db = this.prisma): Promise<MakeupRow[]> {
    if (!classIds.length) return [];
    return db.$queryRawUnsafe<MakeupRow[]>(
      `SELECT ${MAKEUP_COLS} FROM makeups WHERE class_id = ANY($1::uuid[]) ORDER BY cancelled_date, created_at, id`,
      classIds,
    );
  }

  async makeup(id: string): Promise<MakeupRow | null> {
    const rows = await this.prisma.$queryRawUnsafe<MakeupRow[]>(`SELECT ${MAKEUP_COLS} FROM makeups WHERE id = $1::uuid`, id);
    return rows[0] ?? null;
  }

  /** The teacher's booked make-ups on those days (any class). */
  async bookedOfTeacher(teacherId: string, from: string, until: string): Promise<MakeupRow[]> {
    return this.prisma.$queryRawUnsafe<MakeupRow[]>(
      `SELECT ${MAKEUP_COLS} FROM makeups WHERE teacher_id = $1 AND booked_date BETWEEN $2::date AND $3::date`,
      teacherId,
      from,
      until,
    );
  }

  /**
   * The cancellation, its make-up (when due) and the mail commit together. A second cancellation of the same
   * lesson meets the unique index: 409. `guard` runs first in the same transaction (it locks the class's lessons
   * and checks the lesson again; what it throws rolls everything back).
   */
  async cancel(
    c: Omit<CancellationRow, 'id' | 'makeupId' | 'createdAt'> & { teacherId: string },
    makeup: { expiresOn: string } | null,
    mail: MailRequestedPayload | null,
    guard?: (tx: Db) => Promise<void>,
  ): Promise<{ cancellationId: string; makeupId: string | null }> {
    const cancellationId = randomUUID();
    const makeupId = makeup ? randomUUID() : null;
    try {
      await this.prisma.$transaction(async (tx) => {
        if (guard) await guard(tx);
        await tx.$executeRawUnsafe(
          `INSERT INTO lesson_cancellations (id, class_id, member_id, teacher_id, date, start, "end", by_role, reason)
           VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::date, $6, $7, $8, $9)`,
          cancellationId,
          c.classId,
          c.memberId,
          c.teacherId,
          c.date,
          c.start,
          c.end,
          c.byRole,
          c.reason,
        );
        if (makeup) {
          await tx.$executeRawUnsafe(
            `INSERT INTO makeups (id, class_id, member_id, teacher_id, cancellation_id, cancelled_date, expires_on)
             VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::uuid, $6::date, $7::date)`,
            makeupId,
            c.classId,
            c.memberId,
            c.teacherId,
            cancellationId,
            c.date,
            makeup.expiresOn,
          );
        }
        if (mail) await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, cancellationId, mail);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict(BOOK_MSG.alreadyCancelled);
      throw e;
    }
    return { cancellationId, makeupId };
  }

  /**
   * Books the make-up: under the teacher's advisory lock no other make-up of theirs may overlap the time that
   * day, and the make-up must still be open (two bookings racing for one time: the second gets 409).
   */
  async book(makeupId: string, teacherId: string, at: { date: string; start: string; end: string }, mail: MailRequestedPayload | null): Promise<MakeupRow> {
    const move: MakeupTransition = { from: 'open', to: 'booked' };
    try {
      await this.prisma.$transaction(async (tx) => {
        await tx.$queryRawUnsafe('SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 0))) l', `makeup-booking:${teacherId}`);
        const clash = await tx.$queryRawUnsafe<{ id: string }[]>(
          `SELECT id::text AS id FROM makeups WHERE teacher_id = $1 AND booked_date = $2::date AND booked_start < $4 AND booked_end > $3 AND id <> $5::uuid`,
          teacherId,
          at.date,
          at.start,
          at.end,
          makeupId,
        );
        if (clash.length) throw AppError.conflict(BOOK_MSG.taken);
        const n = await tx.$executeRawUnsafe(
          `UPDATE makeups SET status = $6, booked_date = $2::date, booked_start = $3, booked_end = $4, booked_at = now() WHERE id = $1::uuid AND status = $5`,
          makeupId,
          at.date,
          at.start,
          at.end,
          move.from,
          move.to,
        );
        if (n !== 1) throw AppError.conflict(BOOK_MSG.alreadyBooked);
        if (mail) await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, makeupId, mail);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict(BOOK_MSG.taken);
      throw e;
    }
    return (await this.makeup(makeupId))!;
  }

  /**
   * Withdraws a cancellation (docs/product/semester.md): the cancellation and its open make-up go, with the mail, in
   * one transaction. Both rows are locked first, so a booking of the make-up racing the withdrawal either comes
   * first (then 'booked' is answered and nothing changes) or finds the make-up gone.
   */
  async withdraw(
    cancellationId: string,
    mail: MailRequestedPayload | null,
  ): Promise<{ withdrawn: true } | { withdrawn: false; booked: { date: string; start: string } | null }> {
    return this.prisma.$transaction(async (tx) => {
      const found = await tx.$queryRawUnsafe<{ id: string }[]>(
        `SELECT id::text AS id FROM lesson_cancellations WHERE id = $1::uuid FOR UPDATE`,
        cancellationId,
      );
      if (!found.length) return { withdrawn: false as const, booked: null };
      const made = await tx.$queryRawUnsafe<{ bookedDate: string | null; bookedStart: string | null }[]>(
        `SELECT to_char(booked_date, 'YYYY-MM-DD') AS "bookedDate", booked_start AS "bookedStart" FROM makeups WHERE cancellation_id = $1::uuid FOR UPDATE`,
        cancellationId,
      );
      const booked = made[0];
      if (booked?.bookedDate && booked.bookedStart) return { withdrawn: false as const, booked: { date: booked.bookedDate, start: booked.bookedStart } };
      // The make-up goes with its cancellation (ON DELETE CASCADE).
      await tx.$executeRawUnsafe(`DELETE FROM lesson_cancellations WHERE id = $1::uuid`, cancellationId);
      if (mail) await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, cancellationId, mail);
      return { withdrawn: true as const };
    });
  }
}
