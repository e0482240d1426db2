// Runs the distributed topology on one machine: every service replica and the gateway as its own OS
// process (the containers' entry points and environment), against PostgreSQL, Redis and Kafka.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadOrCreateServiceTokenKeyFile } from '../../packages/base/dist/index.js';
import { ensureDatabase, ensureKafka, pingRedis } from './infra.js';
import { loadTopology, localPorts, root } from './topology.js';

/** `${VAR:-default}` / `${VAR:?msg}` of the compose file, resolved against `env`. */
const interpolate = (value, env) => value.replace(/\$\{(\w+)(?::?[-?]([^}]*))?\}/g, (_m, name, def) => env[name] ?? def ?? '');

const replicasOf = (app, env) => Math.max(1, Number(env[`${app.envPrefix === 'SCHEDULING_SOLVER' ? 'SOLVER' : app.envPrefix}_REPLICAS`] ?? 1));

async function waitReady(url, proc, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${proc.label} exited with ${proc.exitCode} during start`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${proc.label} did not become ready at ${url} within ${timeoutMs} ms`);
}

/** The container environment of one replica, with the compose host names replaced by this machine's addresses. */
function replicaEnv(c, app, replica) {
  const { env, offset, gatewayPort, redisUrl, authHttp, publicUrl, serviceTokenKey, databaseUrl, kafka, apps, portsOf, dataDir, mailLocal } = c;
  const e = {};
  for (const [k, v] of Object.entries(app.env)) {
    const value = interpolate(v, env);
    if (value !== '') e[k] = value;
  }
  const own = localPorts(app, replica, offset);
  Object.assign(e, {
    NODE_ENV: 'production',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    PORT: String(app.name === 'gateway' ? gatewayPort : own.http),
    ...(own.grpc ? { GRPC_PORT: String(own.grpc) } : {}),
    REDIS_URL: redisUrl,
    AUTH_JWKS_URL: `http://127.0.0.1:${authHttp}/.well-known/jwks.json`,
    PUBLIC_BASE_URL: publicUrl,
    SERVICE_TOKEN_KEY: serviceTokenKey,
    LISTEN_HOST: '127.0.0.1',
  });
  if (e.DATABASE_URL) e.DATABASE_URL = databaseUrl;
  if (e.KAFKA_BROKERS) e.KAFKA_BROKERS = kafka.brokers;
  for (const other of apps) {
    if (other.name === 'gateway') continue;
    const ps = portsOf(other);
    if (`${other.envPrefix}_SERVICE_ADDR` in e) {
      // grpc-js: several addresses need the ipv4: scheme; the channel fails over between them.
      e[`${other.envPrefix}_SERVICE_ADDR`] = ps.length > 1 ? `ipv4:${ps.map((p) => `127.0.0.1:${p.grpc}`).join(',')}` : `127.0.0.1:${ps[0].grpc}`;
    }
    // The gateway spreads requests over the replicas (gateway/src/upstreams.ts).
    if (`${other.envPrefix}_SERVICE_URL` in e) e[`${other.envPrefix}_SERVICE_URL`] = ps.map((p) => `http://127.0.0.1:${p.http}`).join(',');
  }
  if (app.name === 'auth' && !e.AUTH_JWT_PRIVATE_KEY) e.AUTH_KEY_FILE = path.join(dataDir, 'auth-signing-key.json');
  if (app.name === 'document' && env.CHROME_PATH) e.CHROME_PATH = env.CHROME_PATH;
  if (app.name === 'notification') {
    for (const k of ['MAIL_TRANSPORT', 'SES_REGION', 'SES_ENDPOINT', 'MAIL_FROM', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
      if (mailLocal) delete e[k];
      else if (env[k]) e[k] = env[k];
    }
    if (mailLocal) Object.assign(e, { MAIL_TRANSPORT: 'outbox', DEV_MAIL_ENABLED: 'true' });
  }
  if (app.name === 'gateway') {
    Object.assign(e, {
      HOST: env.HOST ?? '127.0.0.1',
      WEB_DIST: path.join(root, 'web', 'dist'),
      METRICS_PORT: String(23090 + offset),
      DEV_MAIL: String(mailLocal),
    });
  }
  for (const k of ['LOGIN_LIMIT_PER_IP', 'REGISTER_LIMIT_PER_IP', 'SOLVER_TIME_LIMIT_S', 'SOLVER_POOL_SIZE', 'PROGRESS_HEARTBEAT_MS'])
    if (env[k]) e[k] = env[k];
  return e;
}

/**
 * @param {object} o
 * @param {number} [o.port] gateway port (default 8080)
 * @param {number} [o.portOffset] added to every internal port (a second stack beside the first)
 * @param {string} [o.dataDir] keys and the local broker's data (default .data-distributed)
 * @param {Record<string,string>} [o.env] the environment to read (default process.env)
 * @param {(line: string) => void} [o.log] progress and the processes' output (default console.log)
 * @param {boolean} [o.quiet] drop the processes' output (tests keep the last lines per process)
 */
export async function startDistributed(o = {}) {
  const env = { ...process.env, ...(o.env ?? {}) };
  const log = o.log ?? ((m) => console.log(m));
  const offset = o.portOffset ?? 0;
  const gatewayPort = o.port ?? 8080;
  const dataDir = path.resolve(o.dataDir ?? path.join(root, '.data-distributed'));
  mkdirSync(dataDir, { recursive: true });
  const cleanups = [];

  const databaseUrl = await ensureDatabase(env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/stundenplan_dist');
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  await pingRedis(redisUrl).catch((e) => {
    throw new Error(`Redis unter ${redisUrl} antwortet nicht (${e.message}); setze REDIS_URL.`);
  });
  const kafka = await ensureKafka({ brokers: env.KAFKA_BROKERS, dataDir: path.join(dataDir, 'kafka'), port: o.kafkaPort, required: true, quiet: o.quiet });
  if (kafka.version !== 'extern') cleanups.push(() => kafka.stop());
  log(`Kafka ${kafka.version} unter ${kafka.brokers}`);

  const apps = loadTopology();
  const plan = apps.map((app) => ({ app, replicas: app.name === 'gateway' ? 1 : replicasOf(app, env) }));
  const portsOf = (app) => Array.from({ length: plan.find((p) => p.app === app).replicas }, (_, r) => localPorts(app, r, offset));
  const authHttp = portsOf(apps.find((a) => a.name === 'auth'))[0].http;
  const serviceTokenKey = env.SERVICE_TOKEN_KEY || loadOrCreateServiceTokenKeyFile(path.join(dataDir, 'service-token.key'));
  const mailLocal = (env.MAIL_TRANSPORT ?? 'outbox') !== 'ses';
  const publicUrl = env.PUBLIC_BASE_URL || `http://localhost:${gatewayPort}`;

  const ctx = { env, offset, gatewayPort, redisUrl, authHttp, publicUrl, serviceTokenKey, databaseUrl, kafka, apps, portsOf, dataDir, mailLocal };
  const envFor = (app, replica) => replicaEnv(ctx, app, replica);

  const procs = new Map(); // "<name>#<replica>" -> process
  const spawnReplica = async (app, replica) => {
    const label = `${app.name}#${replica + 1}`;
    const e = envFor(app, replica);
    const [cmd, ...args] = app.command;
    const child = spawn(cmd === 'node' ? process.execPath : cmd, args, {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...e },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.label = label;
    child.tail = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (d) => {
        for (const line of d.split('\n').filter(Boolean)) {
          child.tail.push(line);
          if (child.tail.length > 200) child.tail.shift();
          if (!o.quiet) log(`[${label}] ${line}`);
        }
      });
    }
    child.exited = new Promise((r) => child.once('exit', r));
    procs.set(label, child);
    await waitReady(`http://127.0.0.1:${e.PORT}/readyz`.replace('/readyz', app.name === 'gateway' ? '/healthz' : '/readyz'), child, 120_000);
    return child;
  };

  const stop = async () => {
    for (const child of [...procs.values()].reverse()) {
      if (child.exitCode !== null || child.signalCode) continue;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await child.exited;
      clearTimeout(t);
    }
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  };

  try {
    // Like compose's depends_on: auth first (its JWKS), then every other service, then the gateway.
    for (const { app, replicas } of plan) {
      if (app.name === 'auth') {
        await spawnReplica(app, 0);
        for (let r = 1; r < replicas; r++) await spawnReplica(app, r);
      }
    }
    await Promise.all(
      plan
        .filter((p) => p.app.name !== 'auth' && p.app.name !== 'gateway')
        .flatMap(({ app, replicas }) => Array.from({ length: replicas }, (_, r) => spawnReplica(app, r))),
    );
    await spawnReplica(
      apps.find((a) => a.name === 'gateway'),
      0,
    );
  } catch (e) {
    // Every replica's last lines go with the error: a start that failed on a busy machine says why, even when
    // the caller drops the log (the tests do).
    const tails = [...procs.values()].map(
      (c) => `--- ${c.label} (${c.exitCode === null ? 'running' : `exit ${c.exitCode}`}):\n${c.tail.slice(-15).join('\n')}`,
    );
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tails.join('\n')}`, { cause: e });
  }

  return {
    url: `http://127.0.0.1:${gatewayPort}`,
    databaseUrl,
    kafka,
    procs,
    /** kill -9 of one replica, e.g. kill('notification', 1). */
    async kill(name, replica = 1) {
      const child = procs.get(`${name}#${replica}`);
      child.kill('SIGKILL');
      await child.exited;
    },
    /** Starts a replica again with the same ports and environment. */
    async restart(name, replica = 1) {
      const child = procs.get(`${name}#${replica}`);
      if (child && child.exitCode === null && !child.signalCode) throw new Error(`${name}#${replica} still runs`);
      return spawnReplica(
        apps.find((a) => a.name === name),
        replica - 1,
      );
    },
    stop,
  };
}
