import { createServer, type RequestListener, type Server } from 'node:http';
import { isIPv4, isIPv6, type Socket } from 'node:net';
import type { Logger } from '@stundenplan/base';

/**
 * How many connections the gateway holds, and how long one may stay without a request. A client that
 * opens thousands of connections and sends nothing (or a request line byte by byte) would otherwise keep
 * them for Node's defaults (60 s for the headers, checked every 30 s) and fill the process's descriptors,
 * locking everybody else out. So: a cap per client address and one in total, checked for every
 * connection wherever it was accepted (the server's own socket or one of the accept copies, which hand
 * theirs over with `emit('connection')`), and a short header timeout that also closes a connection that
 * never sent a byte.
 */
export interface ConnectionLimits {
  /** Connections held at once; a new one beyond it is closed at once. */
  maxConnections: number;
  /** Connections held at once from one address (IPv6: one /64 network); 0: no such cap. */
  maxPerAddress: number;
  /** A request's headers, or a new connection's first request, must be complete within this (408 and closed). */
  headersTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this. */
  keepAliveTimeoutMs: number;
}

/** The key a connection is counted under: an IPv4 address (also written IPv4-mapped), or an IPv6 /64 network. */
export function addressKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return plain;
  // An IPv6 host usually has a whole /64 to pick addresses from: its first four groups are the client.
  const [head = '', tail] = plain.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Refused connections are logged at most this often (a flood would otherwise flood the log too). */
const LOG_EVERY_MS = 60_000;

/**
 * Counts the connections of `server` and closes every new one beyond `limits` before HTTP sees it. Node's
 * HTTP server reads its connections in its own 'connection' listener: that listener is wrapped, so a refused
 * socket never gets a parser.
 */
function limitConnections(server: Server, limits: Pick<ConnectionLimits, 'maxConnections' | 'maxPerAddress'>, log?: Logger): void {
  const perAddress = new Map<string, number>();
  let total = 0;
  const refused = { total: 0, perAddress: 0, loggedAt: 0 };
  const http = server.listeners('connection') as ((this: Server, socket: Socket) => void)[];
  server.removeAllListeners('connection');

  const refuse = (socket: Socket, why: 'total' | 'perAddress', key: string | undefined) => {
    socket.destroy();
    refused[why]++;
    const now = Date.now();
    if (log && now - refused.loggedAt >= LOG_EVERY_MS) {
      log.warn(
        { refusedOverTotal: refused.total, refusedOverAddress: refused.perAddress, lastAddress: key, held: total },
        'connections refused: too many at once',
      );
      refused.loggedAt = now;
      refused.total = refused.perAddress = 0;
    }
  };

  server.on('connection', function admit(this: Server, socket: Socket) {
    const key = addressKey(socket.remoteAddress);
    if (key === undefined) return void socket.destroy();
    if (total >= limits.maxConnections) return refuse(socket, 'total', key);
    const mine = perAddress.get(key) ?? 0;
    if (limits.maxPerAddress > 0 && mine >= limits.maxPerAddress) return refuse(socket, 'perAddress', key);
    total++;
    perAddress.set(key, mine + 1);
    socket.once('close', () => {
      total--;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
    for (const listener of http) listener.call(this, socket);
  });
}

/**
 * The gateway's HTTP server: header and keep-alive timeouts from `limits`, the header timeout checked
 * often enough that it holds to about a tenth (Node checks every 30 s by default), and the connection caps.
 */
function createGatewayServer(listener: RequestListener, limits: ConnectionLimits, log?: Logger): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(limits.headersTimeoutMs / 10))),
    },
    listener,
  );
  limitConnections(server, limits, log);
  return server;
}

/** Starts the gateway's HTTP server on `port`/`host`. */
export function listenGateway(listener: RequestListener, port: number, host: string, limits: ConnectionLimits, log?: Logger): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createGatewayServer(listener, limits, log);
    server.on('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
