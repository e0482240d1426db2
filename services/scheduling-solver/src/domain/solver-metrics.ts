import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface SolverMetrics {
  solveDuration: Histogram<'status'>;
  solves: Counter<'status'>;
  studentsPlaced: Counter;
  studentsUnplaced: Counter<'kind'>;
  running: Gauge;
  schedulesSaved: Counter<'op'>;
}

/** Registered on the service's own registry (GET /metrics), so embedded mode keeps services apart. */
export function createSolverMetrics(registry: Registry): SolverMetrics {
  return {
    solveDuration: new Histogram({
      name: 'solver_solve_duration_seconds',
      help: 'Wall time of one calculation (loading data excluded), by result status',
      labelNames: ['status'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 20, 30, 60],
      registers: [registry],
    }),
    solves: new Counter({ name: 'solver_solves_total', help: 'Calculations by result status', labelNames: ['status'], registers: [registry] }),
    studentsPlaced: new Counter({ name: 'solver_students_placed_total', help: 'Students placed by calculations', registers: [registry] }),
    studentsUnplaced: new Counter({
      name: 'solver_students_unplaced_total',
      help: 'Students not placed by calculations (kind: unscheduled or skipped)',
      labelNames: ['kind'],
      registers: [registry],
    }),
    running: new Gauge({ name: 'solver_running_calculations', help: 'Calculations in progress in this replica', registers: [registry] }),
    schedulesSaved: new Counter({ name: 'schedules_saved_total', help: 'Saved schedules by operation', labelNames: ['op'], registers: [registry] }),
  };
}
