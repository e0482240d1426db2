import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 19680;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-services-exit-'));

async function waitHealthy(timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('product did not become healthy');
    await new Promise((r) => setTimeout(r, 300));
  }
}

const waitExit = (p: ChildProcess): Promise<void> => new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())));

describe('npm start (scripts/start.js) when its services process dies', () => {
  let proc: ChildProcess | undefined;
  afterAll(async () => {
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGINT');
      await waitExit(proc);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says so and stops the product (exit 1) instead of answering 502 to everything', async () => {
    proc = spawn(process.execPath, ['scripts/start.js'], {
      cwd: root,
      env: {
        ...process.env,
        SP_PORT: String(port),
        SP_PORT_OFFSET: '5300',
        SP_PG_PORT: '15493',
        SP_DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        CHROME_PATH: '/nonexistent',
        SP_SKIP_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitHealthy();

    const servicesPid = Number(readFileSync(path.join(dataDir, 'services.pid'), 'utf8').trim());
    expect(servicesPid).toBeGreaterThan(0);
    expect(servicesPid).not.toBe(proc.pid);
    process.kill(servicesPid, 'SIGKILL');

    const exited = await Promise.race([waitExit(proc).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 30_000))]);
    expect(exited, output).toBe(true);
    expect(proc.exitCode).toBe(1);
    expect(output).toContain('Die Dienste wurden unerwartet beendet (Signal SIGKILL). Der Stundenplan-Assistent wird beendet: Starte ihn mit npm start neu.');
    // Everything is stopped: the gateway's port is free again.
    await expect(fetch(`${base}/api/healthz`)).rejects.toThrow();
  }, 180_000);
});
