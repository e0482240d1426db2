// `npm run bench:api`: the product in embedded mode on fresh data, seeded through the public API, loaded
// with wrk at 200 connections; prints req/s, p50, p99 and errors per scenario, the stack's memory and a
// bare Node HTTP server as the floor, the CPU time one request costs in the gateway, the services' process and
// PostgreSQL, and writes the table into docs/benchmarks.md.
//
// Environment: BENCH_SECONDS (per wrk scenario, default 15), BENCH_RUSH_SECONDS (default 60),
// BENCH_WARMUP_SECONDS (unmeasured load before each wrk scenario, default 3), BENCH_RUNS (measured runs per wrk
// scenario but the rush, default 3; the median by p99 is reported),
// BENCH_STUDENTS (default 500), BENCH_SKIP_BUILD=1, BENCH_NO_DOCS=1 (print only), BENCH_LABEL (table title),
// BENCH_NODE_ARGS (node options of the product's process, e.g. --cpu-prof).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, renderTable, writeDocs } from './report.js';
import { dbCeiling } from './db-ceiling.js';
import { mondaySlots, pool, seed, studentTimes } from './seed.js';
import { startProduct, treeCpu, treeMemory } from './stack-process.js';
import { ensureWrk, runWrk } from './wrk.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Own ports, all below the ephemeral range and apart from the test suites' (docs/CONVENTIONS.md, ports of the test suites): gateway 29080,
// services 29081-29086 / 29091-29096, metrics 29090, PostgreSQL 29432, floor 29070.
const PORT = 29080;
const OFFSET = 21000;
const PG_PORT = 29432;
const FLOOR_PORT = 29070;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const STUDENTS = Math.max(240, Number(process.env.BENCH_STUDENTS ?? 500));
const log = (m) => console.log(m);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Waits until the product's processes use less than 5 % of a core for two seconds in a row (at most 180 s); seconds waited. */
async function untilQuiet(pid) {
  const started = Date.now();
  let calm = 0;
  let last = treeCpu(pid);
  while (calm < 2 && Date.now() - started < 180_000) {
    await sleep(1000);
    const now = treeCpu(pid);
    const used = now.gateway + now.services + now.postgres - (last.gateway + last.services + last.postgres);
    calm = used < 0.05 ? calm + 1 : 0;
    last = now;
  }
  return (Date.now() - started) / 1000;
}

/** Timed single requests (calculation, PDF): durations in ms, errors = non-2xx answers. */
async function timed(n, concurrency, call) {
  const ms = [];
  let errors = 0;
  const started = Date.now();
  await pool(Array.from({ length: n }), concurrency, async () => {
    const t = performance.now();
    const r = await call().catch((e) => ({ status: 0, body: String(e) }));
    ms.push(performance.now() - t);
    if (r.status < 200 || r.status >= 300) errors++;
  });
  const sorted = ms.sort((a, b) => a - b);
  return { requests: n, rps: n / ((Date.now() - started) / 1000), p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.at(-1), errors };
}

async function floor(workDir) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'bench-api', 'floor.js'), String(FLOOR_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  try {
    return await runWrk({ url: `http://127.0.0.1:${FLOOR_PORT}`, mode: 'cycle', lines: ['GET\t/\t\t'], seconds: SECONDS, workDir, name: 'floor' });
  } finally {
    child.kill('SIGTERM');
  }
}

/** Decodes the counter the times scenario put into the Monday slots (see scenario.lua). */
function decodeCounter(times) {
  let c = 0;
  for (const label of times?.['0'] ?? []) {
    const [h, m] = label.split('.').map(Number);
    const bit = h * 4 + m / 15 - 32;
    if (bit >= 0 && bit < 20) c += 2 ** bit;
  }
  return c;
}

