// `npm start`: the whole product on this machine, embedded defaults, data kept in .data/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.js';
import { claimInstance, watchParent } from './instance.js';
import { startStack } from './stack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chrome = ensureChromium();
if (chrome) process.env.CHROME_PATH = chrome;

// Overrides for running a second copy beside the first (tests, demos); defaults are the documented ones.
const port = Number(process.env.SP_PORT ?? 8080);
const dataDir = path.resolve(process.env.SP_DATA_DIR || path.join(root, '.data'));
const release = await claimInstance(dataDir);
const stack = await startStack({
  port,
  portOffset: Number(process.env.SP_PORT_OFFSET ?? 0),
  pgPort: process.env.SP_PG_PORT ? Number(process.env.SP_PG_PORT) : undefined,
  dataDir,
}).catch((e) => {
  console.error('Start fehlgeschlagen:', e?.message ?? e);
  release();
  process.exit(1);
});
console.log(`Beenden mit Strg+C. Lokale E-Mails: http://localhost:${port}/dev/mail`);

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nWird beendet …');
  stack.stop().then(
    () => {
      release();
      process.exit(0);
    },
    () => {
      release();
      process.exit(1);
    },
  );
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, shutdown);
// Ctrl-C in a terminal reaches the embedded PostgreSQL too (same process group), which may then close
// connections before the services are done with them. While shutting down that is expected, not a crash.
const PG_GONE = new Set(['57P01', '57P02', '57P03']);
process.on('uncaughtException', (err) => {
  if (stopping && (PG_GONE.has(err?.code) || /Connection terminated/.test(err?.message ?? ''))) return;
  console.error(err);
  process.exit(1);
});
// npm runs us through `sh -c ... && exec node scripts/start.js`, so our parent is npm itself.
watchParent(shutdown);
