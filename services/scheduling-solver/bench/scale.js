// `npm run bench:scale`: calculations per minute of the distributed stack (one OS process per service,
// Kafka, Redis, PostgreSQL) with 1 and with 2 scheduling-solver replicas, through the public API.
// Each of CLIENTS teachers owns a realistic class (STUDENTS students with 30-60 minute lessons and
// two or three free windows a week) and calculates again and again for SECONDS; the figure is the
// number of finished calculations per minute over all teachers.
//
//   npm run bench:scale -- [--replicas 1,2] [--clients 4] [--students 50] [--seconds 60] [--out file.json]
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from '../../../scripts/distributed/infra.js';
import { startDistributed } from '../../../scripts/distributed/supervisor.js';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const REPLICAS = arg('replicas', '1,2').split(',').map(Number);
const CLIENTS = Number(arg('clients', '4'));
const STUDENTS = Number(arg('students', '50'));
const SECONDS = Number(arg('seconds', '60'));
const OUT = arg('out', undefined);
const PORT = 22180;
const DATABASE_URL = process.env.DATABASE_URL || `postgresql://postgres@127.0.0.1:5432/sp_bench_${process.pid}`;
const OFFSET = 3000;

const label = (slot) => `${Math.floor(slot / 4)}.${String((slot % 4) * 15).padStart(2, '0')}`;
const range = (from, to) => Array.from({ length: to - from }, (_, i) => label(from + i));

// A fixed pseudo-random sequence, so every run builds the same classes.
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = (n) => Math.floor(rnd() * n);
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas', 'Karla', 'Leon'];
const LAST = ['Bach', 'Brahms', 'Czerny', 'Dvořák', 'Elgar', 'Fauré', 'Grieg', 'Haydn', 'Liszt', 'Mahler', 'Ravel', 'Weber'];
const personName = (i) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;

class Api {
  cookie = '';
  constructor(base) {
    this.base = base;
  }
  async call(method, p, body) {
    const headers = { Accept: 'application/json', Origin: this.base, ...(this.cookie ? { Cookie: this.cookie } : {}) };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const c = res.headers.get('set-cookie');
    if (c?.startsWith('sp_session=')) this.cookie = c.split(';')[0];
    const text = await res.text();
    const parsed = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
    return parsed;
  }
}

async function waitForMail(base, to, subject) {
  for (let i = 0; i < 300; i++) {
    const mails = await (await fetch(`${base}/dev/mail.json`)).json();
    const m = mails.find((x) => x.to.includes(to) && subject.test(x.subject));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** A teacher with a confirmed account and one class of STUDENTS students with times. */
async function teacherWithClass(base, n) {
  const api = new Api(base);
  const email = `bench.${n}.${randomUUID().slice(0, 8)}@example.org`;
  const password = 'Sicher123!';
  await api.call('POST', '/api/auth/register', {
    email,
    password,
    name: personName(100 + n),
    role_id: 2,
    institution_id: null,
    duration: null,
    registerShortcut: null,
    memberId: null,
  });
  const mail = await waitForMail(base, email, /bestätig/i);
  const token = new URL(mail.text.match(/https?:\/\/\S*confirm-email\S*/)[0]).searchParams.get('token');
  await api.call('POST', '/api/auth/confirm-email', { token });
  await api.call('POST', '/api/auth/login', { email, password });
  const cls = await api.call('POST', '/api/classes', { name: `Klasse ${n}`, description: null, is_group: false, register_shortcut: '' });
  const classId = cls.class_id;
  // Monday to Friday 9:00-18:00.
  const teacherTimes = Object.fromEntries([0, 1, 2, 3, 4].map((d) => [String(d), range(36, 72)]));
  await api.call('PUT', `/api/classes/${classId}/available-times`, { available_times: teacherTimes });
  const students = Array.from({ length: STUDENTS }, (_, i) => ({
    name: personName(i),
    duration: [30, 45, 45, 60][pick(4)],
    email: `s${n}-${i}-${randomUUID().slice(0, 6)}@example.org`,
  }));
  await api.call('POST', `/api/classes/${classId}/members/new`, { students });
  const { members } = await api.call('GET', `/api/classes/${classId}/members`);
  for (const m of members) {
    const times = {};
    for (let w = 0, windows = 2 + pick(2); w < windows; w++) {
      const day = String(pick(5));
      const start = 36 + pick(24);
      times[day] = [...new Set([...(times[day] ?? []), ...range(start, start + 8 + pick(9))])];
    }
    await api.call('PUT', `/api/classes/${classId}/members/${m.member_id}/update`, { available_times: times });
  }
  return { api, classId };
}

async function measure(replicas) {
  const stack = await startDistributed({
    port: PORT,
    portOffset: OFFSET,
    dataDir: path.join(os.tmpdir(), `sp-bench-scale-${process.pid}`),
    quiet: true,
    log: () => undefined,
    env: {
      DATABASE_URL,
      SOLVER_REPLICAS: String(replicas),
      LOGIN_LIMIT_PER_IP: '10000',
      REGISTER_LIMIT_PER_IP: '10000',
    },
  });
  try {
    const teachers = [];
    for (let n = 0; n < CLIENTS; n++) teachers.push(await teacherWithClass(stack.url, n));
    // One calculation each to warm up (JIT, HiGHS WASM, connections), not counted.
    await Promise.all(
      teachers.map((t) => t.api.call('POST', '/api/cp-sat-berechnung-from-db', { wiggleRoom: 3, selectedClass: t.classId, timePreferences: {} })),
    );
    const until = Date.now() + SECONDS * 1000;
    const durations = [];
    let placed = 0;
    let failed = 0;
    await Promise.all(
      teachers.map(async (t) => {
        while (Date.now() < until) {
          const started = Date.now();
          try {
            const r = await t.api.call('POST', '/api/cp-sat-berechnung-from-db', { wiggleRoom: 3, selectedClass: t.classId, timePreferences: {} });
            durations.push(Date.now() - started);
            placed += r.placements.length;
          } catch (e) {
            failed++;
            console.error(e.message);
          }
        }
      }),
    );
    const elapsedMin = (Date.now() - (until - SECONDS * 1000)) / 60_000;
    durations.sort((a, b) => a - b);
    return {
      replicas,
      clients: CLIENTS,
      students: STUDENTS,
      calculations: durations.length,
      failed,
      perMinute: Math.round((durations.length / elapsedMin) * 10) / 10,
      medianSeconds: durations.length ? durations[Math.floor(durations.length / 2)] / 1000 : null,
      p95Seconds: durations.length ? durations[Math.floor(durations.length * 0.95)] / 1000 : null,
      placedPerCalculation: durations.length ? Math.round((placed / durations.length) * 10) / 10 : 0,
    };
  } finally {
    await stack.stop();
  }
}

const results = [];
try {
  for (const r of REPLICAS) {
    const res = await measure(r);
    results.push(res);
    console.log(JSON.stringify(res));
  }
} finally {
  if (!process.env.DATABASE_URL) await dropDatabase(DATABASE_URL).catch(() => undefined);
}
console.log(`\nMaschine: ${os.availableParallelism()} Kerne, ${os.cpus()[0]?.model ?? ''}`);
console.log('replicas | calculations/min | median s | p95 s | placed/calculation');
for (const r of results) console.log(`${r.replicas} | ${r.perMinute} | ${r.medianSeconds} | ${r.p95Seconds} | ${r.placedPerCalculation}/${r.students}`);
if (OUT) writeFileSync(OUT, JSON.stringify({ machine: { cores: os.availableParallelism() }, results }, null, 2));
