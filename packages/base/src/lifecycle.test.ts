import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built kit (npm test builds first): a real process has to crash for this.
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

function runCrashing(failure: string): { status: number | null; out: string } {
  const script = `
    import { runStandalone } from ${JSON.stringify(dist + 'lifecycle.js')};
    import { createLogger } from ${JSON.stringify(dist + 'logger.js')};
    runStandalone('probe', async () => {
      setTimeout(() => { ${failure} }, 10);
      return { name: 'probe', httpPort: 1, stop: async () => { console.log('STOPPED'); } };
    }, createLogger('probe'));
    setTimeout(() => { console.log('STILL RUNNING'); process.exit(0); }, 3000);
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('runStandalone', () => {
  it('logs an uncaught exception as fatal, stops the service and exits with 1', () => {
    const r = runCrashing("throw new Error('boom-exception')");
    expect(r.status).toBe(1);
    expect(r.out).toContain('boom-exception');
    expect(r.out).toContain('uncaughtException');
    expect(r.out).toContain('STOPPED');
    expect(r.out).not.toContain('STILL RUNNING');
  });

  it('treats a rejected promise nobody awaited the same way', () => {
    const r = runCrashing("void Promise.reject(new Error('boom-rejection'))");
    expect(r.status).toBe(1);
    expect(r.out).toContain('boom-rejection');
    expect(r.out).toContain('unhandledRejection');
    expect(r.out).toContain('STOPPED');
  });
});
