import { DEFAULT_MAIL_BUDGET_PER_DAY, parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';
import { z } from 'zod';

const shape = {
  ...serviceConfigShape({ port: 8082, grpcPort: 8092, schema: 'classes' }),
  /** gRPC address of the availability service (member times for the member list and linking). */
  AVAILABILITY_SERVICE_ADDR: serviceAddr(8093),
  /** gRPC address of the school service (a class's school and sites are checked there). */
  SCHOOL_SERVICE_ADDR: serviceAddr(8098),
  /** Mails (invitations + schedule sendings, counted in recipients) one teacher may send per 24 hours; shared with notification. */
  MAIL_BUDGET_PER_DAY: z.coerce.number().int().positive().default(DEFAULT_MAIL_BUDGET_PER_DAY),
  /** How often due automatic reminders (3 and 1 days before a deadline) are looked for; 0 switches them off. */
  AUTO_REMINDER_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  /** Automatic reminders are sent from this hour (Europe/Berlin) on, not at night. */
  AUTO_REMINDER_FROM_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** A class's times, preferred times, dated lessons and unregistered members go this many days after its semester's last day (without a semester: after its last change). */
  RETENTION_DAYS_AFTER_SEMESTER: z.coerce.number().int().min(1).default(180),
  /** How often classes whose data is due (or due in 14 days: the teacher's warning) are looked for; 0 switches it off. */
  RETENTION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
