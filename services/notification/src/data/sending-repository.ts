import { randomUUID } from 'node:crypto';
import { Topic, writeOutbox, type MailRequestedPayload } from '@stundenplan/base';
import type { Lesson } from '../domain/calendar-ics.js';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';

export interface NewScheduleSending {
  classId: string;
  teacherId: string;
  scheduleName: string | null;
  pdfSize: number;
  /** Calendar part: the schedule's lessons as sent, and the series' first and last day. */
  calendar?: { scheduleId: string; lessons: Record<string, Lesson[]>; from: string; until: string } | null;
  /** The members who know their lessons of this plan (mailed now, or unchanged since they were told); null: not known. */
  informed?: string[] | null;
}

/** The newest sending of a class with its lessons: who was told what. */
export interface LastSending {
  lessons: Record<string, Lesson[]>;
  /** null for sendings from before this was stored: everybody counts as told. */
  informed: string[] | null;
}

export interface ScheduleSendingRow {
  id: string;
  classId: string;
  teacherId: string;
  scheduleName: string | null;
  pdfSize: number;
  recipientCount: number;
  createdAt: Date;
}

/** The lessons of the newest sending of a class that carried calendar data. */
export interface SentLessons {
  lessons: Record<string, Lesson[]>;
  from: string;
  until: string;
}

/** A sending of a few dozen events plus a PDF of up to 5 MB must not run into Prisma's default 5 s transaction timeout. */
const TX_OPTIONS = { maxWait: 10_000, timeout: 120_000 } as const;

