// Starts the whole product (embedded mode): PostgreSQL, seven services, gateway. In one process, or with
// `split` (npm start) the services in one child process (scripts/services-process.js) beside the gateway.
import { fork } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PortInUseError, startEmbeddedPostgres } from '../packages/base/dist/embedded-postgres.js';
import { createStore, loadOrCreateServiceTokenKeyFile, sharedInProcessBus } from '../packages/base/dist/index.js';

import { checkPorts, explainListenError, GATEWAY_PORT, PG_PORT, pgPortTaken } from './ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVICES = [
  { name: 'auth', http: 8081, grpc: 8091 },
  { name: 'classes', http: 8082, grpc: 8092 },
  { name: 'availability', http: 8083, grpc: 8093 },
  { name: 'scheduling-solver', http: 8084, grpc: 8094 },
  { name: 'document', http: 8085, grpc: 8095 },
  { name: 'notification', http: 8086, grpc: 8096 },
  { name: 'lessons', http: 8087, grpc: 8097 },
  { name: 'school', http: 8088, grpc: 8098 },
];

const envName = (name) => name.toUpperCase().replace(/-/g, '_');

/**
 * @param {object} o
 * @param {string} [o.databaseUrl] use this database instead of starting an embedded one
 * @param {string} [o.dataDir] where embedded data lives (default .data)
 * @param {number} [o.port] gateway port (default 8080)
 * @param {number} [o.portOffset] added to every service port (tests run beside a dev stack)
 * @param {number} [o.pgPort] port of the embedded PostgreSQL (default 15432)
 * @param {[number, number]} [o.pgPortRange] instead of pgPort: a random free port in this range (tests)
 * @param {string} [o.publicBaseUrl] public address used in mails (default http://localhost:<port>)
 * @param {(m: string) => void} [o.log] progress messages (default console.log)
 * @param {Record<string,string>} [o.env] extra environment for every service
 * @param {string[]} [o.skip] services not to start
 * @param {string} [o.host] address the gateway listens on (default $HOST or 127.0.0.1; every other port is always 127.0.0.1)
 * @param {boolean} [o.durable] embedded PostgreSQL writes durably (default true; tests pass false)
 * @param {boolean} [o.split] the services in one child process, the gateway in this one (two event loops)
 * @param {(how: { code: number | null, signal: string | null }) => void} [o.onServicesExit] with `split`: the
 *   services process ended after the start without being told to (a crash, kill -9)
 */
