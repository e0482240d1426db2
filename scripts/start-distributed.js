// `npm run start:distributed`: the hosted topology on this machine. Every service (and every replica,
// e.g. SOLVER_REPLICAS=2 CLASSES_REPLICAS=2) runs as its own OS process with the containers' entry
// points and environment (docker-compose.yml), against PostgreSQL (DATABASE_URL, default the machine's
// stundenplan_dist), Redis (REDIS_URL) and Kafka (KAFKA_BROKERS, else a local broker). Gateway on :8080.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.js';
import { root } from './distributed/topology.js';

if (process.env.SP_SKIP_BUILD !== '1') {
  const r = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  });
  if (r.status !== 0) {
    console.error('Der Build ist fehlgeschlagen (Meldungen oben).');
    process.exit(1);
  }
}
const chrome = ensureChromium({ install: false });
if (chrome) process.env.CHROME_PATH ??= chrome;

const { startDistributed } = await import('./distributed/supervisor.js');
let stack;
try {
  stack = await startDistributed({ port: Number(process.env.SP_PORT ?? 8080) });
} catch (e) {
  console.error(`Start fehlgeschlagen: ${e.message}`);
  process.exit(1);
}
const counts = [...stack.procs.keys()].join(', ');
console.log(`Stundenplan-Assistent (verteilt) läuft: http://localhost:${process.env.SP_PORT ?? 8080}  [${counts}]`);
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log('Beende …');
    stack.stop().finally(() => process.exit(0));
  });
}
