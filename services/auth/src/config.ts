import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';
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
  /** gRPC addresses of availability, notification and school: their parts of a copy of one's data (GET /api/me/export). */
  AVAILABILITY_SERVICE_ADDR: serviceAddr(8093),
  NOTIFICATION_SERVICE_ADDR: serviceAddr(8096),
  SCHOOL_SERVICE_ADDR: serviceAddr(8098),
  /** An account not used (no sign-in) for this many months is warned by mail and deleted 30 days later unless its holder signs in. */
  ACCOUNT_RETENTION_MONTHS: z.coerce.number().int().min(1).default(24),
  /** How often unused accounts are looked for; 0 switches the job off. */
  ACCOUNT_RETENTION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
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
  /** University sign-in (OpenID Connect): the issuer URL; unset = no university sign-in. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Claim of the ID token that carries the affiliation (a string or a list of strings). */
  OIDC_ROLE_CLAIM: z.string().min(1).default('eduPersonAffiliation'),
  /** Comma-separated claim values that make a teacher; they win over the student values. */
  OIDC_TEACHER_VALUES: z.string().default('faculty,staff'),
  OIDC_STUDENT_VALUES: z.string().default('student'),
  /** Button text: 'Mit {label} anmelden'. */
  OIDC_LABEL: z.string().trim().min(1).default('Hochschul-Login'),
  /** 'false': only the university sign-in (password login, registration and reset answer 403). */
  PASSWORD_LOGIN: z.enum(['true', 'false']).default('true'),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cfg = parseConfig(shape, env);
  if (cfg.OIDC_ISSUER && !cfg.OIDC_CLIENT_ID) throw new ConfigError('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (cfg.PASSWORD_LOGIN === 'false' && !cfg.OIDC_ISSUER) throw new ConfigError('PASSWORD_LOGIN=false needs OIDC_ISSUER (nobody could sign in)');
  return cfg;
}
