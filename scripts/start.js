// `npm start`: the whole product on this machine, embedded defaults, data kept in .data/.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, installChromiumInBackground } from './ensure-chromium.js';
import { claimInstance, watchParent } from './instance.js';
import { StartError } from './ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One sentence instead of a stack trace: what went wrong and, where we know it, what to do. */
function explain(e) {
  if (e instanceof StartError) return e.message;
  if (e?.code === 'EACCES' && e.path)
    return `Keine Berechtigung für ${e.path}: Starte als Benutzer, dem der Ordner gehört, oder gib mit SP_DATA_DIR einen beschreibbaren Datenordner an.`;
  if (e?.code === 'ENOSPC') return 'Kein Platz mehr auf dem Datenträger: Gib Speicherplatz frei und starte erneut.';
  return `${e?.message ?? e} (Details mit SP_DEBUG=1 npm start)`;
}

/** The build (turbo: cached, so a later start without changes takes half a second). */
function build() {
  const r = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  });
  if (r.status !== 0) throw new StartError('Der Build ist fehlgeschlagen (Meldungen oben): Behebe den Fehler oder hole den letzten funktionierenden Stand.');
}

function fail(e, release) {
  console.error(`Start fehlgeschlagen: ${explain(e)}`);
  if (process.env.SP_DEBUG) console.error(e);
  release?.();
  process.exit(1);
}

// Overrides for running a second copy beside the first (tests, demos); defaults are the documented ones.
const port = Number(process.env.SP_PORT ?? 8080);
const dataDir = path.resolve(process.env.SP_DATA_DIR || path.join(root, '.data'));
let release;
let stack;
let stopping = false;
/** 1 once the product stops because a part of it died. */
let exitCode = 0;
try {
  mkdirSync(dataDir, { recursive: true });
  // Chromium installs in the background while we build and start; without apt-get we say how to get it.
  if (!installChromiumInBackground({ logFile: path.join(dataDir, 'chromium-install.log') })) {
    const chrome = ensureChromium({ install: false });
    if (chrome) process.env.CHROME_PATH = chrome;
  }
  if (process.env.SP_SKIP_BUILD !== '1') build(); // tests that built already skip it
  release = await claimInstance(dataDir);
  const { startStack } = await import('./stack.js'); // uses the build's output
  // From here on a signal stops the product (the gateway may answer before the start has finished).
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, shutdown);
  stack = await startStack({
    port,
    portOffset: Number(process.env.SP_PORT_OFFSET ?? 0),
    pgPort: process.env.SP_PG_PORT ? Number(process.env.SP_PG_PORT) : undefined,
    dataDir,
    split: true, // the services in a child process beside the gateway: both cores work
    onServicesExit: servicesDied,
  });
} catch (e) {
  // Stopped while starting (Ctrl-C reaches PostgreSQL too, which may end the start): what was asked for.
  if (stopping) {
    release?.();
    process.exit(exitCode);
  }
  fail(e, release);
}
if (stopping) stopStack();
else console.log(`Beenden mit Strg+C. Lokale E-Mails: http://localhost:${port}/dev/mail`);

/**
 * A signal: stop everything and exit 0. One that arrives while the start is still running is kept and acted on
 * once the product is up (a second one ends at once, the way a repeated Ctrl-C does).
 */
function shutdown() {
  if (stopping) {
    if (!stack) process.exit(130);
    return;
  }
  stopping = true;
  console.log('\nWird beendet …');
  if (stack) stopStack();
}

/**
 * The services process ended on its own (a crash, the OOM killer, kill -9): without it every API call
 * would be a 502. Say so and stop the rest (gateway, PostgreSQL) with exit code 1, so whoever runs
 * `npm start` (a terminal, systemd, a script) sees it and can start it again.
 */
function servicesDied({ code, signal }) {
  if (stopping) return;
  stopping = true;
  exitCode = 1;
  const how = signal ? `Signal ${signal}` : `Exit-Code ${code}`;
  console.error(`\nDie Dienste wurden unerwartet beendet (${how}). Der Stundenplan-Assistent wird beendet: Starte ihn mit npm start neu.`);
  if (stack) stopStack();
}

function stopStack() {
  stack.stop().then(
    () => {
      release();
      process.exit(exitCode);
    },
    () => {
      release();
      process.exit(1);
    },
  );
}
// Ctrl-C in a terminal reaches the embedded PostgreSQL too (same process group), which may then close
// connections before the services are done with them. While shutting down that is expected, not a crash.
const PG_GONE = new Set(['57P01', '57P02', '57P03']);
process.on('uncaughtException', (err) => {
  if (stopping && (PG_GONE.has(err?.code) || /Connection terminated/.test(err?.message ?? ''))) return;
  console.error(err);
  process.exit(1);
});
// npm runs us through `sh -c 'exec node scripts/start.js'`, so our parent is npm itself.
watchParent(shutdown);
