import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUser } from '../src/auth.js';
import { withTransaction } from '../src/db.js';
import { Topic, writeOutbox, type EventPayload } from '../src/events/index.js';
import { checkGrpcHealth, READINESS_HEALTH_SERVICE } from '../src/grpc.js';
import { startService, type KitConfig, type ServiceDefinition, type StartedService } from '../src/service-kit.js';
import { TEST_SERVICE_TOKEN_KEY } from '../src/testing/service-token.js';
import { startTestIssuer, type TestIssuer } from '../src/testing/session.js';
import { adminQuery, databaseUrl, dropSchemas, randomSchema, tableExists, waitFor } from './helpers.js';

/** startService with a tiny service: one migration, a route writing an outbox event, a consumer receiving it. */

/** The notes travel as schedule.saved.v1 (any topic would do): the note id in schedule_id, its text as the name. */
type NotePayload = EventPayload<Topic.ScheduleSaved>;
const noteUuid = (id: number) => `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
const TEACHER = '00000000-0000-4000-8000-000000000000';

const schemas: string[] = [];
const dirs: string[] = [];
let issuer: TestIssuer;
let migrationsDir: string;

beforeAll(async () => {
  issuer = await startTestIssuer();
  migrationsDir = mkdtempSync(path.join(os.tmpdir(), 'sp-kit-mig-'));
  dirs.push(migrationsDir);
  mkdirSync(path.join(migrationsDir, '20250101000000_notes'));
  writeFileSync(path.join(migrationsDir, '20250101000000_notes', 'migration.sql'), 'CREATE TABLE notes (id SERIAL PRIMARY KEY, text TEXT NOT NULL);\n');
});

afterAll(async () => {
  await issuer.close();
  await dropSchemas(...schemas);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function config(overrides: Partial<KitConfig> = {}): KitConfig {
  const schema = randomSchema('t_kit');
  schemas.push(schema);
  return {
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl(),
    EVENT_BUS: 'memory',
    KAFKA_BROKERS: '',
    STORE: 'memory',
    REDIS_URL: '',
    REDIS_KEY_PREFIX: '',
    AUTH_JWKS_URL: issuer.jwksUrl,
    PORT: 0,
    GRPC_PORT: 0,
    DB_SCHEMA: schema,
    LISTEN_HOST: '127.0.0.1',
    SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
    ...overrides,
  };
}

function notesService(cfg: KitConfig, received: NotePayload[], name = 'kit-notes'): ServiceDefinition<KitConfig> {
  return {
    name,
    cfg,
    migrationsDir,
    routes: (app, ctx) => {
      app.post('/notes', async (req, res) => {
        assertUser(req);
        const text = String((req.body as { text?: unknown }).text ?? '');
        const noteId = await withTransaction(ctx.pool!, async (c) => {
          const { rows } = await c.query<{ id: number }>('INSERT INTO notes (text) VALUES ($1) RETURNING id', [text]);
          const note: NotePayload = {
            schedule_id: noteUuid(rows[0]!.id),
            class_id: TEACHER,
            teacher_id: TEACHER,
            name: text,
            created: true,
            updated_at: new Date(0).toISOString(),
          };
          await writeOutbox((t, v) => c.query(t, v), Topic.ScheduleSaved, String(rows[0]!.id), note);
          return rows[0]!.id;
        });
        ctx.relay?.kick();
        res.status(201).json({ id: noteId });
      });
      app.get('/me', (req, res) => {
        res.json(assertUser(req));
      });
    },
    consumers: async (ctx) => {
      await ctx.consumer!.on(Topic.ScheduleSaved, async (payload) => {
        received.push(payload);
      });
    },
  };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

describe('startService', () => {
  let svc: StartedService;
  let cfg: KitConfig;
  const received: NotePayload[] = [];
  let url: string;

  beforeAll(async () => {
    cfg = config();
    svc = await startService(notesService(cfg, received));
    url = `http://127.0.0.1:${svc.httpPort}`;
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('applies the platform and the service migrations in its own schema', async () => {
    const { rows } = await adminQuery<{ migration_name: string }>(`SELECT migration_name FROM "${cfg.DB_SCHEMA}"."_prisma_migrations" ORDER BY migration_name`);

    expect(rows.map((r) => r.migration_name)).toEqual(['00000000000000_platform_events', '20250101000000_notes']);
    for (const t of ['outbox_events', 'processed_events', 'notes']) expect(await tableExists(cfg.DB_SCHEMA!, t)).toBe(true);
  });

  it('serves HTTP on an ephemeral port with health, readiness and metrics', async () => {
    expect(svc.httpPort).toBeGreaterThan(0);
    const health = await fetch(`${url}/healthz`);
    const ready = await fetch(`${url}/readyz`);
    const metrics = await (await fetch(`${url}/metrics`)).text();

    expect(health.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', service: 'kit-notes', checks: { database: true, store: true } });
    expect(metrics).toContain('http_requests_total');
    expect(metrics).toMatch(/outbox_backlog\{service="kit-notes"\} \d+/);
  });

  it('serves gRPC health on an ephemeral port, SERVING once started', async () => {
    expect(svc.grpcPort).toBeGreaterThan(0);

    expect(await checkGrpcHealth(`127.0.0.1:${svc.grpcPort}`)).toBe(true);
    expect(await checkGrpcHealth(`127.0.0.1:${svc.grpcPort}`, 3000, READINESS_HEALTH_SERVICE)).toBe(true);
  });

  it('verifies sessions through the JWKS URL: user with a valid token, 401 without', async () => {
    const token = await issuer.sign({ userId: 'teacher-1', role: 'teacher', name: 'Frau Schmidt' });

    const me = await fetch(`${url}/me`, { headers: { cookie: `sp_session=${token}` } });
    const anonymous = await fetch(`${url}/me`);
    const forged = await fetch(`${url}/me`, { headers: { authorization: 'Bearer abc.def.ghi' } });

    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ userId: 'teacher-1', role: 'teacher', name: 'Frau Schmidt' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: 'Nicht angemeldet' });
    expect(forged.status).toBe(401);
  });

  it('delivers an event written by a route through outbox, relay and bus to its consumer', async () => {
    const res = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await issuer.cookie({ role: 'teacher' }) },
      body: JSON.stringify({ text: 'Elternabend' }),
    });
    const { id } = (await res.json()) as { id: number };

    expect(res.status).toBe(201);
    await waitFor(() => received.some((p) => p.schedule_id === noteUuid(id)), 5000);
    expect(received.filter((p) => p.schedule_id === noteUuid(id)).map((p) => p.name)).toEqual(['Elternabend']);
    await waitFor(async () => (await svc.ctx.relay!.backlog()) === 0);
    const processed = await adminQuery(`SELECT status FROM "${cfg.DB_SCHEMA}".processed_events WHERE consumer = $1`, [`kit-notes:${Topic.ScheduleSaved}`]);
    expect(processed.rows).toEqual([{ status: 'done' }]);
  });
});

