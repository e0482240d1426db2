// npm run bench:flood: a connection flood against the built gateway (docs/adr/0018-gateway-connection-limits.md).
// One client opens FLOOD_CONNECTIONS idle connections from 127.0.0.1 and sends nothing; meanwhile another client
// (127.0.0.2) asks GET /healthz over fresh connections. Prints how many flood connections the gateway refused at
// once, how long the other client waited for its answers, and when the last flood connection was closed.
// The gateway runs with a descriptor limit of FLOOD_GATEWAY_NOFILE (4096), below the flood.
// BENCH_COMPARE=1 runs the same flood a second time with the limits lifted (Node's 60 s header timeout, no caps).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 8000);
const PROBES = Number(process.env.FLOOD_PROBES ?? 20);
// The gateway's descriptor limit (ulimit -n) in this run: below the flood, as on a host whose limit a flood can reach.
const NOFILE = Number(process.env.FLOOD_GATEWAY_NOFILE ?? 4096);
const gatewayMain = fileURLToPath(new URL('../gateway/dist/main.js', import.meta.url));

const CHILD = `
const { start } = await import(process.env.GATEWAY_MAIN);
const g = await start();
process.send(g.httpPort);
process.on('message', async () => { await g.stop(); process.exit(0); });`;

function startGateway(env) {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', `ulimit -n ${NOFILE} && exec "$0" --input-type=module -e "$1"`, process.execPath, CHILD], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, GATEWAY_MAIN: gatewayMain, PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0', LISTEN_HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    });
    child.once('message', (port) => resolve({ port, stop: () => new Promise((r) => (child.once('exit', r), child.send('stop'))) }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`gateway ended (${code})`)));
  });
}

/** Opens one idle connection; resolves once it is open (or refused), with a promise of its close time. */
function idle(port, flood) {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
    s.on('error', () => undefined);
    s.resume(); // read the 408, so the close that follows it is seen
    s.once('close', () => {
      flood.closedAt.push(Date.now());
      resolve();
    });
    s.once('connect', () => {
      flood.sockets.push(s);
      resolve();
    });
  });
}

function probe(port) {
  return new Promise((resolve) => {
    const started = performance.now();
    const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    let text = '';
    const timer = setTimeout(() => s.destroy(), 120_000);
    s.on('data', (d) => {
      text += d.toString('latin1');
      if (text.includes('\r\n\r\n')) s.destroy();
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(timer);
      resolve({ ok: text.startsWith('HTTP/1.1 200'), ms: performance.now() - started });
    });
    s.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(label, env) {
  const gateway = await startGateway(env);
  const flood = { sockets: [], closedAt: [] };
  const started = Date.now();
  for (let i = 0; i < CONNECTIONS; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, CONNECTIONS - i) }, () => idle(gateway.port, flood)));
  }
  const openedIn = ((Date.now() - started) / 1000).toFixed(1);
  await new Promise((r) => setTimeout(r, 300));
  const refusedAtOnce = flood.closedAt.length;
  const probes = [];
  for (let i = 0; i < PROBES; i++) probes.push(await probe(gateway.port));
  const times = probes.map((p) => p.ms).sort((a, b) => a - b);
  const limit = Date.now() + 120_000;
  while (flood.closedAt.length < CONNECTIONS && Date.now() < limit) await new Promise((r) => setTimeout(r, 100));
  const lastClosed = flood.closedAt.length === CONNECTIONS ? `${((Math.max(...flood.closedAt) - started) / 1000).toFixed(1)} s` : 'not within 120 s';
  for (const s of flood.sockets) s.destroy();
  await gateway.stop();
  console.log(
    `${label}: ${CONNECTIONS} idle connections opened in ${openedIn} s, ${refusedAtOnce} closed at once; other client: ${probes.filter((p) => p.ok).length}/${PROBES} answered, ` +
      `p50 ${pct(times, 50).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms; last flood connection closed after ${lastClosed}`,
  );
}

console.log(`node ${process.version}, gateway from gateway/dist (build first, ulimit -n ${NOFILE}), flood from 127.0.0.1, probes from 127.0.0.2`);
await run('limits (defaults)', {});
if (process.env.BENCH_COMPARE === '1') {
  await run('limits lifted', { GATEWAY_MAX_CONNECTIONS: '1000000', GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '0', GATEWAY_HEADERS_TIMEOUT_MS: '60000' });
}