export class SendingRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The history row and one mail.requested.v1 event per recipient commit together (transactional
   * outbox): either every mail is on its way or none is. The events are keyed by the sending id.
   *
   * Once per fingerprint and window: identical requests wait for each other (an advisory lock on the
   * fingerprint), and one that finds a sending with its fingerprint younger than `repeatWindowSeconds`
   * gets that sending back (`repeated`) instead of mailing again. `reserve` runs inside, only for a new
   * sending (the mail budget); when it throws, nothing is written.
   */
  async saveOnce(
    sending: NewScheduleSending & { fingerprint: string },
    mails: MailRequestedPayload[],
    blob: { sha256: string; content: Buffer } | undefined,
    once: { repeatWindowSeconds: number; reserve: () => Promise<void> },
  ): Promise<{ row: ScheduleSendingRow; repeated: boolean }> {
    if (!mails.length) throw new Error('a schedule sending needs at least one mail');
    const id = randomUUID();
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRawUnsafe('SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 0))) l', sending.fingerprint);
      const recent = await tx.scheduleSending.findFirst({
        where: { fingerprint: sending.fingerprint, createdAt: { gt: new Date(Date.now() - once.repeatWindowSeconds * 1000) } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      if (recent) return { row: recent, repeated: true };
      await once.reserve();
      const { calendar, informed, ...rest } = sending;
      const row = await tx.scheduleSending.create({
        data: {
          id,
          ...rest,
          recipientCount: mails.length,
          ...(calendar
            ? {
                scheduleId: calendar.scheduleId,
                lessons: calendar.lessons as unknown as Prisma.InputJsonValue,
                calendarFrom: new Date(`${calendar.from}T00:00:00Z`),
                calendarUntil: new Date(`${calendar.until}T00:00:00Z`),
              }
            : {}),
          ...(informed ? { informedMemberIds: informed as Prisma.InputJsonValue } : {}),
        },
      });
      // The PDF once, by its sha256; the events only name it (blobSha256), so it is not copied per recipient.
      if (blob) {
        await tx.$executeRawUnsafe(
          'INSERT INTO mail_blobs (sha256, size, content) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING',
          blob.sha256,
          blob.content.length,
          new Uint8Array(blob.content),
        );
      }
      for (const mail of mails) {
        await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, id, mail);
      }
      // The plan as the students got it, for the lessons service (docs/adr/0031-lessons-service.md).
      if (calendar) {
        await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.ScheduleSent, id, {
          sending_id: id,
          class_id: row.classId,
          teacher_id: row.teacherId,
          schedule_id: calendar.scheduleId,
          // Each lesson with its room when it has one (classes of a school); without, no room key (as before).
          lessons: calendar.lessons,
          from: calendar.from,
          until: calendar.until,
          informed_member_ids: informed ?? null,
          sent_at: row.createdAt.toISOString(),
        });
      }
      return { row, repeated: false };
    }, TX_OPTIONS);
  }

  /**
   * The newest sending of the class with its lessons (recipients=changed compares with it); `repeat`: a sending
   * with this fingerprint inside the window is the request itself again, so the one before it counts.
   */
  async lastSending(classId: string, repeat?: { fingerprint: string; windowSeconds: number }): Promise<LastSending | null> {
    const rows = await this.prisma.scheduleSending.findMany({
      where: { classId, lessons: { not: Prisma.DbNull } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 20,
      select: { lessons: true, informedMemberIds: true, fingerprint: true, createdAt: true },
    });
    const since = repeat ? Date.now() - repeat.windowSeconds * 1000 : Infinity;
    const row = rows.find((r) => !(repeat && r.fingerprint === repeat.fingerprint && r.createdAt.getTime() > since));
    if (!row?.lessons) return null;
    return {
      lessons: row.lessons as unknown as Record<string, Lesson[]>,
      informed: Array.isArray(row.informedMemberIds) ? (row.informedMemberIds as string[]) : null,
    };
  }

  /** Per class id: the lessons of the newest sending with calendar data (classes without one are left out). */
  async latestLessons(classIds: string[]): Promise<Map<string, SentLessons>> {
    const out = new Map<string, SentLessons>();
    if (!classIds.length) return out;
    const rows = await this.prisma.scheduleSending.findMany({
      where: { classId: { in: classIds }, lessons: { not: Prisma.DbNull } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      distinct: ['classId'],
      select: { classId: true, lessons: true, calendarFrom: true, calendarUntil: true },
    });
    for (const r of rows) {
      if (!r.lessons || !r.calendarFrom || !r.calendarUntil) continue;
      out.set(r.classId, {
        lessons: r.lessons as unknown as Record<string, Lesson[]>,
        from: r.calendarFrom.toISOString().slice(0, 10),
        until: r.calendarUntil.toISOString().slice(0, 10),
      });
    }
    return out;
  }

  /** Retention (class.data-expired.v1): the lessons of the class's sendings go; the history row (when, how many) stays. Idempotent. */
  async forgetLessons(classId: string): Promise<number> {
    const { count } = await this.prisma.scheduleSending.updateMany({
      where: { classId, lessons: { not: Prisma.DbNull } },
      data: { lessons: Prisma.DbNull, calendarFrom: null, calendarUntil: null },
    });
    return count;
  }

  /** Retention (class.data-expired.v1): the class's cancellations, make-ups and swaps go; its lesson rules (a setting) stay. Idempotent. */
  async forgetLessonChanges(classId: string): Promise<number> {
    const swaps = await this.prisma.$executeRawUnsafe('DELETE FROM lesson_swaps WHERE class_id = $1::uuid', classId);
    // make-ups go with their cancellation (ON DELETE CASCADE)
    const cancellations = await this.prisma.$executeRawUnsafe('DELETE FROM lesson_cancellations WHERE class_id = $1::uuid', classId);
    return swaps + cancellations;
  }

  /**
   * A mail about a student's changed times, at most once per class, member, Berlin day and recipient: the stored
   * row and the mail's event commit together, so restarts and replicas send no second one. False when it was sent
   * already. Rows of days before yesterday go.
   */
  async noticeOnce(key: { classId: string; memberId: string; day: string; recipient: 'teacher' | 'student' }, mail: MailRequestedPayload): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const inserted = await tx.$executeRawUnsafe(
        'INSERT INTO times_change_notices (class_id, member_id, day, recipient) VALUES ($1::uuid, $2, $3::date, $4) ON CONFLICT DO NOTHING',
        key.classId,
        key.memberId,
        key.day,
        key.recipient,
      );
      if (!inserted) return false;
      await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, key.classId, mail);
      await tx.$executeRawUnsafe('DELETE FROM times_change_notices WHERE day < $1::date - 1', key.day);
      return true;
    });
  }

  /** Newest first. */
  async listForClass(classId: string): Promise<ScheduleSendingRow[]> {
    return this.prisma.scheduleSending.findMany({ where: { classId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }
}