describe('gRPC readiness (the Helm readinessProbe)', () => {
  it('turns NOT_SERVING for the readiness name when the database is gone, while liveness stays SERVING', async () => {
    const svc = await startService(notesService(config(), [], 'kit-ready'));
    const addr = `127.0.0.1:${svc.grpcPort}`;
    try {
      expect(await checkGrpcHealth(addr, 3000, READINESS_HEALTH_SERVICE)).toBe(true);

      await svc.ctx.pool!.end();

      expect(await checkGrpcHealth(addr, 3000, READINESS_HEALTH_SERVICE)).toBe(false);
      expect(await checkGrpcHealth(addr)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${svc.httpPort}/readyz`)).status).toBe(503);
    } finally {
      await svc.stop();
    }
  });
});

describe('StartedService.stop', () => {
  it('closes HTTP, gRPC, the relay and the pool', async () => {
    const svc = await startService(notesService(config(), []));
    const { httpPort, grpcPort } = svc;
    expect(await refusesConnections(httpPort)).toBe(false);

    await svc.stop();

    expect(await refusesConnections(httpPort)).toBe(true);
    expect(await refusesConnections(grpcPort!)).toBe(true);
    expect(await checkGrpcHealth(`127.0.0.1:${grpcPort}`, 1000)).toBe(false);
    await expect(svc.ctx.pool!.query('SELECT 1')).rejects.toThrow();
  });

  it('prunes its event tables with the configured windows', async () => {
    const kit = await startService(notesService(config({ OUTBOX_RETENTION_HOURS: 2, PROCESSED_EVENTS_RETENTION_DAYS: 3 }), [], 'kit-retention'));
    try {
      const q = (text: string) => kit.ctx.pool!.query(text);
      await q(`INSERT INTO outbox_events (id, topic, key, payload, published_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 't', 'k', '{}', now() - interval '3 hours'),
        ('00000000-0000-4000-8000-000000000002', 't', 'k', '{}', now() - interval '1 hour')`);
      await q(`INSERT INTO processed_events (event_id, consumer, processed_at) VALUES
        ('00000000-0000-4000-8000-000000000003', 'c', now() - interval '4 days'),
        ('00000000-0000-4000-8000-000000000004', 'c', now() - interval '2 days')`);

      expect(await kit.ctx.retention!.prune()).toEqual({ outbox: 1, processed: 1 });
    } finally {
      await kit.stop();
    }
  });

  it('keeps answers under change stamps unless KEPT_ANSWERS is false', async () => {
    const on = await startService(notesService(config(), [], 'kit-kept-on'));
    const off = await startService(notesService(config({ KEPT_ANSWERS: false }), [], 'kit-kept-off'));
    try {
      expect(on.ctx.stamps.keep).toBe(true);
      expect(off.ctx.stamps.keep).toBe(false);
    } finally {
      await on.stop();
      await off.stop();
    }
  });

  it('lets the same service start again in the same process after a stop (embedded restart)', async () => {
    const cfg = config();
    const received: NotePayload[] = [];
    const first = await startService(notesService(cfg, [], 'kit-restart'));
    await first.stop();

    const second = await startService(notesService(cfg, received, 'kit-restart'));
    try {
      const res = await fetch(`http://127.0.0.1:${second.httpPort}/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: await issuer.cookie({ role: 'student' }) },
        body: JSON.stringify({ text: 'nach dem Neustart' }),
      });

      expect(res.status).toBe(201);
      await waitFor(() => received.length === 1, 5000);
      expect(received[0]?.name).toBe('nach dem Neustart');
    } finally {
      await second.stop();
    }
  });
});