/** Everything measured on the running product; fills `memory` and reports each result through `add`. */
async function measureProduct({ product, add, memory, workDir, load }) {
  await product.ready;
  await sleep(3000);
  memory.idle = treeMemory(product.pid);
  log(`  Speicher im Leerlauf: RSS ${memory.idle.rssMb} MB (PSS ${memory.idle.pssMb} MB, ${memory.idle.processes} Prozesse)`);
  const base = `http://127.0.0.1:${PORT}`;
  const t0 = Date.now();
  log('Daten anlegen …');
  const data = await seed(base, { students: STUDENTS, log });
  log(`  angelegt in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  // Seeding leaves work behind (its events: directory entries, hundreds of confirmation mails); the
  // scenarios start once the product is idle again, so they measure themselves and not that backlog.
  const quiet = await untilQuiet(product.pid);
  log(`  danach ruhig nach ${quiet.toFixed(0)} s`);
  const { teacher, big, calc, students } = data;
  const countOf = async (c) => (await teacher.ok('GET', `/api/classes/${c.class_id}/members`)).members.length;
  if ((await countOf(big)) !== 99 || (await countOf(calc)) !== 40) throw new Error('seeding did not give classes of 99 and 40 members');
  const cookie = teacher.cookie;
  const url = base;
  // Each wrk scenario also says how much CPU one request cost in each part of the stack (the why of its req/s),
  // and first runs WARMUP seconds at the same load, not counted: the first seconds after a start
  // measure the JIT compiler and empty kept answers, not the steady state a running product is in.
  // Errors of the warm-up count like any other.
  // A scenario runs RUNS times; the table shows the run with the median p99 and names every run's p99 (one
  // 15-second window on a shared virtual machine now and then holds a stall of the machine itself).
  const wrk = async (name, mode, lines, seconds = SECONDS, runs = RUNS) => {
    let errors = 0;
    if (WARMUP > 0) {
      const w = await runWrk({ url, mode, lines, seconds: WARMUP, workDir, name: `${name}-warmup` });
      errors += w.errors;
      log(`  (Aufwärmen ${WARMUP} s, nicht gemessen: ${w.rps.toFixed(0)} req/s, p99 ${w.p99.toFixed(0)} ms, Fehler ${w.errors})`);
    }
    const measured = [];
    for (let k = 0; k < runs; k++) {
      const before = treeCpu(product.pid);
      const r = await runWrk({ url, mode, lines, seconds, workDir, name: `${name}-${k + 1}` });
      const after = treeCpu(product.pid);
      const perRequest = (part) => ((after[part] - before[part]) * 1000) / Math.max(1, r.requests);
      errors += r.errors;
      measured.push({ ...r, cpu: { gateway: perRequest('gateway'), services: perRequest('services'), postgres: perRequest('postgres') } });
    }
    const median = [...measured].sort((a, b) => a.p99 - b.p99)[Math.floor(runs / 2)];
    const runsNote =
      runs > 1
        ? `Lauf mit dem mittleren p99 von ${runs}; alle Läufe: ${measured.map((m) => `${m.rps.toFixed(0)} req/s, p99 ${m.p99.toFixed(0)} ms`).join('; ')}`
        : '';
    // The times scenario checks the counters its last run left behind.
    return { ...median, errors, counters: measured.at(-1).counters, runsNote };
  };

  log('Szenarien (200 Verbindungen) …');
  add('Klassenliste (GET /api/me/classes, 20 Klassen)', await wrk('classes', 'cycle', [`GET\t/api/me/classes\t${cookie}\t`]));
  add('Mitgliederliste, 99 Mitglieder mit Zeiten', await wrk('members', 'cycle', [`GET\t/api/classes/${big.class_id}/members\t${cookie}\t`]));
  const planning = ['available-times', 'time-range', 'members', 'schedules'].map((p) => `GET\t/api/classes/${calc.class_id}/${p}\t${cookie}\t`);
  add('Planungsdaten laden (Lehrerzeiten, Zeitraum, Mitglieder, Pläne; 40er-Klasse)', await wrk('planning', 'cycle', planning));

  const calcBody = { wiggleRoom: 3, selectedClass: calc.class_id, timePreferences: {} };
  let answer;
  add(
    'Berechnung, 40 Studierende (nacheinander, 5×)',
    await timed(5, 1, async () => {
      const r = await teacher.call('POST', '/api/cp-sat-berechnung-from-db', calcBody);
      answer = r.body;
      return r;
    }),
    'Solver-Zeitlimit 15 s',
  );
  const members = (await teacher.ok('GET', `/api/classes/${calc.class_id}/members`)).members;
  const pdfBody = {
    schedule: answer?.timetable ?? {},
    timeRange: { start: 32, end: 72 },
    studentsList: members.map((m) => ({ member_id: m.member_id, name: m.name })),
    className: 'Klavier Hauptfach 2',
    scheduleName: 'Wintersemester',
  };
  const pdf = () => teacher.call('POST', '/api/export-pdf-alternative', pdfBody);
  const first = await timed(1, 1, pdf);
  add('PDF-Export, 40 Studierende, erster (Chromium startet)', first);
  add('PDF-Export, 40 Studierende, einzeln (10×)', await timed(10, 1, pdf));
  const rounds = [];
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    const r = await timed(8, 8, pdf);
    rounds.push({ ...r, wall: performance.now() - t });
  }
  const worst = rounds.reduce((a, b) => (a.wall > b.wall ? a : b));
  add(
    'PDF-Export, 8 gleichzeitig (3 Runden)',
    { ...worst, requests: 24, errors: rounds.reduce((a, b) => a + b.errors, 0) },
    `alle 8 fertig nach höchstens ${(worst.wall / 1000).toFixed(2)} s`,
  );
  memory.afterPdf = treeMemory(product.pid);

  // 200 distinct student sessions (not the class of 40, whose times the calculation used).
  const savers = [...students.slice(0, 99), ...students.slice(139, 240)];
  const times = await wrk(
    'times',
    'times',
    savers.map((s) => s.cookie),
  );
  await sleep(2000);
  const stored = await pool(savers, 20, async (s) => decodeCounter((await s.ok('GET', '/api/me/available-times')).available_times_response.available_times));
  // wrk stops with at most a request or two per student in flight: the stored one is the last or one just before it.
  let lost = stored.filter((c, k) => !(c >= times.counters[k] - 2 && c <= times.counters[k])).length;
  // Then exactly: every student saves once more at the same time, and every answer must be what is stored.
  const marks = savers.map((_, k) => (k * 7919 + 12345) % 2 ** 20 || 1);
  await pool(savers, 200, (s, k) => s.ok('PUT', '/api/me/available-times', { available_times: { 0: mondaySlots(marks[k]) } }));
  const final = await pool(savers, 20, async (s) => decodeCounter((await s.ok('GET', '/api/me/available-times')).available_times_response.available_times));
  lost += final.filter((c, k) => c !== marks[k]).length;
  add('Zeiten speichern, 200 Studierende (PUT /api/me/available-times)', times, `verlorene Schreibvorgänge: ${lost}`);

  const rush = [];
  students.forEach((s, k) => {
    rush.push(`PUT\t/api/me/available-times\t${s.cookie}\t${JSON.stringify({ available_times: studentTimes(k + 7) })}`);
    if (k % 5 === 4) rush.push(k % 10 === 4 ? `GET\t/api/me/classes\t${cookie}\t` : `GET\t/api/classes/${big.class_id}/members\t${cookie}\t`);
  });
  add(
    `Abgabe-Ansturm: ${students.length} Studierende speichern, dazu Lehrer-Lesezugriffe (${RUSH_SECONDS} s)`,
    await wrk('rush', 'cycle', rush, RUSH_SECONDS, 1),
  );
  memory.afterLoad = treeMemory(product.pid);
  memory.machineLoadBefore = load;

  // The database's share alone: the same statements from the product's repositories, no HTTP or gRPC.
  log('Nur Datenbank (Anweisungen der Klassenliste und des Speicherns, 10 Verbindungen) …');
  const bigMembers = (await teacher.ok('GET', `/api/classes/${big.class_id}/members`)).members;
  const db = await dbCeiling(root, {
    url: `postgresql://postgres:postgres@127.0.0.1:${PG_PORT}/stundenplan`,
    teacherId: big.teacher_id,
    studentIds: bigMembers.map((m) => m.user_id).filter(Boolean),
    seconds: SECONDS,
  });
  add('Nur Datenbank: Anweisungen der Klassenliste beim Neuaufbau (ohne HTTP, gRPC, Gateway)', db.classList);
  add('Nur Datenbank: Anweisungen eines Speicherns (ohne HTTP, gRPC, Gateway)', db.save);
}

