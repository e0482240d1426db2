// `npm run bench:ical`: the calendar import under the files of the attack (bombs.js), through the product as
// `npm start` runs it (embedded mode: every service in one process). Each file is uploaded by one user while
// another user's cheap request (GET /api/me/available-times) is sent every 100 ms; the run prints per file the
// answer, its time, the slowest cheap request meanwhile and the services' process memory, and exits 1 when an import
// takes longer than BENCH_ICAL_BOUND_MS (default 3000), a cheap request longer than BENCH_ICAL_PROBE_MS (default
// 500), the ordinary calendar is not read, or the memory grows by more than BENCH_ICAL_GROWTH_MB (default 150).
// BENCH_ICAL_TIMEOUT_MS (default 60000): when an import is given up (the product is then restarted).
// BENCH_SKIP_BUILD=1 skips nothing here: the npm script builds first.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { account } from '../../../scripts/bench-api/seed.js';
import { startProduct } from '../../../scripts/bench-api/stack-process.js';
import { BOMBS, ordinary } from './bombs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// Own ports, below the ephemeral range and apart from bench:api's (29080…) and the test suites'.
const PORT = 29180;
const OFFSET = 21100;
const PG_PORT = 29532;
const BOUND_MS = Number(process.env.BENCH_ICAL_BOUND_MS ?? 3000);
const PROBE_MS = Number(process.env.BENCH_ICAL_PROBE_MS ?? 500);
const GROWTH_MB = Number(process.env.BENCH_ICAL_GROWTH_MB ?? 150);
const TIMEOUT_MS = Number(process.env.BENCH_ICAL_TIMEOUT_MS ?? 60_000);
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory (MB) of the product's services process (scripts/services-process.js). */
function servicesRssMb() {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('services-process') || !cmd.includes(root)) continue;
      const rss = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1];
      if (rss) return Math.round(Number(rss) / 1024);
    } catch {
      /* gone meanwhile */
    }
  }
  return NaN;
}

async function upload(who, text) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/calendar' }), 'kalender.ics');
  const t = performance.now();
  try {
    const res = await fetch(`${base}/api/me/calendar-import`, {
      method: 'POST',
      body: form,
      headers: { cookie: who.cookie, origin: base },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await res.json();
    return { status: res.status, detail: body.detail ?? `${body.events?.length ?? 0} Termine`, ms: performance.now() - t };
  } catch {
    return { status: 0, detail: `nach ${TIMEOUT_MS / 1000} s aufgegeben`, ms: performance.now() - t };
  }
}

/** Sends the other user's cheap request every 100 ms until `done` settles; the slowest answer's time. */
async function probe(who, done) {
  let finished = false;
  void done.finally(() => (finished = true));
  let slowest = 0;
  let count = 0;
  while (!finished) {
    const t = performance.now();
    await fetch(`${base}/api/me/available-times`, { headers: { cookie: who.cookie }, signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
    slowest = Math.max(slowest, performance.now() - t);
    count++;
    await sleep(100);
  }
  return { slowest, count };
}

async function main() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-ical-'));
  const start = async () => {
    const product = startProduct({ root, dataDir: path.join(workDir, 'data'), port: PORT, portOffset: OFFSET, pgPort: PG_PORT });
    await product.ready;
    return product;
  };
  let product = await start();
  const rows = [];
  let breach = false;
  try {
    const names = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hanna', 'Ida', 'Jonas', 'Klara', 'Lena', 'Moritz', 'Nora', 'Oskar', 'Paula'];
    let accounts = 0;
    const login = async () => {
      const n = accounts++;
      return account(base, { name: `${names[n % names.length]} Kalender`, email: `kalender-${n}-${Date.now()}@example.org`, role: 'student' });
    };
    let [attacker, other] = [await login(), await login()];
    // Warm up the cheap request (its first answers load code and fill caches).
    for (let i = 0; i < 20; i++) await fetch(`${base}/api/me/available-times`, { headers: { cookie: other.cookie } }).then((r) => r.arrayBuffer());
    await sleep(2000);
    const files = [...Object.entries(BOMBS), ['Gewöhnlicher Kalender, 2 MB, zehn Jahre', ordinary]];
    for (const [name, make] of files) {
      const text = make();
      const before = servicesRssMb();
      const done = upload(attacker, text);
      const [answer, cheap] = await Promise.all([done, probe(other, done)]);
      await sleep(1000);
      const after = servicesRssMb();
      const row = { name, bytes: Buffer.byteLength(text), ...answer, cheap, growth: after - before };
      const ordinaryRead = make !== ordinary || answer.status === 200;
      row.ok = answer.status !== 0 && answer.ms < BOUND_MS && cheap.slowest < PROBE_MS && !(row.growth > GROWTH_MB) && ordinaryRead;
      breach ||= !row.ok;
      rows.push(row);
      console.log(
        `${row.ok ? 'ok     ' : 'ZU LANG'} ${name}: ${(row.bytes / 1024).toFixed(0)} kB -> ${answer.status} „${answer.detail}“ in ${answer.ms.toFixed(0)} ms; ` +
          `langsamste andere Anfrage ${cheap.slowest.toFixed(0)} ms (${cheap.count}); Speicher ${before} -> ${after} MB`,
      );
      if (answer.status === 0) {
        // The product still chews on the file: start it afresh for the next one.
        await product.stop();
        product = await start();
        [attacker, other] = [await login(), await login()];
      }
    }
  } finally {
    await product.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  console.log('\n| Datei | Größe | Antwort | Zeit | langsamste andere Anfrage | Speicher des Dienstprozesses |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const kb = r.bytes < 1024 ? `${r.bytes} B` : `${(r.bytes / 1024 / 1024).toFixed(2)} MB`;
    console.log(
      `| ${r.name} | ${kb} | ${r.status || '—'} ${r.detail} | ${(r.ms / 1000).toFixed(2)} s | ${(r.cheap.slowest / 1000).toFixed(2)} s | ${r.growth >= 0 ? '+' : ''}${r.growth} MB |`,
    );
  }
  console.log(`\nGrenzen: Import < ${BOUND_MS} ms, andere Anfrage < ${PROBE_MS} ms, Speicher < +${GROWTH_MB} MB; ${breach ? 'ÜBERSCHRITTEN' : 'eingehalten'}.`);
  process.exit(breach ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
