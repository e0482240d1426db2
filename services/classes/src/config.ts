import { DEFAULT_MAIL_BUDGET_PER_DAY, parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';
import { z } from 'zod';

const shape = {
  ...serviceConfigShape({ port: 8082, grpcPort: 8092, schema: 'classes' }),
  /** gRPC address of the availability service (member times for the member list and linking). */
  AVAILABILITY_SERVICE_ADDR: serviceAddr(8093),
  /** Mails (invitations + schedule sendings, counted in recipients) one teacher may send per 24 hours; shared with notification. */
  MAIL_BUDGET_PER_DAY: z.coerce.number().int().positive().default(DEFAULT_MAIL_BUDGET_PER_DAY),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
