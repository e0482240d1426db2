import type { WeeklyLesson } from '@stundenplan/timegrid';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';

/** The room of a lesson of a class of a school, as it was when the plan was sent (docs/adr/0035-room-in-sent-plans.md). */
export interface PlanRoom {
  id: string;
  name: string;
  site_id: string;
  site_name: string;
}

/** One weekly lesson of a plan; `room` only when it has one (a class without a school: never). */
export type PlanLesson = WeeklyLesson & { room?: PlanRoom };

/** A plan as the students got it (schedule.sent.v1). */
export interface PublishedPlan {
  sendingId: string;
  classId: string;
  teacherId: string;
  scheduleId: string | null;
  /** Stored as JSON, each lesson with its room when it has one: rows from before rooms simply have none. */
  lessons: Record<string, PlanLesson[]>;
  from: string;
  until: string;
  informed: string[] | null;
  sentAt: Date;
}

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

export class PlanRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Once per sending id: a redelivered event changes nothing. True when the plan is new. */
  async record(plan: PublishedPlan): Promise<boolean> {
    const { count } = await this.prisma.publishedPlan.createMany({
      data: [
        {
          sendingId: plan.sendingId,
          classId: plan.classId,
          teacherId: plan.teacherId,
          scheduleId: plan.scheduleId,
          lessons: plan.lessons as unknown as Prisma.InputJsonValue,
          calendarFrom: day(plan.from),
          calendarUntil: day(plan.until),
          informedMemberIds: plan.informed ? (plan.informed as Prisma.InputJsonValue) : Prisma.DbNull,
          sentAt: plan.sentAt,
        },
      ],
      skipDuplicates: true,
    });
    return count > 0;
  }

  /** Per class id: its newest published plan (classes without one are left out). */
  async latest(classIds: string[]): Promise<Map<string, PublishedPlan>> {
    const out = new Map<string, PublishedPlan>();
    if (!classIds.length) return out;
    const rows = await this.prisma.publishedPlan.findMany({
      where: { classId: { in: classIds } },
      orderBy: [{ sentAt: 'desc' }, { sendingId: 'desc' }],
      distinct: ['classId'],
    });
    for (const r of rows) {
      out.set(r.classId, {
        sendingId: r.sendingId,
        classId: r.classId,
        teacherId: r.teacherId,
        scheduleId: r.scheduleId,
        lessons: r.lessons as unknown as Record<string, PlanLesson[]>,
        from: dateOf(r.calendarFrom),
        until: dateOf(r.calendarUntil),
        informed: Array.isArray(r.informedMemberIds) ? (r.informedMemberIds as string[]) : null,
        sentAt: r.sentAt,
      });
    }
    return out;
  }

  /** class.deleted.v1 and class.data-expired.v1: the class's plans go. Idempotent; returns rows deleted. */
  async forgetClass(classId: string): Promise<number> {
    const { count } = await this.prisma.publishedPlan.deleteMany({ where: { classId } });
    return count;
  }
}
