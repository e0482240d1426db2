import os from 'node:os';
import { ConfigError, parseConfig, serviceAddr, serviceConfigShape, timeoutBudget } from '@stundenplan/base';
import { z } from 'zod';

const shape = {
  ...serviceConfigShape({ port: 8084, grpcPort: 8094, schema: 'scheduling' }),
  CLASSES_SERVICE_ADDR: serviceAddr(8092),
  AVAILABILITY_SERVICE_ADDR: serviceAddr(8093),
  /** The school service's gRPC: rooms, travel and bookings for classes with a school (issue 40). */
  SCHOOL_SERVICE_ADDR: serviceAddr(8098),
  /** Worker threads running HiGHS. Unset: 1 in embedded mode (2-core machines), cores - 1 when distributed. */
  SOLVER_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  /** The engine's budget of one calculation in seconds; below the solver's share of REQUEST_TIMEOUT_MS. */
  SOLVER_TIME_LIMIT_S: z.coerce.number().positive().max(600).default(15),
  /** Comment line sent on idle progress streams (SSE) so proxies keep them open. */
  PROGRESS_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15000),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cfg = parseConfig(shape, env);
  const embedded = cfg.EVENT_BUS === 'memory';
  const poolSize = cfg.SOLVER_POOL_SIZE ?? (embedded ? 1 : Math.max(1, os.availableParallelism() - 1));
  const budget = timeoutBudget(cfg.REQUEST_TIMEOUT_MS);
  if (cfg.SOLVER_TIME_LIMIT_S * 1000 >= budget.solverMs)
    throw new ConfigError(
      `SOLVER_TIME_LIMIT_S must stay below ${budget.solverMs / 1000} s (the solver's share of REQUEST_TIMEOUT_MS); raise REQUEST_TIMEOUT_MS`,
    );
  return Object.freeze({ ...cfg, SOLVER_POOL_SIZE: poolSize });
}
