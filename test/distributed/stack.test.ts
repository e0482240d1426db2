import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, uniqueEmail, waitForMail } from '../stack/helpers.js';
import { databaseUrl, kafkaInfo, redisInfo, sleep, waitFor } from './helpers.js';
import { Stack, mailsAt, topicMessageCount, solvesOn, openProgress } from './stack-probes.js';
import { APP_SERVICES } from '../../deploy/service-table.js';

/**
 * `npm run start:distributed` as the hosted mode runs: every service replica its own OS process
 * against PostgreSQL, Redis and the real Kafka broker; two classes and two solver replicas. Everything
 * is checked through the public API (gateway), plus the broker's topics and the processes themselves.
 */
const kafka = kafkaInfo();
const GATEWAY_PORT = 22080;
const PORT_OFFSET = 2000; // services' HTTP 25081.., gRPC 26051..

let stack: Stack;
let base: string;
let teacher: Client;
let student: Client;
const studentEmail = uniqueEmail('student');
let classId = '';
let pdf: Buffer;

beforeAll(async () => {
  if (!kafka.brokers) return;
  // @ts-expect-error plain JS module of the repository
  const { startDistributed } = await import('../../scripts/distributed/supervisor.js');
  stack = await startDistributed({
    port: GATEWAY_PORT,
    portOffset: PORT_OFFSET,
    dataDir: `${process.env.TMPDIR ?? '/tmp'}/sp-dist-test-${process.pid}`,
    quiet: true,
    log: () => undefined,
    env: {
      DATABASE_URL: databaseUrl(),
      KAFKA_BROKERS: kafka.brokers,
      REDIS_URL: redisInfo().url,
      // The run's own keys, deleted afterwards (global-setup.ts).
      REDIS_KEY_PREFIX: redisInfo().keyPrefix,
      SOLVER_REPLICAS: '2',
      CLASSES_REPLICAS: '2',
      LOGIN_LIMIT_PER_IP: '1000',
      REGISTER_LIMIT_PER_IP: '1000',
      SOLVER_TIME_LIMIT_S: '5',
      LOG_LEVEL: 'warn',
    },
  });
  base = stack.url;
  teacher = await signUp(base, { name: 'Clara Schumann', email: uniqueEmail('lehrerin'), role: 'teacher' });
  student = await signUp(base, { name: 'Johannes Brahms', email: studentEmail, role: 'student' });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

describe.skipIf(!kafka.brokers)('distributed mode: one OS process per service, Kafka, Redis, PostgreSQL', () => {
  it('runs every service replica as its own OS process and reports all of them ready', async () => {
    const pids = [...stack.procs.values()].map((p: { pid: number }) => p.pid);
    expect([...stack.procs.keys()].sort()).toEqual(
      [
        'auth#1',
        'availability#1',
        'classes#1',
        'classes#2',
        'document#1',
        'gateway#1',
        'lessons#1',
        'notification#1',
        'scheduling-solver#1',
        'scheduling-solver#2',
        'school#1',
      ].sort(),
    );
    expect(new Set(pids).size).toBe(pids.length);
    expect(pids).not.toContain(process.pid);
    const health = (await (await fetch(`${base}/api/healthz`)).json()) as { services: Record<string, { status: string }> };
    expect(health.services).toEqual(Object.fromEntries(APP_SERVICES.map(({ name }) => [name, expect.objectContaining({ status: 'ok' })])));
  });

  it("keeps its Redis keys (the sign-ups' rate limits) under the run's REDIS_KEY_PREFIX", async () => {
    const { url, keyPrefix } = redisInfo();
    const redis = createClient({ url });
    await redis.connect();
    try {
      const keys: string[] = [];
      for await (const batch of redis.scanIterator({ MATCH: `${keyPrefix}rl:*`, COUNT: 500 })) keys.push(...batch);
      expect(keys.filter((k) => k.startsWith(`${keyPrefix}rl:register:ip:`))).toHaveLength(1);
    } finally {
      await redis.quit();
    }
  });

  it('walks the whole journey: class, CSV import, join, times, calculation, save, PDF and sending', async () => {
    const created = await teacher.post<{ class_id: string; register_shortcut: string }>('/api/classes', {
      name: 'Klavier Hauptfach',
      description: null,
      is_group: false,
      register_shortcut: '',
    });
    expect(created.status).toBeLessThan(300);
    classId = created.body.class_id;
    const join = await student.post('/api/students/join-class', { register_shortcut: created.body.register_shortcut, duration: 45 });
    expect(join.status).toBeLessThan(300);

    const csv = ['Nr.;Nachname;Vorname;E-Mail;Dauer (Min.)', `1;Hensel;Fanny;${uniqueEmail('fanny')};60`, `2;Wieck;Marie;${uniqueEmail('marie')};30`].join(
      '\r\n',
    );
    const form = new FormData();
    form.append('csv_file', new Blob([csv], { type: 'text/csv' }), 'liste.csv');
    const extracted = await teacher.post<{ studierende: { name: string; email: string; duration: number }[] }>('/api/extract-hmtm-csv', form);
    expect(extracted.status, JSON.stringify(extracted.body)).toBe(200);
    expect(extracted.body.studierende).toHaveLength(2);
    const added = await teacher.post(`/api/classes/${classId}/members/new`, {
      students: extracted.body.studierende.map((s) => ({ name: s.name, duration: s.duration, email: s.email })),
    });
    expect(added.status).toBeLessThan(300);

    const teacherTimes = { '0': ['9.00', '9.15', '9.30', '9.45', '10.00', '10.15', '10.30', '10.45', '11.00', '11.15', '11.30', '11.45'] };
    expect((await teacher.put(`/api/classes/${classId}/available-times`, { available_times: teacherTimes })).status).toBe(200);
    expect((await teacher.post(`/api/classes/${classId}/time-range/extended`, { extraMinutes: 30 })).status).toBeLessThan(300);
    await waitFor(
      async () => (await student.get<{ time_ranges: Record<string, string[]> }>('/api/me/teachers-time-ranges')).body.time_ranges?.['0']?.length,
      20_000,
    );
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['9.00', '9.15', '9.30', '9.45', '10.00'] } })).status).toBe(200);

    const calc = await teacher.post<{ timetable: Record<string, Record<string, string>>; placements: { member_id: string; day: number; start: string }[] }>(
      '/api/cp-sat-berechnung-from-db',
      {
        wiggleRoom: 3,
        selectedClass: classId,
        timePreferences: {},
      },
    );
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.placements.length).toBeGreaterThan(0);
    const available_times: Record<string, [string, string][]> = { '0': [], '1': [], '2': [], '3': [], '4': [], '5': [], '6': [] };
    for (const p of calc.body.placements) available_times[String(p.day)]!.push([p.start, p.member_id]);
    const saved = await teacher.post<{ id: string }>(`/api/classes/${classId}/schedules`, {
      name: 'Wintersemester',
      description: null,
      available_times,
      class_id: classId,
    });
    expect(saved.status).toBeLessThan(300);
    expect((await teacher.get<{ name: string }>(`/api/schedules/${saved.body.id}`)).body.name).toBe('Wintersemester');

    const members = (await teacher.get<{ members: { member_id: string; name: string; email: string | null }[] }>(`/api/classes/${classId}/members`)).body
      .members;
    const exported = await teacher.post<Buffer>('/api/export-pdf-alternative', {
      schedule: calc.body.timetable,
      timeRange: { start: 32, end: 76 },
      studentsList: members.map((m) => ({ member_id: m.member_id, name: m.name })),
      className: 'Klavier Hauptfach',
    });
    expect(exported.status).toBe(200);
    pdf = exported.body;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const send = new FormData();
    send.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'stundenplan.pdf');
    send.append('class_id', classId);
    const sent = await teacher.post<{ recipient_count: number }>('/api/send-schedule-to-students', send);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.recipient_count).toBe(3);
    const mail = await waitForMail(base, studentEmail, /Dein Stundenplan/, 60_000);
    expect(mail.attachments?.[0]).toMatchObject({ filename: 'stundenplan.pdf', size: pdf.length });
    for (const m of members.filter((x) => x.email)) await waitForMail(base, m.email!, /Dein Stundenplan/, 60_000);
  });
});

