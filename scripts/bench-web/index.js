// `npm run bench:web`: Lighthouse 12 (mobile profile: Moto G Power screen, simulated slow 4G and 4x CPU slowdown)
// against the product's `/`, `/login`, a logged-in student's `/student` and a teacher's `/scheduling` (a class of
// 30 with a saved plan), each beside the floor: a static
// HTML page with the same text. Prints performance score, FCP, LCP, TBT, CLS, transferred bytes and the
// compressed JavaScript of each page, and writes the table into docs/benchmarks.md.
//
// Environment: BENCH_RUNS (Lighthouse runs per page, default 3; the median by score is shown),
// BENCH_SKIP_BUILD=1, BENCH_NO_DOCS=1 (print only), CHROME_PATH (default /usr/bin/chromium).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { account, FIRST, LAST, pool, quarter, studentTimes, TEACHER_TIMES } from '../bench-api/seed.js';
import { startProduct } from '../bench-api/stack-process.js';
import { floorHtml, startFloor } from './floor.js';
import { lcpElement, renderWebTable, writeWebDocs } from './report.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Own ports (docs/CONVENTIONS.md, ports of the test suites): gateway 29180, services 29181-29186 / 29191-29196, metrics 29190, PostgreSQL 29532, floor 29170.
const PORT = 29180;
const OFFSET = 21100;
const PG_PORT = 29532;
const FLOOR_PORT = 29170;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
const log = (m) => console.log(m);

/** One Lighthouse run (performance only, default mobile profile); the figures of this bench. */
async function lighthouse(url, headers, workDir, lcpSeen) {
  const out = path.join(workDir, 'lh.json');
  const args = [
    LIGHTHOUSE,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  // Asynchronous: the floor's server runs in this process and must keep answering.
  const run = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
  if (run.status !== 0) throw new Error(`lighthouse ${url} failed (${run.status}):\n${run.stderr.slice(-2000)}`);
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const script = requests.filter((r) => r.resourceType === 'Script');
  log(
    `  ${url}: ${Math.round((lhr.categories.performance.score ?? 0) * 100)}, LCP ${Math.round(a['largest-contentful-paint'].numericValue)} ms at ${lcpElement(a['largest-contentful-paint-element'], lcpSeen)}`,
  );
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    bytes: a['total-byte-weight'].numericValue,
    jsBytes: script.reduce((s, r) => s + (r.transferSize ?? 0), 0),
    jsFiles: script.length,
  };
}

/**
 * One run, once more if Lighthouse could not record it (it says so, e.g. NO_NAVSTART: "Please run Lighthouse
 * again"): such a run measured nothing. A second failure ends the bench.
 */
async function measuredRun(url, headers, workDir, lcpSeen) {
  try {
    return await lighthouse(url, headers, workDir, lcpSeen);
  } catch (err) {
    log(
      `  ${url}: kein Messlauf (${String(err instanceof Error ? err.message : err)
        .split('\n')
        .at(-1)}), noch einmal …`,
    );
    return lighthouse(url, headers, workDir, lcpSeen);
  }
}

/** BENCH_RUNS runs of one URL; the run with the median score (ties: median LCP). */
async function median(url, headers, workDir, lcpSeen) {
  const runs = [];
  for (let k = 0; k < RUNS; k++) runs.push(await measuredRun(url, headers, workDir, lcpSeen));
  runs.sort((x, y) => x.score - y.score || y.lcp - x.lcp);
  return { ...runs[Math.floor(runs.length / 2)], scores: runs.map((r) => r.score) };
}

/** Keeps the element of the browser's latest largest-contentful-paint entry, as `tag#id.class "text"`. */
function LCP_OBSERVER() {
  new PerformanceObserver((list) => {
    const el = list.getEntries().at(-1)?.element;
    if (!el) return;
    const classes = [...el.classList].map((c) => `.${c}`).join('');
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    window.__benchLcp = `<${el.localName}${el.id ? `#${el.id}` : ''}${classes}>${text ? ` "${text}"` : ''}`;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** The visible text of each page (and its LCP element), as a visitor (or the student) sees it on a phone. */
async function pageTexts(base, pages) {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const texts = new Map();
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'de-DE' });
      if (p.cookie) {
        const [name, value] = p.cookie.split('=');
        await context.addCookies([{ name, value, url: base }]);
      }
      const page = await context.newPage();
      await page.addInitScript(LCP_OBSERVER);
      await page.goto(`${base}${p.path}`, { waitUntil: 'networkidle' });
      await page.locator(p.ready).first().waitFor();
      const lcp = await page.evaluate(() => window.__benchLcp ?? null);
      texts.set(p.path, { title: await page.title(), text: await page.locator('body').innerText(), lcp });
      await context.close();
    }
    return texts;
  } finally {
    await browser.close();
  }
}

