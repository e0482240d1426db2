import { Writable } from 'node:stream';
import { addLogDestination, REQUEST_ID_HEADER } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Harness } from './helpers.js';

/** The gateway's x-request-id follows a request into the service's logs and into its gRPC calls. */

let h: Harness;
const lines: Record<string, unknown>[] = [];
let removeLogDestination: () => void = () => undefined;

beforeAll(async () => {
  // Warnings on: the log line under test is the warning about the unreachable neighbour.
  h = await startHarness({ availability: true, env: { LOG_LEVEL: 'warn' } });
  removeLogDestination = addLogDestination(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
});
afterAll(async () => {
  removeLogDestination();
  await h?.stop();
});

describe('request id', () => {
  it('when a request comes with x-request-id, the downstream gRPC call carries it as metadata and the log line names it', async () => {
    const t = await h.teacher();
    const c = await createClass(h, t, 'Verfolgt');
    await addMembers(h, t, c.class_id, [{ name: 'Rita Spur' }]);
    const requestId = `test-${Date.now()}`;
    h.availability!.fail = true;
    try {
      const res = await fetch(`${h.base}/api/me/classes`, { headers: { cookie: t.cookie, [REQUEST_ID_HEADER]: requestId } });
      expect(res.status).toBe(200);
      expect(res.headers.get(REQUEST_ID_HEADER)).toBe(requestId);
    } finally {
      h.availability!.fail = false;
    }
    const downstream = h.availability!.calls.filter((call) => call.method === 'countAnswered').at(-1);
    expect(downstream?.requestId).toBe(requestId);
    const logged = lines.find((l) => l.msg === 'availability unreachable: answered counts unknown' && l.requestId === requestId);
    expect(logged, JSON.stringify(lines.slice(-5))).toBeDefined();
  });

  it('a request without an id, or with a malformed one, gets a fresh id that is passed on the same way', async () => {
    const t = await h.teacher();
    const c = await createClass(h, t, 'Neu');
    await addMembers(h, t, c.class_id, [{ name: 'Nina Neu' }]);
    const res = await fetch(`${h.base}/api/me/classes`, { headers: { cookie: t.cookie, [REQUEST_ID_HEADER]: 'bad id with spaces' } });
    expect(res.status).toBe(200);
    const given = res.headers.get(REQUEST_ID_HEADER);
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.availability!.calls.filter((call) => call.method === 'countAnswered').at(-1)?.requestId).toBe(given);
  });
});
