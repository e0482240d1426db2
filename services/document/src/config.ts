import { parseConfig, serviceConfigShape } from '@stundenplan/base';
import { z } from 'zod';

const shape = {
  ...serviceConfigShape({ port: 8085, grpcPort: 8095 }),
  /** Chromium for the PDF export; unset: first existing of /usr/bin/chromium, /usr/bin/chromium-browser. */
  CHROME_PATH: z
    .string()
    .optional()
    .transform((v): string | undefined => (v && v.trim() ? v.trim() : undefined)),
  /** PDF pages rendered at the same time by the one warm browser. */
  PDF_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(2),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
