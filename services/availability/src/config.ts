import { parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';
import { z } from 'zod';

const shape = {
  ...serviceConfigShape({ port: 8083, grpcPort: 8093, schema: 'availability' }),
  /** gRPC of the classes service: class ownership and a student's memberships. */
  CLASSES_SERVICE_ADDR: serviceAddr(8092),
  /** Tests only: comma-separated `host` or `host:port` the calendar import may fetch although not public (docs/configuration.md). */
  CALENDAR_IMPORT_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform(
      (v) =>
        new Set(
          v
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
  /** Tests only: a PEM file of CA certificates the calendar import trusts besides Node's root store. */
  CALENDAR_IMPORT_CA_FILE: z.string().optional(),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
