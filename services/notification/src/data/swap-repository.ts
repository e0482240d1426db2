import { randomUUID } from 'node:crypto';
import { Topic, writeOutbox, type MailRequestedPayload } from '@stundenplan/base';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { SwapStatus, SwapTransition } from '../domain/swap-status.js';
import type { Db } from './class-timeline.js';

export type { SwapStatus };

/** One swap request between two members of a class (docs/product/semester.md "Swaps"). */
export interface SwapRow {
  id: string;
  classId: string;
  teacherId: string;
  memberId: string;
  userId: string;
  memberName: string;
  withMemberId: string;
  withUserId: string;
  withMemberName: string;
  /** The asking member's lesson date; null: the weekly slots from `fromDate` on. */
  date: string | null;
  fromDate: string;
  status: SwapStatus;
  createdAt: Date;
  decidedAt: Date | null;
}

export type NewSwap = Omit<SwapRow, 'id' | 'status' | 'createdAt' | 'decidedAt'>;

type Raw = Omit<SwapRow, 'date' | 'fromDate' | 'status'> & { date: Date | null; fromDate: Date; status: string };

const day = (d: Date) => d.toISOString().slice(0, 10);
const dbDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toRow = (r: Raw): SwapRow => ({ ...r, date: r.date ? day(r.date) : null, fromDate: day(r.fromDate), status: r.status as SwapStatus });

export class SwapRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The request and its mails commit together (transactional outbox). */
  async create(swap: NewSwap, mails: MailRequestedPayload[]): Promise<SwapRow> {
    const id = randomUUID();
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.lessonSwap.create({ data: { id, ...swap, date: swap.date ? dbDay(swap.date) : null, fromDate: dbDay(swap.fromDate) } });
      for (const mail of mails) await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, id, mail);
      return toRow(row);
    });
  }

  async find(id: string): Promise<SwapRow | null> {
    const r = await this.prisma.lessonSwap.findUnique({ where: { id } });
    return r ? toRow(r) : null;
  }

  /**
   * Moves the request along one transition of its state machine (domain/swap-status.ts) with its mails, only when
   * it still is in `from` (two answers racing:
   * one wins); false when another answer came first. `fromDate` is rewritten when given (a weekly swap starts
   * on the day it is made). `guard` runs first in the same transaction (it locks the class's lessons and checks
   * the swap again; what it throws rolls everything back).
   */
  async decide(
    id: string,
    move: SwapTransition,
    mails: MailRequestedPayload[],
    opts: { fromDate?: string | undefined; guard?: ((tx: Db) => Promise<void>) | undefined } = {},
  ): Promise<boolean> {
    const { from, to } = move;
    const { fromDate, guard } = opts;
    return this.prisma.$transaction(async (tx) => {
      // The request's row first (a second answer to it waits here and then finds it answered), then the guard.
      const [current] = await tx.$queryRawUnsafe<{ status: string }[]>('SELECT status FROM lesson_swaps WHERE id = $1::uuid FOR UPDATE', id);
      if (current?.status !== from) return false;
      if (guard) await guard(tx);
      const { count } = await tx.lessonSwap.updateMany({
        where: { id, status: from },
        data: { status: to, decidedAt: new Date(), ...(fromDate ? { fromDate: dbDay(fromDate) } : {}) },
      });
      if (count !== 1) return false;
      for (const mail of mails) {
        await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, id, mail);
      }
      return true;
    });
  }

  /** Swaps made in these classes, in the order they were made (`db`: a transaction to read in). */
  async swapped(classIds: string[], db: Db = this.prisma): Promise<SwapRow[]> {
    if (!classIds.length) return [];
    const rows = await db.lessonSwap.findMany({
      where: { classId: { in: classIds }, status: 'swapped' },
      orderBy: [{ decidedAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toRow);
  }

  /** An open request (pending or awaiting approval) between the two members for the same date. */
  async findOpen(memberId: string, withMemberId: string, date: string | null): Promise<SwapRow | null> {
    const r = await this.prisma.lessonSwap.findFirst({
      where: { memberId, withMemberId, date: date ? dbDay(date) : null, status: { in: ['pending', 'awaiting_approval'] } },
    });
    return r ? toRow(r) : null;
  }

  /** The class's lesson rule swaps_need_approval (false until the teacher sets the rules). */
  async needsApproval(classId: string): Promise<boolean> {
    const rows = await this.prisma.$queryRawUnsafe<{ swaps_need_approval: boolean }[]>(
      'SELECT swaps_need_approval FROM lesson_rules WHERE class_id = $1::uuid',
      classId,
    );
    return rows[0]?.swaps_need_approval ?? false;
  }

  async forClass(classId: string): Promise<SwapRow[]> {
    const rows = await this.prisma.lessonSwap.findMany({ where: { classId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 500 });
    return rows.map(toRow);
  }

  /** Asked by or of the user, newest first. */
  async forUser(userId: string): Promise<SwapRow[]> {
    const rows = await this.prisma.lessonSwap.findMany({
      where: { OR: [{ userId }, { withUserId: userId }] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    });
    return rows.map(toRow);
  }
}
