// The results table of `npm run bench:api` and its place in docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function machine() {
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? '?';
  return { nproc: os.availableParallelism(), cpu, ramGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

const n = (v, digits = 0) =>
  v === undefined || Number.isNaN(v) ? '–' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function renderTable(results, memory) {
  const m = machine();
  const lines = [
    `Machine: ${m.nproc} cores (\`nproc\`), ${m.cpu}, ${m.ramGb} GB RAM, Node ${m.node}; load average before the run ${n(memory.machineLoadBefore, 2)}.`,
    'Command: `npm run bench:api` (wrk, 1 thread, 200 connections, embedded mode, fresh data; each wrk scenario after an unmeasured warm-up of `BENCH_WARMUP_SECONDS`, default 3 s, at the same load, whose errors count, and measured `BENCH_RUNS` times, default 3, the run with the median p99 shown; errors summed over all runs).',
    '',
    '| scenario | req/s | p50 ms | p99 ms | errors | CPU ms per request: gateway / services / PostgreSQL | note |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${n(r.rps, r.rps < 100 ? 1 : 0)} | ${n(r.p50)} | ${n(r.p99)} | ${r.errors} | ${r.cpu ? `${n(r.cpu.gateway, 2)} / ${n(r.cpu.services, 2)} / ${n(r.cpu.postgres, 2)}` : ''} | ${r.note ?? ''} |`,
    ),
    '',
    'CPU per request: user and system time of the gateway process, the services process and all PostgreSQL processes during the scenario, divided by its requests; the two cores give 2,000 ms of CPU per second to share among them, wrk and the rest of the machine.',
    '',
    `Memory of the stack (all processes: Node, PostgreSQL, Chromium), RSS summed / PSS summed: idle after start ${memory.idle?.rssMb ?? '–'} / ${memory.idle?.pssMb ?? '–'} MB; ` +
      `after the PDFs ${memory.afterPdf?.rssMb ?? '–'} / ${memory.afterPdf?.pssMb ?? '–'} MB; after the load ${memory.afterLoad?.rssMb ?? '–'} / ${memory.afterLoad?.pssMb ?? '–'} MB.`,
  ];
  return lines.join('\n');
}

const START = '<!-- bench:api latest start -->';
const END = '<!-- bench:api latest end -->';

/** Replaces the "latest run" block of docs/benchmarks.md (the before/after tables around it stay). */
export function writeDocs(root, table, label) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = `# Benchmarks\n\n## Latest run of \`npm run bench:api\`\n\n${START}\n${END}\n`;
  }
  const block = `${START}\n${label ? `${label}, ` : ''}${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.\n\n${table}\n${END}`;
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  text = a >= 0 && b > a ? text.slice(0, a) + block + text.slice(b + END.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}
