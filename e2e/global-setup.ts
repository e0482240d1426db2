import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Starts the whole product (embedded mode) on its own ports for the browser tests. */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 18080);
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-'));
  const { startStack } = await import('../scripts/stack.js');
  // The specs see it (workers inherit the runner's environment): the operator's command reads the services' key there.
  process.env.E2E_STACK_DATA_DIR = dataDir;
  const stack = await startStack({
    port,
    portOffset: Number(process.env.E2E_PORT_OFFSET ?? 10000),
    pgPortRange: [16500, 16999],
    dataDir,
    durable: false,
    log: () => {},
    // Every browser test comes from one IP; the per-IP limits are tested in the gateway's own tests.
    env: { LOG_LEVEL: 'error', LOGIN_LIMIT_PER_IP: '1000', REGISTER_LIMIT_PER_IP: '1000' },
  });
  return async () => {
    await stack.stop();
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
}
