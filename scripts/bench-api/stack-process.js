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

/** RSS and PSS (MB) summed over `pid` and all its descendants (services, PostgreSQL, Chromium). */
export function treeMemory(pid) {
  const byParent = childrenOf();
  const pids = [];
  const walk = (p) => {
    pids.push(p);
    for (const c of byParent.get(p) ?? []) walk(c);
  };
  walk(pid);
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
