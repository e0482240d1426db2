import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 19580;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-restart-'));

function startProduct(): ChildProcess {
  return spawn(process.execPath, ['scripts/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      SP_PORT: String(port),
      SP_PORT_OFFSET: '5000',
      SP_PG_PORT: '15491',
      SP_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      CHROME_PATH: '/nonexistent',
      SP_SKIP_BUILD: '1',
    },
    stdio: 'ignore',
  });
}

async function waitHealthy(timeoutMs = 60000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${base}/api/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('product did not become healthy');
    await new Promise((r) => setTimeout(r, 300));
  }
}

function register(email: string, name: string): Promise<Response> {
  return fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Sicher123!', name, role_id: 2 }),
  });
}

function waitExit(p: ChildProcess): Promise<void> {
  return new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())));
}

describe('npm start (scripts/start.js)', () => {
  let proc: ChildProcess | undefined;
  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGINT');
      await waitExit(proc);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('comes back after kill -9 with the data of the earlier run', async () => {
    proc = startProduct();
    await waitHealthy();
    const email = `restart.${Date.now()}@example.org`;
    const reg = await register(email, 'Clara Wieck');
    expect(reg.status).toBe(201);

    proc.kill('SIGKILL');
    await waitExit(proc);
    proc = startProduct();
    await waitHealthy();

    const again = await register(email, 'Clara Wieck');
    expect(again.status).toBe(409);
    // The confirmation mail was requested before the kill: the outbox delivers it after the restart at the latest.
    await expect
      .poll(async () => ((await (await fetch(`${base}/dev/mail.json`)).json()) as { to: string }[]).filter((m) => m.to.includes(email)).length, {
        timeout: 15000,
      })
      .toBe(1);

    proc.kill('SIGINT');
    await waitExit(proc);
    expect(proc.exitCode).toBe(0);
  }, 180_000);

  it('kill -9 of `npm start` itself: the product shuts down with it and the next start has the data', async () => {
    // npm runs `... && exec node scripts/start.js`; killing npm must not leave the product running unseen.
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        SP_PORT: String(port),
        SP_PORT_OFFSET: '5000',
        SP_PG_PORT: '15491',
        SP_DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        CHROME_PATH: '/nonexistent',
        SP_SKIP_BUILD: '1',
      },
      stdio: 'ignore',
    });
    proc = npm;
    await waitHealthy(120_000);
    const email = `npmkill.${Date.now()}@example.org`;
    const reg = await register(email, 'Robert Schumann');
    expect(reg.status).toBe(201);

    npm.kill('SIGKILL');
    await waitExit(npm);
    // The orphaned product notices and stops: the gateway port is released.
    await expect
      .poll(
        async () =>
          fetch(`${base}/api/healthz`).then(
            () => 'up',
            () => 'down',
          ),
        { timeout: 30_000, interval: 250 },
      )
      .toBe('down');

    proc = startProduct();
    await waitHealthy();
    const again = await register(email, 'Robert Schumann');
    expect(again.status).toBe(409);
    proc.kill('SIGINT');
    await waitExit(proc);
    expect(proc.exitCode).toBe(0);
  }, 240_000);

  it('Ctrl-C in a terminal (SIGINT to the whole process group, PostgreSQL included) stops cleanly with exit code 0', async () => {
    for (let round = 0; round < 3; round++) {
      const p = spawn(process.execPath, ['scripts/start.js'], {
        cwd: root,
        env: {
          ...process.env,
          SP_PORT: String(port),
          SP_PORT_OFFSET: '5000',
          SP_PG_PORT: '15491',
          SP_DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          CHROME_PATH: '/nonexistent',
          SP_SKIP_BUILD: '1',
        },
        stdio: 'ignore',
        detached: true, // its own process group, like a terminal's foreground job
      });
      proc = p;
      await waitHealthy();
      // Connections in use while the signal arrives.
      const load = Array.from({ length: 20 }, () => fetch(`${base}/api/institutions`).catch(() => undefined));
      process.kill(-p.pid!, 'SIGINT');
      await Promise.all(load);
      await waitExit(p);
      expect(p.exitCode, `round ${round}`).toBe(0);
    }
  }, 240_000);
});
