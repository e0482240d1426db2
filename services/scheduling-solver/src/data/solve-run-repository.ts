import { randomUUID } from 'node:crypto';
import type { Db } from './prisma.js';

export type SolveRunStatus = 'running' | 'OPTIMAL' | 'FEASIBLE' | 'INFEASIBLE' | 'NO_TEACHER_TIMES' | 'ERROR';

/** History of calculations (metrics, support): one row per POST cp-sat-berechnung-from-db that reached the solver. */
export class SolveRunRepository {
  constructor(private readonly db: Db) {}

  async start(classId: string, teacherId: string, students: number): Promise<string> {
    const id = randomUUID();
    await this.db.solveRun.create({ data: { id, classId, teacherId, status: 'running', students } });
    return id;
  }

  async finish(id: string, status: SolveRunStatus, placed: number | null, durationMs: number): Promise<void> {
    await this.db.solveRun.update({ where: { id }, data: { status, placed, durationMs: Math.round(durationMs), finishedAt: new Date() } });
  }

  async deleteByClass(classId: string): Promise<number> {
    const res = await this.db.solveRun.deleteMany({ where: { classId } });
    return res.count;
  }

  recent(classId: string, take = 20) {
    return this.db.solveRun.findMany({ where: { classId }, orderBy: { startedAt: 'desc' }, take });
  }
}
