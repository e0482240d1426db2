// Starts the whole product in one process (embedded mode): PostgreSQL, six services, gateway.
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../packages/base/dist/embedded-postgres.js';
import { sharedInProcessBus } from '../packages/base/dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVICES = [
  { name: 'auth', http: 8081, grpc: 50051 },
  { name: 'classes', http: 8082, grpc: 50052 },
  { name: 'availability', http: 8083, grpc: 50053 },
  { name: 'scheduling-solver', http: 8084, grpc: 50054 },
  { name: 'document', http: 8085, grpc: 50055 },
  { name: 'notification', http: 8086, grpc: 50056 },
];

const envName = (name) => name.toUpperCase().replace(/-/g, '_');

/**
 * @param {object} o
 * @param {string} [o.databaseUrl] use this database instead of starting an embedded one
 * @param {string} [o.dataDir] where embedded data lives (default .data)
 * @param {number} [o.port] gateway port (default 8080)
 * @param {number} [o.portOffset] added to every service port (tests run beside a dev stack)
 * @param {number} [o.pgPort] port of the embedded PostgreSQL (default 54329)
 * @param {string} [o.publicBaseUrl] public address used in mails (default http://localhost:<port>)
 * @param {(m: string) => void} [o.log] progress messages (default console.log)
 * @param {Record<string,string>} [o.env] extra environment for every service
 * @param {string[]} [o.skip] services not to start
 * @param {boolean} [o.durable] embedded PostgreSQL writes durably (default true; tests pass false)
 */
export async function startStack(o = {}) {
  const dataDir = path.resolve(o.dataDir ?? path.join(root, '.data'));
  const stops = [];
  const log = o.log ?? ((m) => console.log(m));
  let databaseUrl = o.databaseUrl;
  if (!databaseUrl) {
    // As root the server runs as the postgres user, which must be able to enter the data folder.
    mkdirSync(dataDir, { recursive: true });
    if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
    const db = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: o.pgPort ?? 54329, database: 'stundenplan', durable: o.durable ?? true });
    databaseUrl = db.url;
    stops.push(() => db.stop());
  }
  const off = o.portOffset ?? 0;
  const gatewayPort = o.port ?? 8080;
  const publicUrl = o.publicBaseUrl ?? `http://localhost:${gatewayPort}`;
  const common = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    EVENT_BUS: 'memory',
    STORE: 'memory',
    PUBLIC_BASE_URL: publicUrl,
    AUTH_JWKS_URL: `http://127.0.0.1:${8081 + off}/.well-known/jwks.json`,
    AUTH_KEY_FILE: path.join(dataDir, 'auth-signing-key.json'),
    MAIL_TRANSPORT: 'outbox',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...Object.fromEntries(SERVICES.map((s) => [`${envName(s.name)}_SERVICE_ADDR`, `127.0.0.1:${s.grpc + off}`])),
    ...(o.env ?? {}),
  };
  const running = [];
  const stopAll = async () => {
    for (const svc of running.splice(0).reverse()) await svc.stop().catch(() => undefined);
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined);
  };
  // Events wait until every service has subscribed (see InProcessBus.hold).
  const bus = sharedInProcessBus();
  bus.hold();
  try {
    for (const s of SERVICES) {
      if (o.skip?.includes(s.name)) continue;
      const mod = await import(path.join(root, 'services', s.name, 'dist', 'main.js'));
      const svc = await mod.start({ ...common, PORT: String(s.http + off), GRPC_PORT: String(s.grpc + off) });
      running.push(svc);
    }
    const gw = await import(path.join(root, 'gateway', 'dist', 'main.js'));
    const gateway = await gw.start({
      ...common,
      PORT: String(gatewayPort),
      WEB_DIST: path.join(root, 'web', 'dist'),
      DEV_MAIL: 'true',
      ...Object.fromEntries(SERVICES.map((s) => [`${envName(s.name)}_SERVICE_URL`, `http://127.0.0.1:${s.http + off}`])),
    });
    running.push(gateway);
  } catch (e) {
    bus.release();
    await stopAll();
    throw e;
  }
  bus.release();
  log(`Stundenplan-Assistent läuft: ${publicUrl}`);
  return { url: `http://127.0.0.1:${gatewayPort}`, databaseUrl, stop: stopAll, services: running };
}