describe('startService failures', () => {
  it('requires DB_SCHEMA when the service has migrations', async () => {
    await expect(startService(notesService(config({ DB_SCHEMA: undefined }), []))).rejects.toThrow('kit-notes: DB_SCHEMA is required');
  });

  it('fails on a broken migration and leaves nothing listening', async () => {
    const broken = mkdtempSync(path.join(os.tmpdir(), 'sp-kit-bad-'));
    dirs.push(broken);
    mkdirSync(path.join(broken, '20250101000000_broken'));
    writeFileSync(path.join(broken, '20250101000000_broken', 'migration.sql'), 'CREATE TABLE x (;');
    const cfg = config();

    await expect(startService({ ...notesService(cfg, []), migrationsDir: broken })).rejects.toThrow(/migration 20250101000000_broken .* failed/);

    expect(await tableExists(cfg.DB_SCHEMA!, 'x')).toBe(false);
  });

  it('releases the gRPC port and the pool when HTTP cannot bind', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', r));
    const takenPort = (blocker.address() as net.AddressInfo).port;
    const grpcPort = await freePort();
    try {
      await expect(startService(notesService(config({ PORT: takenPort, GRPC_PORT: grpcPort }), [], 'kit-port'))).rejects.toThrow(/EADDRINUSE/);

      expect(await refusesConnections(grpcPort)).toBe(true);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}