describe.skipIf(!kafka.brokers)('distributed mode: Kafka, replicas and a killed process', () => {
  it('carries every event through Kafka topics named <domain>.<event>.v1', async () => {
    for (const topic of ['user.registered.v1', 'member.added.v1', 'times.changed.v1', 'schedule.saved.v1', 'mail.requested.v1']) {
      expect(await topicMessageCount(topic), topic).toBeGreaterThan(0);
    }
  });

  it('consumes each event once per service with two classes replicas sharing one consumer group', async () => {
    const admin = new Kafka({ clientId: 'test-admin', brokers: kafka.brokers!.split(','), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { groups } = await admin.describeGroups(['classes:user.registered.v1']);
      expect(groups[0]!.members).toHaveLength(2);
      // Both replicas hold partitions of the topic (three partitions, two members).
      const total = await topicMessageCount('user.registered.v1');
      await waitFor(async () => {
        const offsets = await admin.fetchOffsets({ groupId: 'classes:user.registered.v1', topics: ['user.registered.v1'] });
        return offsets[0]!.partitions.reduce((n, p) => n + Math.max(0, Number(p.offset)), 0) === total;
      }, 30_000);
    } finally {
      await admin.disconnect();
    }
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: number; distinct_ids: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS distinct_ids FROM classes.processed_events WHERE consumer = 'classes:user.registered.v1'`,
      );
      expect(rows[0]!.n).toBe(rows[0]!.distinct_ids);
      expect(rows[0]!.n).toBe(await topicMessageCount('user.registered.v1'));
    } finally {
      await db.end();
    }
  });

  it('keeps the class and member lists per classes replica, and a write anywhere shows at once on both', async () => {
    // The two classes replicas' HTTP ports (scripts/distributed/topology.js: 23000 + 82 + 100 per replica + offset).
    const replicaPorts = [25082, 25182];
    const servedLists = async () =>
      Promise.all(
        replicaPorts.map(async (port) => {
          const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          return [...text.matchAll(/^http_requests_total\{[^}]*route="\/api\/classes\/:classId\/members"[^}]*\} (\d+)/gm)].reduce(
            (n, m) => n + Number(m[1]),
            0,
          );
        }),
      );
    type Row = { name: string; available_times_user_input: Record<string, string[]> };
    const list = async () => (await teacher.get<{ members: Row[] }>(`/api/classes/${classId}/members`)).body.members;
    const count = async () =>
      (await teacher.get<{ classes: { class_id: string; member_count: number }[] }>('/api/me/classes')).body.classes.find((c) => c.class_id === classId)!
        .member_count;
    const servedBefore = await servedLists();
    for (let i = 0; i < 6; i++) await list();
    const membersBefore = await count();

    // A student's save (availability service): both replicas answer the new times on the next reads.
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['9.30', '9.45'] } })).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await list()).find((m) => m.name === 'Johannes Brahms')!.available_times_user_input).toEqual({ '0': ['9.30', '9.45'] });

    // A member added through one replica: the other one knows at once too.
    expect((await teacher.post(`/api/classes/${classId}/members/new`, { students: [{ name: 'Robert Neu', duration: 30, email: null }] })).status).toBe(201);
    for (let i = 0; i < 6; i++) {
      expect((await list()).map((m) => m.name)).toContain('Robert Neu');
      expect(await count()).toBe(membersBefore + 1);
    }
    const servedAfter = await servedLists();
    expect(servedAfter[0]! - servedBefore[0]!, 'replica 1 served member lists').toBeGreaterThan(2);
    expect(servedAfter[1]! - servedBefore[1]!, 'replica 2 served member lists').toBeGreaterThan(2);
  });

  it('calculates on both solver replicas and streams the progress of each to the browser', async () => {
    const solverPorts = [25084, 25184];
    const before = await Promise.all(solverPorts.map(solvesOn));
    const progress = await openProgress(base, teacher.cookie);
    try {
      for (let i = 0; i < 4; i++) {
        const calc = await teacher.post<{ placements: unknown[] }>('/api/cp-sat-berechnung-from-db', {
          wiggleRoom: 3,
          selectedClass: classId,
          timePreferences: {},
        });
        expect(calc.status).toBe(200);
      }
      const after = await Promise.all(solverPorts.map(solvesOn));
      expect(after[0]! - before[0]!, 'replica 1').toBeGreaterThan(0);
      expect(after[1]! - before[1]!, 'replica 2').toBeGreaterThan(0);
      await waitFor(() => new Set(progress.events.filter((e) => e.stage === 'done').map((e) => e.run_id)).size >= 4, 20_000);
      expect(progress.events.filter((e) => e.stage === 'done').every((e) => e.result === 'ok')).toBe(true);
    } finally {
      progress.close();
    }
  });

  it('kill -9 of the notification process: 502 with a German detail for its routes, the rest serves, and afterwards nothing is lost and nothing sent twice', async () => {
    const send = () => {
      const form = new FormData();
      form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'stundenplan.pdf');
      form.append('class_id', classId);
      form.append('message', 'Zweite Runde');
      return teacher.post<{ recipient_count: number; detail?: string }>('/api/send-schedule-to-students', form);
    };
    // A sending is accepted, and the process dies while its mails are being delivered.
    expect((await send()).status).toBe(200);
    await stack.kill('notification', 1);

    const down = await send();
    expect(down.status).toBe(502);
    expect(down.body.detail).toMatch(/^Der Dienst „.+“ ist zurzeit nicht erreichbar\. Bitte versuche es später erneut\.$/);
    expect((await teacher.get('/api/me')).status).toBe(200);
    expect((await teacher.get(`/api/classes/${classId}/members`)).status).toBe(200);

    // Events raised meanwhile wait in Kafka: a new registration's confirmation mail.
    const lateEmail = uniqueEmail('spaet');
    const reg = await new Client(base).post('/api/auth/register', {
      email: lateEmail,
      password: 'Sicher123!',
      name: 'Spät Dran',
      role_id: 1,
      institution_id: null,
      duration: 45,
      registerShortcut: null,
      memberId: null,
    });
    expect(reg.status).toBeLessThan(300);
    await sleep(1000);

    await stack.restart('notification', 1);
    await waitForMail(base, lateEmail, /bestätig/i, 60_000);
    const members = (await teacher.get<{ members: { email: string | null }[] }>(`/api/classes/${classId}/members`)).body.members.filter((m) => m.email);
    await waitFor(async () => {
      const all = await mailsAt(base);
      return members.every((m) => all.filter((x) => x.to.includes(m.email!) && /Dein Stundenplan/.test(x.subject)).length >= 2);
    }, 60_000);
    await sleep(2000);
    const all = await mailsAt(base);
    for (const m of members) {
      // The first sending and the one accepted before the kill: exactly one mail each, none doubled.
      expect(
        all.filter((x) => x.to.includes(m.email!) && /Dein Stundenplan/.test(x.subject)),
        m.email!,
      ).toHaveLength(2);
    }
    expect(all.filter((x) => x.to.includes(lateEmail))).toHaveLength(1);
  });
});
