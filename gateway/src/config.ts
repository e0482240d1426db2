import { baseConfigShape, listenHostSchema, parseConfig, portSchema, timeoutBudget } from '@stundenplan/base';
import { z } from 'zod';
import { ACCEPT_COPIES } from './accept-copies.js';
import { upstreamListSchema } from './upstreams.js';

// One URL, or the replicas' URLs separated by commas (see upstreams.ts).
const url = (port: number) => upstreamListSchema(`http://127.0.0.1:${port}`);

const shape = {
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  STORE: baseConfigShape.STORE,
  REDIS_URL: baseConfigShape.REDIS_URL,
  REDIS_KEY_PREFIX: baseConfigShape.REDIS_KEY_PREFIX,
  AUTH_JWKS_URL: baseConfigShape.AUTH_JWKS_URL,
  PUBLIC_BASE_URL: baseConfigShape.PUBLIC_BASE_URL,
  PORT: portSchema.default(8080),
  /** Address of the public port: every interface in containers; npm start passes 127.0.0.1 unless HOST is set. */
  HOST: listenHostSchema.default('0.0.0.0'),
  /** Address of the internal metrics port (127.0.0.1 in embedded mode). */
  LISTEN_HOST: listenHostSchema.default('0.0.0.0'),
  /** Internal port serving /metrics (never on the public port). */
  METRICS_PORT: portSchema.default(8090),
  AUTH_SERVICE_URL: url(8081),
  CLASSES_SERVICE_URL: url(8082),
  AVAILABILITY_SERVICE_URL: url(8083),
  SCHEDULING_SOLVER_SERVICE_URL: url(8084),
  DOCUMENT_SERVICE_URL: url(8085),
  NOTIFICATION_SERVICE_URL: url(8086),
  LESSONS_SERVICE_URL: url(8087),
  SCHOOL_SERVICE_URL: url(8088),
  /** Folder of the built SPA; empty disables static serving. */
  WEB_DIST: z.string().default(''),
  /** Serve the web app's source maps (`*.map`), when a build made them (`WEB_SOURCE_MAPS=true npm run build`). */
  WEB_SOURCE_MAPS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Embedded mode shows the local mail outbox at /dev/mail. */
  DEV_MAIL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * `false`: /api requests go through Express's router like every other path (docs/adr, "gateway listener");
   * `true` (default): the gateway's own request listener calls the /api pipeline directly.
   */
  GATEWAY_FAST_API_PATH: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How /api requests reach the services (docs/adr/0005): `builtin`, the hand-written proxy.ts, or `library`,
   * the maintained http-proxy-3 (proxy-library.ts). Same answers, same tests.
   */
  GATEWAY_PROXY: z.enum(['builtin', 'library']).default('builtin'),
  /** Copies of the listening socket that take in new connections (accept-copies.ts); `0`: the one socket only. */
  GATEWAY_ACCEPT_COPIES: z.coerce.number().int().min(0).max(1024).default(ACCEPT_COPIES),
  /** Connections the gateway holds at once (connection-limits.ts); a new one beyond it is closed at once. */
  GATEWAY_MAX_CONNECTIONS: z.coerce.number().int().positive().default(4096),
  /** Connections from one client address (IPv6: one /64) at once; `0`: no per-address cap (behind an Ingress). */
  GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  /** A connection's request headers must be complete this long after it opened (or after its last answer): 408 and closed. */
  GATEWAY_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** A kept-alive connection without a new request is closed after this. */
  GATEWAY_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  REQUEST_TIMEOUT_MS: baseConfigShape.REQUEST_TIMEOUT_MS,
  /** A request body that stops arriving for this long is answered 408 (noticed within twice this). */
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** Logins per client IP in 10 minutes (a whole school behind one NAT may need more). */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Registrations per client IP in one hour. */
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /**
   * Express 'trust proxy': which proxies in front may name the client in X-Forwarded-For, so the per-IP
   * rate limits see the client and not the Ingress. A hop count (`1`), `false`, or addresses/presets
   * (`loopback, uniquelocal`). Never `true` when clients can reach the gateway directly.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default('loopback')
    .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
};

export type GatewayConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cfg = parseConfig(shape, env);
  /** The proxy's timeout (504 after it): the gateway's share of the one request budget. */
  return Object.freeze({ ...cfg, UPSTREAM_TIMEOUT_MS: timeoutBudget(cfg.REQUEST_TIMEOUT_MS).gatewayMs });
}
