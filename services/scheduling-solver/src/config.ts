import os from 'node:os';
import { parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';
import { z } from 'zod';

const shape = {
  ...serviceConfigShape({ port: 8084, grpcPort: 8094, schema: 'scheduling' }),
  CLASSES_SERVICE_ADDR: serviceAddr(8092),
  AVAILABILITY_SERVICE_ADDR: serviceAddr(8093),
  /** Worker threads running HiGHS. Unset: 1 in embedded mode (2-core machines), cores - 1 when distributed. */
  SOLVER_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  /** Wall-clock budget of one calculation in seconds (the gateway gives up after 30 s). */
  SOLVER_TIME_LIMIT_S: z.coerce.number().positive().max(600).default(15),
  /** Comment line sent on idle progress streams (SSE) so proxies keep them open. */
  PROGRESS_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15000),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cfg = parseConfig(shape, env);
  const embedded = cfg.EVENT_BUS === 'memory';
  const poolSize = cfg.SOLVER_POOL_SIZE ?? (embedded ? 1 : Math.max(1, os.availableParallelism() - 1));
  return Object.freeze({ ...cfg, SOLVER_POOL_SIZE: poolSize });
}
