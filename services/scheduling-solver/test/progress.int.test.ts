import { TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../src/main.js';
import { adminQuery, api, databaseUrl, labels, member, redisReachable, redisSubscribers, startHarness, waitFor, type Harness } from './helpers.js';

/** GET /api/progress: Server-Sent Events of the calling teacher's calculation. */

interface SseReader {
  events: { stage: string; percent: number; run_id: string; result?: string }[];
  comments: string[];
  status: number;
  contentType: string | null;
  close(): void;
}

async function openProgress(base: string, cookie: string): Promise<SseReader> {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/progress`, { headers: { cookie, accept: 'text/event-stream' }, signal: ctrl.signal });
  const reader: SseReader = { events: [], comments: [], status: res.status, contentType: res.headers.get('content-type'), close: () => ctrl.abort() };
  if (!res.ok || !res.body) return reader;
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) reader.events.push(JSON.parse(line.slice(6)));
            else if (line.startsWith(':')) reader.comments.push(line.slice(1).trim());
          }
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return reader;
}

const STAGE_ORDER = ['started', 'first-plan', 'maximum-proven', 'compacting', 'done'];

function expectStages(events: SseReader['events']): void {
  const stages = events.map((e) => e.stage);
  expect(stages[0]).toBe('started');
  expect(stages.at(-1)).toBe('done');
  expect(stages).toContain('first-plan');
  const order = stages.map((s) => STAGE_ORDER.indexOf(s));
  expect(order.every((o) => o >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  const percents = events.map((e) => e.percent);
  expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  expect(percents.at(-1)).toBe(100);
  expect(new Set(events.map((e) => e.run_id)).size).toBe(1);
}

describe('progress stream (memory store)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ PROGRESS_HEARTBEAT_MS: '200' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('streams the stages of the running calculation to the calling teacher only', async () => {
    const members = Array.from({ length: 12 }, (_, i) => member(`P ${i}`, 45, { '0': labels('8.00', '18.00'), '1': labels('8.00', '12.00') }));
    const cls = h.world.addClass(h.teacherId, members, { '0': labels('8.00', '14.00'), '1': labels('9.00', '12.00') });
    const mine = await openProgress(h.base, h.teacher);
    const other = await openProgress(h.base, h.otherTeacher);
    expect(mine.status).toBe(200);
    expect(mine.contentType).toMatch(/^text\/event-stream/);
    await waitFor(() => mine.comments.includes('verbunden'));
    const res = await api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, { wiggleRoom: 12, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    await waitFor(() => mine.events.some((e) => e.stage === 'done'));
    expectStages(mine.events);
    expect(mine.events[0]?.run_id).toBe(res.body.run_id);
    expect(mine.events.at(-1)!.result).toBe('ok');
    await waitFor(() => mine.comments.includes('heartbeat'), 3000);
    expect(other.events).toEqual([]);
    mine.close();
    other.close();
  });

  it('marks an INFEASIBLE calculation as such', async () => {
    const members = Array.from({ length: 3 }, (_, i) => member(`Q ${i}`, 60, { '0': labels('9.00', '11.00') }));
    const cls = h.world.addClass(h.teacherId, members, { '0': labels('9.00', '11.00') });
    const s = await openProgress(h.base, h.teacher);
    await waitFor(() => s.comments.includes('verbunden'));
    const res = await api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, { wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status).toBe(400);
    await waitFor(() => s.events.some((e) => e.stage === 'done'));
    expect(s.events.at(-1)!.result).toBe('infeasible');
    s.close();
  });

  it('refuses students (403) and visitors (401) before streaming', async () => {
    const st = await openProgress(h.base, h.student);
    expect(st.status).toBe(403);
    const anon = await fetch(`${h.base}/api/progress`);
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { detail?: unknown }).detail).toBeDefined();
  });
});

describe('progress across replicas (Redis pub/sub)', async () => {
  const reachable = await redisReachable();
  if (!reachable) console.warn('\n*** progress.int.test: no Redis on 127.0.0.1:6379, the cross-replica progress test is SKIPPED ***\n');

  it.skipIf(!reachable)('a stream on replica A receives the stages of a calculation running on replica B', async () => {
    const h = await startHarness({ STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' });
    const replicaB = await start({
      DATABASE_URL: databaseUrl(),
      DB_SCHEMA: h.schema,
      PORT: '0',
      GRPC_PORT: '0',
      SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
      LOG_LEVEL: 'silent',
      AUTH_JWKS_URL: h.issuer.jwksUrl,
      CLASSES_SERVICE_ADDR: h.world.addr,
      AVAILABILITY_SERVICE_ADDR: h.world.addr,
      SOLVER_POOL_SIZE: '1',
      STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    try {
      const members = Array.from({ length: 6 }, (_, i) => member(`R ${i}`, 30, { '2': labels('8.00', '12.00') }));
      const cls = h.world.addClass(h.teacherId, members, { '2': labels('9.00', '12.00') });
      const onA = await openProgress(h.base, h.teacher);
      await waitFor(() => onA.comments.includes('verbunden'));
      const res = await api({ base: `http://127.0.0.1:${replicaB.httpPort}` }, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, {
        wiggleRoom: 0,
        selectedClass: cls.classId,
        timePreferences: {},
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      await waitFor(() => onA.events.some((e) => e.stage === 'done'));
      expectStages(onA.events);
      expect(await redisSubscribers(`progress:${h.teacherId}`)).toBe(1);
      onA.close();
      // The stream unsubscribes when the client goes away.
      await waitFor(async () => (await redisSubscribers(`progress:${h.teacherId}`)) === 0, 3000);
      const runs = await adminQuery(`SELECT count(*)::int AS n FROM "${h.schema}".solve_runs WHERE class_id = $1`, [cls.classId]);
      expect(runs.rows[0]?.n).toBe(1);
    } finally {
      await replicaB.stop();
      await h.stop();
    }
  });
});
