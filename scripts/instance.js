// One running product per data folder. `npm start` writes its pid to <data>/stack.pid; a new start
// finds an earlier instance that is still running (e.g. after `kill -9` of npm, which leaves the
// node process behind) and stops it gracefully before it starts, so the ports and the database are free.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isOurStart(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.js');
  } catch {
    return false; // no /proc (not Linux): trust the pid file only when the process is alive
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Stops an earlier instance on the same data folder, then records this one. Returns the release function. */
export async function claimInstance(dataDir, log = console.log) {
  mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'stack.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (pid > 0 && pid !== process.pid && isAlive(pid) && (isOurStart(pid) || !existsSync('/proc'))) {
      log(`Eine frühere Instanz (PID ${pid}) läuft noch und wird beendet …`);
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  writeFileSync(pidFile, String(process.pid));
  return () => {
    try {
      if (readFileSync(pidFile, 'utf8').trim() === String(process.pid)) rmSync(pidFile, { force: true });
    } catch {
      /* already gone */
    }
  };
}

/**
 * Calls `onOrphaned` once when the process that started us is gone (npm killed with -9): the
 * product then shuts down cleanly instead of running on unseen.
 */
export function watchParent(onOrphaned, intervalMs = 1000) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent || !isAlive(parent)) {
      clearInterval(timer);
      onOrphaned();
    }
  }, intervalMs);
  timer.unref();
}
