import { fileURLToPath } from 'node:url';
import { parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';
import { z } from 'zod';

const DEFAULT_INSTITUTIONS_FILE = fileURLToPath(new URL('../data/institutions.json', import.meta.url));

const shape = {
  ...serviceConfigShape({ port: 8081, grpcPort: 8091, schema: 'auth' }),
  /** ES256 signing key as PKCS#8 PEM (distributed mode; wins over AUTH_KEY_FILE). Literal "\n" sequences are accepted. */
  AUTH_JWT_PRIVATE_KEY: z.string().optional(),
  /** JSON JWK file with the private signing key; created (0600) on first start when missing. */
  AUTH_KEY_FILE: z.string().optional(),
  /** gRPC address of the classes service (registration codes, memberships for the profile). */
  CLASSES_SERVICE_ADDR: serviceAddr(8092),
  /** Institutions seeded (upsert by name) at every start. */
  INSTITUTIONS_FILE: z.string().default(DEFAULT_INSTITUTIONS_FILE),
  /** Session lifetime (JWT exp and cookie max-age); SPEC leaves it open, 7 days. */
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  /** 'auto': Secure cookie unless PUBLIC_BASE_URL is http on localhost / 127.0.0.1 / [::1]. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
