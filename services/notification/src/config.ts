import { DEFAULT_MAIL_BUDGET_PER_DAY, parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';
import { z } from 'zod';

const shape = {
  ...serviceConfigShape({ port: 8086, grpcPort: 8096, schema: 'notification' }),
  /** 'outbox': mails are only stored (embedded mode, shown at /dev/mail); 'ses': sent through Amazon SES. */
  MAIL_TRANSPORT: z.enum(['outbox', 'ses']).default('outbox'),
  SES_REGION: z.string().default('eu-central-1'),
  /** e.g. the local emulator http://127.0.0.1:8005; empty = AWS. */
  SES_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined)),
  /** With SES_ENDPOINT and no key id, dummy credentials are used (emulators accept anything). */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  MAIL_FROM: z.string().default('Stundenplan-Assistent <no-reply@stundenplan.local>'),
  /** /dev/mail, /dev/mail.json: default on in embedded mode (EVENT_BUS=memory) with MAIL_TRANSPORT=outbox, else off. */
  DEV_MAIL_ENABLED: z.enum(['true', 'false']).optional(),
  /** Where contact form messages go. */
  CONTACT_TO: z.string().default('kontakt@stundenplan.local'),
  /** The classes service (GetClass / ListMembers) for sending a schedule to a class. */
  CLASSES_SERVICE_ADDR: serviceAddr(8092),
  /** The scheduling service (GetLatestSchedule): the lessons for the calendar files of a sending. */
  SCHEDULING_SOLVER_SERVICE_ADDR: serviceAddr(8094),
  /** The availability service (GetPlanningData): the students' times a swap must fit. */
  AVAILABILITY_SERVICE_ADDR: serviceAddr(8093),
  /** Mails (invitations + schedule sendings, counted in recipients) one teacher may send per 24 hours; shared with classes. */
  MAIL_BUDGET_PER_DAY: z.coerce.number().int().positive().default(DEFAULT_MAIL_BUDGET_PER_DAY),
  /** Mails of all kinds one address may get per Berlin calendar day (docs/product/limits.md "Mails per recipient"). */
  MAIL_RECIPIENT_LIMIT_PER_DAY: z.coerce.number().int().positive().default(10),
  /** The same for the address of a confirmed account (the publisher says so: to_confirmed). */
  MAIL_RECIPIENT_LIMIT_CONFIRMED_PER_DAY: z.coerce.number().int().positive().default(50),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}

export function devMailEnabled(cfg: Config): boolean {
  return cfg.DEV_MAIL_ENABLED ? cfg.DEV_MAIL_ENABLED === 'true' : cfg.MAIL_TRANSPORT === 'outbox' && cfg.EVENT_BUS === 'memory';
}
