import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
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
  const bus = await startSentPlanHook();
  return async () => {
    await new Promise((resolve) => bus.close(resolve));
    await stack.stop();
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * A sent plan with rooms, as the notification service will publish it (schedule.sent.v1) once plans carry rooms
 * (docs/product/school.md "Room bookings"): the embedded stack's bus lives in this process, so the specs post the
 * event's payload to this hook (127.0.0.1 only; its address in E2E_SENT_PLAN_HOOK) and it is published there.
 */
async function startSentPlanHook(): Promise<Server> {
  const { sharedInProcessBus, Topic } = await import('../packages/base/dist/index.js');
  type SentPlan = import('../packages/base/dist/index.js').ScheduleSentPayload;
  const bus = sharedInProcessBus();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const publish = async () => {
        // The bus checks the payload against the event's schema (a bad one is refused with 400).
        const payload = JSON.parse(body) as SentPlan;
        await bus.publish({ id: randomUUID(), topic: Topic.ScheduleSent, key: payload.class_id, version: 1, occurredAt: new Date().toISOString(), payload });
        await bus.drain();
      };
      publish().then(
        () => res.writeHead(204).end(),
        (error: unknown) => res.writeHead(400, { 'Content-Type': 'text/plain' }).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address && typeof address === 'object') process.env.E2E_SENT_PLAN_HOOK = `http://127.0.0.1:${address.port}`;
  return server;
}
