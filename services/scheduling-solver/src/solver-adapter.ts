/**
 * The only place that touches the engine (src/solver/**): its SolverPool (HiGHS in worker
 * threads) behind the service's SolverPort (domain/solver-port.ts), so the rest of the service
 * depends on the port and the engine's types only.
 */
import { AppError, type Logger } from '@stundenplan/base';
import { CALC_TEXTS } from './domain/calculation-texts.js';
import type { SolveProblem, SolverPort } from './domain/solver-port.js';
import { SolverPool, SolverTimeoutError } from './solver/runtime/pool.js';

export function createSolver(opts: { size: number; timeLimitS: number; hardStopMs: number }, log: Logger): SolverPort {
  // Hard stop per solve after the engine's own budget (the solver's share of the request budget); the pool then answers with the first plan.
  // Every calculation answer carries the fixes of its unplaced students (within the same budget).
  const pool = new SolverPool({ size: opts.size, timeoutMs: opts.hardStopMs, solveOptions: { timeLimitSec: opts.timeLimitS, fixes: true } });
  log.debug({ size: opts.size, timeLimitS: opts.timeLimitS }, 'solver pool created');
  return {
    async solve(problem: SolveProblem, o) {
      try {
        const plan = await pool.solve(problem, {
          ...(o.timeLimitS !== undefined ? { timeLimitSec: o.timeLimitS } : {}),
          onProgress: (p) => o.onProgress?.({ stage: p.stage, placed: p.placed, idleMinutes: p.idleMinutes, elapsedMs: p.elapsedMs }),
        });
        log.debug({ ...pool.stats, status: plan.status, placed: plan.stats.placed }, 'solved');
        return plan;
      } catch (e) {
        if (e instanceof SolverTimeoutError) throw new AppError('TIMEOUT', CALC_TEXTS.tooSlow, { cause: e });
        throw e;
      }
    },
    close: () => pool.close(),
  };
}
