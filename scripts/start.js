// `npm start`: the whole product on this machine, embedded defaults, data kept in .data/.
import { ensureChromium } from './ensure-chromium.js';
import { startStack } from './stack.js';

const chrome = ensureChromium();
if (chrome) process.env.CHROME_PATH = chrome;

// Overrides for running a second copy beside the first (tests, demos); defaults are the documented ones.
const port = Number(process.env.SP_PORT ?? 8080);
const stack = await startStack({
  port,
  portOffset: Number(process.env.SP_PORT_OFFSET ?? 0),
  pgPort: process.env.SP_PG_PORT ? Number(process.env.SP_PG_PORT) : undefined,
  dataDir: process.env.SP_DATA_DIR || undefined,
}).catch((e) => {
  console.error('Start fehlgeschlagen:', e?.message ?? e);
  process.exit(1);
});
console.log(`Beenden mit Strg+C. Lokale E-Mails: http://localhost:${port}/dev/mail`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nWird beendet …');
    stack.stop().then(() => process.exit(0), () => process.exit(1));
  });
}