/**
 * The teacher's class of 30 students with their times, calculated and saved as a plan: what /scheduling shows a
 * teacher in the semester.
 */
async function plannedClass(base, teacher, run) {
  const course = await teacher.ok('POST', '/api/classes', { name: 'Klavier Nebenfach', description: null, is_group: false, register_shortcut: '' });
  await teacher.ok('PUT', `/api/classes/${course.class_id}/available-times`, { available_times: TEACHER_TIMES });
  await teacher.ok('POST', `/api/classes/${course.class_id}/time-range/exact`);
  await pool(
    Array.from({ length: 30 }, (_, k) => k),
    4,
    async (k) => {
      const c = await account(base, {
        name: `${FIRST[k % FIRST.length]} ${LAST[(k + 7) % LAST.length]}`,
        email: `nebenfach.${k}.${run}@example.org`,
        role: 'student',
        registerShortcut: course.register_shortcut,
      });
      await c.ok('PUT', '/api/me/available-times', { available_times: studentTimes(k) });
    },
  );
  const plan = await teacher.ok('POST', '/api/cp-sat-berechnung-from-db', { selectedClass: course.class_id, wiggleRoom: 0 });
  const saved = {};
  for (const p of plan.placements) {
    const [from, to] = p.set_time_from_to;
    for (let q = from; q < to; q++) (saved[String(p.day)] ??= []).push([quarter(q), p.member_id]);
  }
  await teacher.ok('POST', `/api/classes/${course.class_id}/schedules`, { name: 'Wintersemester', description: null, available_times: saved });
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('Baue das Produkt …');
    execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const loadBefore = os.loadavg()[0];
  const product = startProduct({
    root,
    dataDir: path.join(workDir, 'data'),
    port: PORT,
    portOffset: OFFSET,
    pgPort: PG_PORT,
    env: { LOG_LEVEL: 'error', REGISTER_LIMIT_PER_IP: '1000', LOGIN_LIMIT_PER_IP: '1000' },
  });
  let floor;
  try {
    await product.ready;
    const base = `http://127.0.0.1:${PORT}`;
    log(`Produkt läuft auf ${base}; eine Studentin wird registriert …`);
    const run = Date.now().toString(36);
    const teacher = await account(base, { name: 'Clara Wieck', email: `lehrerin.${run}@example.org`, role: 'teacher' });
    const course = await teacher.ok('POST', '/api/classes', { name: 'Klavier Hauptfach', description: null, is_group: false, register_shortcut: '' });
    const student = await account(base, {
      name: 'Anna Bach',
      email: `student.${run}@example.org`,
      role: 'student',
      registerShortcut: course.register_shortcut,
    });
    log('Eine Klasse mit 30 Studierenden und ein gespeicherter Plan für /scheduling …');
    await plannedClass(base, teacher, run);
    const pages = [
      { name: '/', path: '/', ready: 'h1' },
      { name: '/login', path: '/login', ready: 'h1' },
      { name: '/student (angemeldet)', path: '/student', ready: 'h1', cookie: student.cookie },
      { name: '/scheduling (Lehrkraft, 30 Studierende, gespeicherter Plan)', path: '/scheduling', ready: 'h1', cookie: teacher.cookie },
    ];
    const texts = await pageTexts(base, pages);
    floor = await startFloor(FLOOR_PORT, new Map(pages.map((p) => [p.path, floorHtml(texts.get(p.path).title, texts.get(p.path).text)])));
    const results = [];
    for (const p of pages) {
      log(`Lighthouse: ${p.name} (${RUNS} Läufe) …`);
      const product = await median(`${base}${p.path}`, p.cookie ? { Cookie: p.cookie } : undefined, workDir, texts.get(p.path).lcp);
      const floorRun = await median(`http://127.0.0.1:${FLOOR_PORT}${p.path}`, undefined, workDir, null);
      results.push({ name: p.name, product, floor: floorRun });
    }
    const table = renderWebTable(results, { loadBefore, loadAfter: os.loadavg()[0], runs: RUNS });
    log(`\n${table}\n`);
    if (process.env.BENCH_NO_DOCS !== '1') writeWebDocs(root, table);
  } finally {
    floor?.close();
    await product.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
