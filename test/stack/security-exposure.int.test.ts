import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { accountsV1, availabilityV1, classesV1, healthV1, schedulingV1, schoolV1 } from '@stundenplan/proto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mails, signUp, startTestStack, uniqueEmail } from './helpers.js';

/**
 * What an attacker on the same network sees of `npm start` (embedded mode): which ports listen
 * where, whether gRPC answers without service credentials, who can read the local mail outbox,
 * and whether /metrics is public.
 */
const PORT = 21080;
const OFFSET = 13000;

// @ts-expect-error plain JS module of the repository
const { SERVICES } = (await import('../../scripts/stack.js')) as { SERVICES: { name: string; http: number; grpc: number }[] };
const grpcPort = (name: string) => SERVICES.find((s) => s.name === name)!.grpc + OFFSET;
const METRICS_PORT = 8090 + OFFSET;

const GRPC_SERVICES: { name: string; definition: grpc.ServiceDefinition }[] = [
  { name: 'classes', definition: classesV1.ClassesServiceService },
  { name: 'availability', definition: availabilityV1.AvailabilityServiceService },
  { name: 'scheduling-solver', definition: schedulingV1.SchedulingServiceService },
  { name: 'auth', definition: accountsV1.AccountsServiceService },
  { name: 'school', definition: schoolV1.SchoolServiceService },
];
/** Services whose gRPC port serves the health service only. */
const HEALTH_ONLY = ['document', 'notification', 'lessons'];
/** Methods these once offered (nobody called them): reading the mail outbox and the user list over gRPC. */
const REMOVED_METHODS = [
  { name: 'notification', path: '/stundenplan.notification.v1.NotificationService/ListMails' },
  { name: 'auth', path: '/stundenplan.auth.v1.AuthService/GetUsers' },
  { name: 'document', path: '/stundenplan.document.v1.DocumentService/RenderSchedulePdf' },
];
const bytesMethod = (path: string): grpc.MethodDefinition<unknown, unknown> => ({
  path,
  requestStream: false,
  responseStream: false,
  requestSerialize: () => Buffer.alloc(0),
  requestDeserialize: () => ({}),
  responseSerialize: () => Buffer.alloc(0),
  responseDeserialize: (b: Buffer) => b,
});

/** Non-loopback addresses of this machine: what another computer on the network would connect to. */
const externalAddresses = Object.values(os.networkInterfaces())
  .flat()
  .filter((a): a is os.NetworkInterfaceInfo => !!a && !a.internal && a.family === 'IPv4')
  .map((a) => a.address);

/** LISTEN sockets per local port from /proc/net/tcp{,6}: [port, hex local address][]. */
function listeningSockets(): { port: number; address: string }[] {
  const out: { port: number; address: string }[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 4 || cols[3] !== '0A') continue;
      const [addr, port] = cols[1]!.split(':');
      out.push({ port: parseInt(port!, 16), address: addr! });
    }
  }
  return out;
}
/** 127.0.0.1 (IPv4, little-endian), ::1, or ::ffff:127.0.0.1 in /proc's hex form. */
const isLoopbackHex = (hex: string) =>
  /^[0-9A-F]{6}7F$/.test(hex) || hex === '00000000000000000000000001000000' || /^0000000000000000FFFF0000[0-9A-F]{6}7F$/.test(hex);

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One unary call with exactly the given metadata, the request being the method's default message. */
function rawCall(
  addr: string,
  method: grpc.MethodDefinition<unknown, unknown>,
  metadata: grpc.Metadata,
  request?: unknown,
): Promise<{ code: number; response?: unknown }> {
  const client = new grpc.Client(addr, grpc.credentials.createInsecure());
  const req = request ?? method.requestDeserialize(Buffer.alloc(0));
  return new Promise((resolve) => {
    client.makeUnaryRequest(method.path, method.requestSerialize, method.responseDeserialize, req, metadata, { deadline: Date.now() + 10_000 }, (err, res) => {
      client.close();
      resolve(err ? { code: err.code } : { code: grpc.status.OK, response: res });
    });
  });
}

const bearer = (token: string) => {
  const md = new grpc.Metadata();
  md.set('authorization', `Bearer ${token}`);
  return md;
};
const now = () => Math.floor(Date.now() / 1000);
function serviceToken(key: Uint8Array, audience: string, times: { iat?: number; exp?: number } = {}) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('security-test')
    .setAudience(audience)
    .setIssuedAt(times.iat ?? now())
    .setExpirationTime(times.exp ?? now() + 120)
    .sign(key);
}

let stack: Awaited<ReturnType<typeof startTestStack>>;
let key: Uint8Array;
const victim = uniqueEmail('opfer');