export async function startStack(o = {}) {
  const dataDir = path.resolve(o.dataDir ?? path.join(root, '.data'));
  const stops = [];
  const log = o.log ?? ((m) => console.log(m));
  let databaseUrl = o.databaseUrl;
  const off = o.portOffset ?? 0;
  const gatewayPort = o.port ?? GATEWAY_PORT;
  if (o.split) await stopLeftOverServices(path.join(dataDir, 'services.pid'));
  await checkPorts({ gatewayPort, offset: off, services: SERVICES.filter((s) => !o.skip?.includes(s.name)) });
  if (!databaseUrl) {
    // Lean by default; EMBEDDED_PG_LEAN=false starts the ordinary server over TCP (docs/adr/0007).
    const embeddedPgPlain = process.env.EMBEDDED_PG_LEAN === 'false';
    // As root the server runs as the postgres user, which must be able to enter the data folder.
    mkdirSync(dataDir, { recursive: true });
    if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
    const pgPort = o.pgPortRange ? undefined : (o.pgPort ?? PG_PORT);
    const db = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port: pgPort,
      portRange: o.pgPortRange,
      database: 'stundenplan',
      durable: o.durable ?? true,
      // No unneeded background processes, and the Unix socket (docs/adr/0007).
      lean: !embeddedPgPlain,
    }).catch((e) => {
      throw e instanceof PortInUseError ? pgPortTaken(e.port) : e;
    });
    // The services reach it over its Unix socket where there is one (cheaper per query than TCP).
    databaseUrl = embeddedPgPlain ? db.url : (db.socketUrl ?? db.url);
    stops.push(() => db.stop());
  }
  // The key of the gRPC service tokens: created on first start, kept with the data.
  mkdirSync(dataDir, { recursive: true });
  const serviceTokenKey = loadOrCreateServiceTokenKeyFile(path.join(dataDir, 'service-token.key'));
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
    // Internal ports answer only this machine; HOST opens the gateway alone.
    LISTEN_HOST: '127.0.0.1',
    SERVICE_TOKEN_KEY: serviceTokenKey,
    ...Object.fromEntries(SERVICES.map((s) => [`${envName(s.name)}_SERVICE_ADDR`, `127.0.0.1:${s.grpc + off}`])),
    ...(o.env ?? {}),
  };
  const running = [];
  const stopAll = async () => {
    for (const svc of running.splice(0).reverse()) await svc.stop().catch(() => undefined);
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined);
  };
  try {
    if (o.split) {
      const pidFile = path.join(dataDir, 'services.pid');
      running.push(await startServicesProcess({ common, offset: off, skip: o.skip, pidFile, onExit: o.onServicesExit }));
    } else running.push(...(await startServices(common, off, o.skip)));
    const gw = await import(path.join(root, 'gateway', 'dist', 'main.js'));
    const gateway = await gw.start({
      ...common,
      PORT: String(gatewayPort),
      WEB_DIST: path.join(root, 'web', 'dist'),
      DEV_MAIL: 'true',
      HOST: o.host ?? process.env.HOST ?? '127.0.0.1',
      METRICS_PORT: String(8090 + off),
      ...Object.fromEntries(SERVICES.map((s) => [`${envName(s.name)}_SERVICE_URL`, `http://127.0.0.1:${s.http + off}`])),
    });
    running.push(gateway);
  } catch (e) {
    await stopAll();
    throw explainListenError(e, { gatewayPort, offset: off });
  }
  log(`Stundenplan-Assistent läuft: ${publicUrl}`);
  return { url: `http://127.0.0.1:${gatewayPort}`, databaseUrl, stop: stopAll, services: running };
}

/** Starts the services in this process; events wait until every service has subscribed (see InProcessBus.hold). */
export async function startServices(common, off, skip) {
  const bus = sharedInProcessBus();
  bus.hold();
  const running = [];
  try {
    for (const s of SERVICES) {
      if (skip?.includes(s.name)) continue;
      const mod = await import(path.join(root, 'services', s.name, 'dist', 'main.js'));
      running.push(await mod.start({ ...common, PORT: String(s.http + off), GRPC_PORT: String(s.grpc + off) }));
    }
  } catch (e) {
    for (const svc of running.reverse()) await svc.stop().catch(() => undefined);
    throw e;
  } finally {
    bus.release();
  }
  return running;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A services process left behind by an earlier start on the same data folder is stopped first. */
async function stopLeftOverServices(pidFile) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  let ours = false;
  try {
    ours = readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('services-process.js');
  } catch {
    /* gone */
  }
  if (!(pid > 0) || !ours) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  // Its ports are free only once it is really gone.
  for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
}

/**
 * The services in one child process (own process group: Ctrl-C reaches only this process, which stops
 * gateway, services and PostgreSQL in that order). Revocations the services write to their memory store
 * are copied into this process's store, which the gateway reads.
 */
async function startServicesProcess({ common, offset, skip, pidFile, onExit }) {
  const child = fork(path.join(root, 'scripts', 'services-process.js'), [], { detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const store = await createStore({ STORE: 'memory', REDIS_URL: '', REDIS_KEY_PREFIX: '' });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let stopAsked = false;
  // After the start, an end nobody asked for (the process crashed or was killed) is reported, so the
  // product does not go on answering 502 to everything without a word.
  let started = false;
  child.once('exit', (code, signal) => {
    if (started && !stopAsked) onExit?.({ code, signal });
  });
  child.on('message', (m) => {
    if (m?.type === 'store-set') void store.set(m.key, m.value, m.ttlSeconds);
  });
  await new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m?.type === 'ready') resolve();
      if (m?.type === 'failed') reject(Object.assign(new Error(m.error.message), m.error));
    });
    exited.then((code) => reject(new Error(`services process ended during the start (exit ${code})`)));
    child.send({ type: 'start', common, offset, skip, pidFile });
  });
  started = true;
  return {
    name: 'services',
    pid: child.pid,
    stop: async () => {
      stopAsked = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
