// The seven services of embedded mode in one child process (scripts/stack.js starts it with `split`), so
// the gateway and the services each have an event loop and both cores work. The services share this
// process's in-process bus and memory store as before; session revocations written to the store are
// passed to the parent, whose gateway checks them on every call. Stops when told to or when the parent is gone.
import { writeFileSync, rmSync } from 'node:fs';
import { createStore } from '../packages/base/dist/index.js';
import { startServices } from './stack.js';

const send = (m) => {
  if (process.connected) process.send(m);
};
let running = [];
let stopping;
let pidFile;

function stop(code = 0) {
  stopping ??= (async () => {
    for (const svc of running.splice(0).reverse()) await svc.stop().catch(() => undefined);
    if (pidFile) rmSync(pidFile, { force: true });
    send({ type: 'stopped' });
    process.exit(code);
  })();
  return stopping;
}

// While stopping, PostgreSQL may close connections first: expected, not a crash.
const PG_GONE = new Set(['57P01', '57P02', '57P03']);
process.on('uncaughtException', (err) => {
  if (stopping && (PG_GONE.has(err?.code) || /Connection terminated/.test(err?.message ?? ''))) return;
  console.error(err);
  void stop(1);
});
// The parent stops us (gateway first, PostgreSQL last); signals to our own group are not ours to act on.
for (const sig of ['SIGINT', 'SIGHUP']) process.on(sig, () => undefined);
process.on('SIGTERM', () => void stop());
// The parent died (kill -9): stop too, so the next start finds the ports free.
process.on('disconnect', () => void stop());

process.on('message', async (m) => {
  if (m?.type === 'stop') return void stop();
  if (m?.type !== 'start') return;
  pidFile = m.pidFile;
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  // The one memory store of this process (createStore hands every service the same instance).
  const store = await createStore({ STORE: 'memory', REDIS_URL: '' });
  const set = store.set.bind(store);
  store.set = async (key, value, ttlSeconds) => {
    await set(key, value, ttlSeconds);
    if (key.startsWith('revoked:')) send({ type: 'store-set', key, value, ttlSeconds });
  };
  try {
    running = await startServices(m.common, m.offset, m.skip);
    send({ type: 'ready' });
  } catch (e) {
    send({ type: 'failed', error: { message: e?.message ?? String(e), code: e?.code, port: e?.port, address: e?.address, syscall: e?.syscall } });
    await stop(1);
  }
});
send({ type: 'hello' });
