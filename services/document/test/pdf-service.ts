import type { StartedService } from '@stundenplan/base';
import { startTestIssuer, TEST_SERVICE_TOKEN_KEY, type TestIssuer } from '@stundenplan/base/testing';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.js';
import { start } from '../src/main.js';

/**
 * Starts the document service (and a token issuer) for the tests of a file; `post` sends an export as a
 * teacher and answers the status and the bytes.
 */
export function usePdfService(): { post(body: unknown): Promise<{ status: number; buf: Buffer }> } {
  let issuer: TestIssuer;
  let svc: StartedService<Config>;
  let teacher: string;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    svc = await start({ PORT: '0', GRPC_PORT: '0', SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY, AUTH_JWKS_URL: issuer.jwksUrl, LOG_LEVEL: 'silent' });
    teacher = await issuer.cookie({ role: 'teacher' });
  });
  afterAll(async () => {
    await svc?.stop();
    await issuer?.close();
  });

  return {
    async post(body: unknown) {
      const res = await fetch(`http://127.0.0.1:${svc.httpPort}/api/export-pdf-alternative`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: teacher },
        body: JSON.stringify(body),
      });
      return { status: res.status, buf: Buffer.from(await res.arrayBuffer()) };
    },
  };
}
