// Memory check of the SolverPool: 100 consecutive solves (public bench instances in turn) through
// the pool; prints the process RSS (main thread + workers + their WASM memory) as it goes and fails
// when it passes the budget.
//   node services/scheduling-solver/bench/memory.js [--solves 100] [--size 1] [--recycle-after 25] [--budget-mb 500]
// Needs the build (dist/); problems from bench/instances.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SolverPool } from '../dist/solver/runtime/pool.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const arg = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const solves = arg('solves', 100);
const size = arg('size', 1);
const recycleAfter = arg('recycle-after', 25);
const budgetMb = arg('budget-mb', 500);
const dir = path.join(here, 'instances');
const problems = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'manifest.json' && f !== 'reference.json')
  .sort()
  .map((f) => ({ name: f.replace(/\.json$/, ''), problem: JSON.parse(readFileSync(path.join(dir, f), 'utf8')) }));

const mb = (b) => Math.round(b / 1024 / 1024);
const pool = new SolverPool({ size, recycleAfter });
const rss = [];
const t0 = performance.now();
console.log(`# ${solves} solves through SolverPool(size ${size}, recycleAfter ${recycleAfter}); start RSS ${mb(process.memoryUsage().rss)} MB`);
for (let i = 0; i < solves; i++) {
  const { name, problem } = problems[i % problems.length];
  const plan = await pool.solve(problem);
  const r = process.memoryUsage().rss;
  rss.push(r);
  if ((i + 1) % 10 === 0 || i === 0) {
    console.log(`solve ${String(i + 1).padStart(3)}  ${name.padEnd(14)} ${plan.status.padEnd(10)} RSS ${mb(r)} MB  (max so far ${mb(Math.max(...rss))} MB)`);
  }
}
await pool.close();
const max = Math.max(...rss);
const s = pool.stats;
console.log(
  `RSS: first ${mb(rss[0])} MB, max ${mb(max)} MB, last ${mb(rss[rss.length - 1])} MB, after close ${mb(process.memoryUsage().rss)} MB; ` +
    `${s.solved} solved, ${s.recycled} workers recycled, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
if (max > budgetMb * 1024 * 1024) {
  console.log(`FAIL: RSS ${mb(max)} MB is over the budget of ${budgetMb} MB`);
  process.exit(1);
}
console.log(`OK: RSS stayed under ${budgetMb} MB`);
