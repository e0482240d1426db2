import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Real PostgreSQL for the test run: DATABASE_URL when set (CI's own server),
 * otherwise an embedded server in a temporary folder, shared by the whole run.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return undefined;
  }
  const { startEmbeddedPostgres } = await import('../packages/base/dist/embedded-postgres.js');
  // The postgres user must reach the folder: /tmp, not a 0700 home directory.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-test-pg-'));
  chmodSync(dir, 0o755); // mkdtemp creates it 0700
  // A random free port below Linux's ephemeral range (32768-60999), which outgoing connections use.
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), portRange: [15500, 16499], database: 'test', persistent: false, durable: false });
  process.env.DATABASE_URL = db.url;
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