async function main() {
  ensureWrk(log);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('Build …');
    const b = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'inherit',
      env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
    });
    if (b.status !== 0) throw new Error('Der Build ist fehlgeschlagen.');
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-api-'));
  const results = [];
  const add = (name, r, note = '') => {
    // Which kind of error (wrk: connect/read/write/timeout, status = an answer outside 2xx/3xx).
    const kinds = Object.entries(r.errorDetail ?? {})
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    if (kinds) note = [note, `Fehler: ${kinds}`].filter(Boolean).join('; ');
    if (r.runsNote) note = [note, r.runsNote].filter(Boolean).join('; ');
    results.push({ name, ...r, note });
    const cpu = r.cpu ? `, CPU je Anfrage ${r.cpu.gateway.toFixed(2)} / ${r.cpu.services.toFixed(2)} / ${r.cpu.postgres.toFixed(2)} ms` : '';
    log(`  ${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, Fehler ${r.errors}${cpu}${note ? ` (${note})` : ''}`);
  };
  const load = os.loadavg()[0];
  log(`Maschine: ${JSON.stringify(machine())}, Last vorher ${load.toFixed(2)}`);

  log('Untergrenze: nackter Node-HTTP-Server …');
  add('Untergrenze: nackter Node-HTTP-Server', await floor(workDir));

  log('Produkt wird gestartet (eingebetteter Modus, frische Daten) …');
  const product = startProduct({
    root,
    dataDir: path.join(workDir, 'data'),
    port: PORT,
    portOffset: OFFSET,
    pgPort: PG_PORT,
    env: { LOGIN_LIMIT_PER_IP: '1000000', REGISTER_LIMIT_PER_IP: '1000000' },
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
  });
  let memory = {};
  try {
    await measureProduct({ product, add, memory, workDir, load });
  } finally {
    await product.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  const table = renderTable(results, memory);
  console.log(`\n${table}`);
  if (process.env.BENCH_NO_DOCS !== '1') {
    writeDocs(root, table, process.env.BENCH_LABEL);
    log('Tabelle in docs/benchmarks.md geschrieben.');
  }
}

main().catch((e) => {
  console.error(`bench:api fehlgeschlagen: ${e.message}`);
  if (process.env.SP_DEBUG) console.error(e);
  process.exit(1);
});
