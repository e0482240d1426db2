// Ports of embedded mode. Everything lies below Linux's ephemeral range (32768-60999), which the
// kernel hands to outgoing connections: a server port there can be taken by any client for a moment.
// Gateway 8080 (SP_PORT), services' HTTP 8081-8086 and 8088 and gRPC 8091-8096 and 8098, gateway metrics 8090 (all
// + SP_PORT_OFFSET), embedded PostgreSQL 15432 (SP_PG_PORT).
import net from 'node:net';

export const GATEWAY_PORT = 8080;
export const METRICS_PORT = 8090;
export const PG_PORT = 15432;

/** A start that cannot go on; `message` is one German sentence that says what to do. */
export class StartError extends Error {}

function probe(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', (e) => resolve(e.code === 'EADDRINUSE' || e.code === 'EACCES' ? e.code : 'ok'));
    // The wildcard address collides with a listener on any local IPv4 address.
    srv.listen({ port, host: '0.0.0.0', exclusive: true }, () => srv.close(() => resolve('ok')));
  });
}

export const gatewayPortTaken = (port) =>
  new StartError(`Port ${port} ist schon belegt: Beende das Programm, das ihn nutzt, oder starte mit einem anderen Port, z. B. SP_PORT=3000 npm start.`);

export const internalPortTaken = (port, what, offset) =>
  new StartError(
    `Der interne Port ${port} (${what}) ist schon belegt: Starte mit einem anderen Versatz für die internen Ports, z. B. SP_PORT_OFFSET=${offset + 1000} npm start.`,
  );

export const pgPortTaken = (port) =>
  new StartError(`Port ${port} (eingebettetes PostgreSQL) ist schon belegt: Starte mit einem anderen Port, z. B. SP_PG_PORT=${port + 1} npm start.`);

/**
 * Checks before anything starts that the gateway's and the services' ports are free.
 * @param {{ gatewayPort: number, offset: number, services: { name: string, http: number, grpc: number }[] }} o
 */
export async function checkPorts(o) {
  if ((await probe(o.gatewayPort)) !== 'ok') throw gatewayPortTaken(o.gatewayPort);
  const internal = [
    ...o.services.flatMap((s) => [
      { port: s.http + o.offset, what: `${s.name}, HTTP` },
      { port: s.grpc + o.offset, what: `${s.name}, gRPC` },
    ]),
    { port: METRICS_PORT + o.offset, what: 'gateway, Metriken' },
  ];
  for (const p of internal) if ((await probe(p.port)) !== 'ok') throw internalPortTaken(p.port, p.what, o.offset);
}

/** Turns a listen error that escaped the checks (a port taken in between) into the same sentence. */
export function explainListenError(e, o) {
  if (e?.code !== 'EADDRINUSE' || typeof e.port !== 'number') return e;
  if (e.port === o.gatewayPort) return gatewayPortTaken(e.port);
  if (e.port === o.pgPort) return pgPortTaken(e.port);
  return internalPortTaken(e.port, 'Dienst', o.offset);
}
