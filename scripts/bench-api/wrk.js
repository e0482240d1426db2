// wrk: installed when missing (apt-get, as root), run with scenario.lua, figures parsed from its done() line.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const hasWrk = () => spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0;

/** Makes sure wrk is on PATH; throws a sentence saying what to do when it cannot be installed. */
export function ensureWrk(log) {
  if (hasWrk()) return;
  const root = process.getuid?.() === 0;
  const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!root && !sudo)
    throw new Error('wrk fehlt und kann ohne root nicht installiert werden: Installiere es mit "sudo apt-get install -y wrk" und starte erneut.');
  log('wrk fehlt: wird mit apt-get installiert …');
  const pre = sudo ? ['sudo', '-n'] : [];
  const run = (args) =>
    spawnSync(pre[0] ?? args[0], pre.length ? [...pre.slice(1), ...args] : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (run(['apt-get', 'install', '-y', 'wrk']).status !== 0) {
    run(['apt-get', 'update']);
    run(['apt-get', 'install', '-y', 'wrk']);
  }
  if (!hasWrk()) throw new Error('wrk konnte nicht installiert werden: Installiere es mit "apt-get install -y wrk" und starte erneut.');
}

/**
 * Runs wrk against `url` for `seconds` with `connections` connections (one thread: the machine's
 * cores belong to the product). `lines` are written to a file scenario.lua reads (see there).
 */
export function runWrk({ url, mode, lines, seconds, connections = 200, workDir, name }) {
  const file = path.join(workDir, `${name}.txt`);
  writeFileSync(file, lines.join('\n') + '\n');
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', path.join(here, 'scenario.lua'), url, '--', mode, file];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (exit ${code}):\n${out}`));
      const r = JSON.parse(line.slice('BENCH_JSON '.length));
      const errors = Object.values(r.errors).reduce((a, b) => a + b, 0);
      resolve({
        requests: r.requests,
        rps: r.requests / (r.duration_us / 1e6),
        p50: r.p50_us / 1000,
        p99: r.p99_us / 1000,
        max: r.max_us / 1000,
        errors,
        errorDetail: r.errors,
        counters: r.counters,
      });
    });
  });
}
