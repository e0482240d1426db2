// A taken port ends the start with one sentence naming the port and the variable that moves it.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the repository
import { checkPorts, StartError } from './ports.js';
// @ts-expect-error plain JS module of the repository
import { SERVICES, startStack } from './stack.js';

const held: net.Server[] = [];
function hold(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve());
    held.push(s);
  });
}
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});

// Ports of this file: gateway 19380, offset 11300 (services 19381-19398).
const gatewayPort = 19380;
const offset = 11300;

describe('port checks of embedded mode', () => {
  it('every default port lies below the ephemeral range 32768-60999', () => {
    const ports = [8080, 8090, 15432, ...SERVICES.flatMap((s: { http: number; grpc: number }) => [s.http, s.grpc])];
    for (const p of ports) expect(p).toBeLessThan(32768);
    expect(SERVICES.map((s: { grpc: number }) => s.grpc)).toEqual([8091, 8092, 8093, 8094, 8095, 8096, 8097, 8098]);
  });

  it('a taken gateway port names the port and SP_PORT, before anything starts', async () => {
    await hold(gatewayPort);
    const err = await startStack({ port: gatewayPort, portOffset: offset, databaseUrl: 'postgresql://unused@127.0.0.1:1/x', log: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartError);
    expect((err as Error).message).toBe(
      `Port ${gatewayPort} ist schon belegt: Beende das Programm, das ihn nutzt, oder starte mit einem anderen Port, z. B. SP_PORT=3000 npm start.`,
    );
  });

  it('a taken internal port names the port, the service and SP_PORT_OFFSET', async () => {
    await hold(8093 + offset);
    const err = await checkPorts({ gatewayPort, offset, services: SERVICES }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartError);
    expect((err as Error).message).toBe(
      `Der interne Port ${8093 + offset} (availability, gRPC) ist schon belegt: Starte mit einem anderen Versatz für die internen Ports, z. B. SP_PORT_OFFSET=${offset + 1000} npm start.`,
    );
  });

  it('free ports pass', async () => {
    await expect(checkPorts({ gatewayPort, offset, services: SERVICES })).resolves.toBeUndefined();
  });
});
