import { healthV1 } from '@stundenplan/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { callUnary, grpc, wrapUnary } from './grpc.js';
import { createLogger } from './logger.js';
import { acceptRequestId, currentRequestId, runInRequest } from './request-context.js';

describe('request id over gRPC', () => {
  let server: grpc.Server | undefined;
  let client: healthV1.HealthClient | undefined;
  afterEach(() => {
    client?.close();
    server?.forceShutdown();
  });

  it('a call made while serving a request carries its id, and the handler runs in it', async () => {
    const seen: (string | undefined)[] = [];
    server = new grpc.Server();
    server.addService(healthV1.HealthService, {
      check: wrapUnary<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>(createLogger('test'), async () => {
        await Promise.resolve();
        seen.push(currentRequestId());
        return { status: healthV1.HealthCheckResponse_ServingStatus.SERVING };
      }),
      watch: () => undefined,
    });
    const port = await new Promise<number>((resolve, reject) =>
      server!.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    const c = new healthV1.HealthClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    client = c;
    const check = () => callUnary(c.check.bind(c), c, { service: '' });

    await runInRequest({ requestId: 'req-42' }, check);
    await check();

    expect(seen[0]).toBe('req-42');
    // Outside of a request the server starts one of its own.
    expect(seen[1]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('acceptRequestId', () => {
  it('keeps a plain id and replaces anything else with a fresh one', () => {
    expect(acceptRequestId('abc-123.x')).toBe('abc-123.x');
    expect(acceptRequestId('a b')).toMatch(/^[0-9a-f-]{36}$/);
    expect(acceptRequestId('x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
    expect(acceptRequestId(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