beforeAll(async () => {
  stack = await startTestStack(inject('databaseUrl'), { port: PORT, portOffset: OFFSET });
  key = new Uint8Array(Buffer.from(readFileSync(path.join(stack.dataDir, 'service-token.key'), 'utf8').trim(), 'base64'));
  // A mail with a live link in the outbox (the confirmation mail of a new account).
  await signUp(stack.base, { name: 'Fanny Hensel', email: victim, role: 'teacher' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('security: exposure and service authentication of the embedded stack', () => {
  describe('listening addresses', () => {
    const internalPorts = () => [...SERVICES.flatMap((s) => [s.http + OFFSET, s.grpc + OFFSET]), METRICS_PORT];

    it('every service port (HTTP and gRPC), the metrics port and the gateway listen on 127.0.0.1 only', () => {
      const sockets = listeningSockets();
      for (const port of [...internalPorts(), PORT]) {
        const on = sockets.filter((s) => s.port === port);
        expect(on.length, `port ${port} listens`).toBeGreaterThan(0);
        for (const s of on) expect(isLoopbackHex(s.address), `port ${port} bound to ${s.address}`).toBe(true);
      }
    });

    it("no port of the stack accepts a connection on the machine's network address", async () => {
      if (!externalAddresses.length) {
        console.warn('security-exposure: no non-loopback IPv4 address on this machine; /proc/net/tcp check only');
        return;
      }
      for (const host of externalAddresses) {
        for (const port of [...internalPorts(), PORT]) expect(await connects(host, port), `${host}:${port}`).toBe(false);
      }
      // The same ports do answer on loopback (so the check above can fail).
      expect(await connects('127.0.0.1', PORT)).toBe(true);
      expect(await connects('127.0.0.1', grpcPort('notification'))).toBe(true);
    });

    it('the embedded PostgreSQL of npm start listens on 127.0.0.1 only', async () => {
      const { mkdtempSync, rmSync, chmodSync } = await import('node:fs');
      const { startEmbeddedPostgres } = (await import(
        '../../packages/base/dist/embedded-postgres.js'
      )) as typeof import('../../packages/base/src/embedded-postgres.js');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-sec-pg-'));
      if (process.getuid?.() === 0) chmodSync(dir, 0o755);
      const pgPort = PORT + 352;
      const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port: pgPort, database: 'security', durable: false });
      try {
        const on = listeningSockets().filter((s) => s.port === pgPort);
        expect(on.length).toBeGreaterThan(0);
        for (const s of on) expect(isLoopbackHex(s.address), `PostgreSQL bound to ${s.address}`).toBe(true);
        for (const host of externalAddresses) expect(await connects(host, pgPort), host).toBe(false);
      } finally {
        await db.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);

    it('the service token key file was created with mode 0600', async () => {
      const { statSync } = await import('node:fs');
      expect(statSync(path.join(stack.dataDir, 'service-token.key')).mode & 0o777).toBe(0o600);
      expect(key.length).toBeGreaterThanOrEqual(32);
    });
  });

  describe('gRPC refuses calls without valid service credentials', () => {
    for (const svc of GRPC_SERVICES) {
      it(`${svc.name}: every method answers UNAUTHENTICATED without a token, with a foreign key, expired or for another service`, async () => {
        const addr = `127.0.0.1:${grpcPort(svc.name)}`;
        const foreignKey = new Uint8Array(Buffer.alloc(32, 7));
        const other = GRPC_SERVICES.find((s) => s.name !== svc.name)!.name;
        const methods = Object.values(svc.definition) as grpc.MethodDefinition<unknown, unknown>[];
        expect(methods.length).toBeGreaterThan(0);
        for (const method of methods) {
          const attempts: [string, grpc.Metadata][] = [
            ['none', new grpc.Metadata()],
            ['foreign key', bearer(await serviceToken(foreignKey, svc.name))],
            ['expired', bearer(await serviceToken(key, svc.name, { iat: now() - 400, exp: now() - 60 }))],
            ['other audience', bearer(await serviceToken(key, other))],
            ['garbage', bearer('eyJhbGciOiJub25lIn0.eyJpc3MiOiJ4In0.')],
          ];
          for (const [what, md] of attempts) {
            expect((await rawCall(addr, method, md)).code, `${method.path} (${what})`).toBe(grpc.status.UNAUTHENTICATED);
          }
        }
      });
    }

    it('even with a valid token nobody reads the mail outbox or the user list over gRPC: those methods are gone', async () => {
      for (const m of REMOVED_METHODS) {
        const res = await rawCall(`127.0.0.1:${grpcPort(m.name)}`, bytesMethod(m.path), bearer(await serviceToken(key, m.name)));
        expect(res.code, m.path).toBe(grpc.status.UNIMPLEMENTED);
      }
    });

    it('with a valid token every service answers its own way (never UNAUTHENTICATED)', async () => {
      for (const svc of GRPC_SERVICES) {
        const method = Object.values(svc.definition)[0] as grpc.MethodDefinition<unknown, unknown>;
        const res = await rawCall(`127.0.0.1:${grpcPort(svc.name)}`, method, bearer(await serviceToken(key, svc.name)));
        expect(res.code, `${svc.name} ${method.path}`).not.toBe(grpc.status.UNAUTHENTICATED);
      }
    });

    it('the health service stays open for probes (no token needed)', async () => {
      for (const name of [...GRPC_SERVICES.map((s) => s.name), ...HEALTH_ONLY]) {
        const check = healthV1.HealthService.check as unknown as grpc.MethodDefinition<unknown, unknown>;
        const res = await rawCall(`127.0.0.1:${grpcPort(name)}`, check, new grpc.Metadata(), { service: '' });
        expect(res.code, name).toBe(grpc.status.OK);
        expect((res.response as healthV1.HealthCheckResponse).status).toBe(healthV1.HealthCheckResponse_ServingStatus.SERVING);
      }
    });
  });
});

describe('security: mail outbox and metrics of the embedded stack', () => {
  describe('the local mail outbox', () => {
    type Gateway = { httpPort: number; stop(): Promise<void> };
    const startGateway = async (env: Record<string, string>): Promise<Gateway> => {
      const mod = (await import('../../gateway/dist/main.js')) as { start(env: Record<string, string>): Promise<Gateway> };
      return mod.start({
        PORT: '0',
        METRICS_PORT: '0',
        LISTEN_HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        STORE: 'memory',
        AUTH_JWKS_URL: `${stack.serviceBase.auth}/.well-known/jwks.json`,
        NOTIFICATION_SERVICE_URL: stack.serviceBase.notification,
        ...env,
      });
    };

    it('answers a client on this machine through the gateway, but not one relayed by a local reverse proxy', async () => {
      expect((await mails(stack.base)).some((m) => m.to === victim)).toBe(true);
      const relayed = await fetch(`${stack.base}/dev/mail.json`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
      expect(relayed.status).toBe(403);
      expect(await relayed.text()).not.toContain(victim);
    });

    it('answers 403 to a client from the network, even one claiming X-Forwarded-For: 127.0.0.1 (gateway opened with HOST=0.0.0.0)', async () => {
      const open = await startGateway({ HOST: '0.0.0.0', DEV_MAIL: 'true' });
      try {
        // The opened gateway listens on every interface and serves loopback clients the outbox.
        const local = await fetch(`http://127.0.0.1:${open.httpPort}/dev/mail.json`);
        expect(local.status).toBe(200);
        expect(JSON.stringify(await local.json())).toContain(victim);
        if (!externalAddresses.length) {
          console.warn('security-exposure: no non-loopback IPv4 address; remote /dev/mail check skipped');
          return;
        }
        for (const p of ['/dev/mail.json', '/dev/mail', '/dev/mail/', '/DEV/MAIL.JSON', '/dev/mail.json?to=x']) {
          const res = await fetch(`http://${externalAddresses[0]}:${open.httpPort}${p}`, {
            headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1' },
          });
          const text = await res.text();
          expect(text, p).not.toContain(victim);
          // The outbox paths themselves are refused; other spellings never reach it (another route answers).
          if (p.startsWith('/dev/mail')) expect(res.status, p).toBe(403);
        }
        const json = await fetch(`http://${externalAddresses[0]}:${open.httpPort}/dev/mail.json`);
        expect(json.status).toBe(403);
        expect(((await json.json()) as { detail: string }).detail).toMatch(/nur auf dem Rechner erreichbar/);
      } finally {
        await open.stop();
      }
    });

    it('does not exist on a gateway without DEV_MAIL (Helm, compose)', async () => {
      const gw = await startGateway({ HOST: '127.0.0.1' });
      try {
        for (const p of ['/dev/mail.json', '/dev/mail']) {
          const res = await fetch(`http://127.0.0.1:${gw.httpPort}${p}`);
          expect(await res.text(), p).not.toContain(victim);
          expect(res.status, p).not.toBe(200);
        }
      } finally {
        await gw.stop();
      }
    });
  });

  describe('/metrics', () => {
    it("is not served on the gateway's public port, nor proxied to a service through /api", async () => {
      for (const p of ['/metrics', '/metrics/', '/METRICS', '/api/metrics', '/api/../metrics', '/api/%2e%2e/metrics', '/api/auth/../../metrics']) {
        const res = await fetch(`${stack.base}${p}`);
        const text = await res.text();
        expect(text, p).not.toMatch(/^# (HELP|TYPE) /m);
        expect(text, p).not.toContain('http_requests_total');
      }
    });

    it('is served on the internal metrics port (127.0.0.1 only, see above)', async () => {
      const res = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^# HELP /m);
      expect(text).toContain('service="gateway"');
    });
  });
});
