// Finds a Chromium for PDF export; installs Debian's package when missing and we may (root + apt-get).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findChromium(env = process.env) {
  if (env.CHROME_PATH && existsSync(env.CHROME_PATH)) return env.CHROME_PATH;
  return CANDIDATES.find((p) => existsSync(p));
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const hasAptGet = () => hasCommand('apt-get');

/** Installs a Debian package when we may (root + apt-get); answers whether the install ran without error. */
function aptInstall(pkg) {
  if (process.getuid?.() !== 0 || !hasAptGet()) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const update of [false, true]) {
    try {
      if (update) execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
      return true;
    } catch {
      /* retry once after apt-get update */
    }
  }
  return false;
}

/** Makes sure `command` exists, installing Debian's `pkg` when missing and possible. */
export function ensureCommand(command, pkg, { log = console.log, purpose = '' } = {}) {
  if (hasCommand(command)) return true;
  log(`${command} fehlt${purpose ? ` (${purpose})` : ''} – installiere Debian-Paket "${pkg}" (apt-get) …`);
  if (aptInstall(pkg) && hasCommand(command)) return true;
  log(`Hinweis: ${command} nicht verfügbar. Installieren: sudo apt-get install -y ${pkg}`);
  return false;
}

/** Returns the path, or undefined after printing how to get one. */
export function ensureChromium({ log = console.log, install = true } = {}) {
  const found = findChromium();
  if (found) return found;
  if (install && process.getuid?.() === 0 && hasAptGet()) {
    log('Chromium für den PDF-Export fehlt – installiere Debian-Paket "chromium" (apt-get) …');
    aptInstall('chromium');
    const after = findChromium();
    if (after) return after;
  }
  log(
    'Hinweis: Kein Chromium gefunden – der PDF-Export ist deaktiviert, alles andere läuft.\n' +
      '  Installieren: sudo apt-get install -y chromium\n' +
      '  oder einen vorhandenen Browser angeben: CHROME_PATH=/pfad/zu/chrome npm start',
  );
  return undefined;
}

/**
 * `npm start` does not wait for Chromium: when it is missing and we may install it, apt-get runs in
 * the background (own process group, so Ctrl-C cannot interrupt dpkg) while the product builds and
 * starts; the document service finds the browser on the next PDF. Returns true when an install runs.
 */
export function installChromiumInBackground({ log = console.log, logFile }) {
  if (findChromium() || process.getuid?.() !== 0 || !hasAptGet()) return false;
  const cmd =
    'export DEBIAN_FRONTEND=noninteractive; apt-get install -y --no-install-recommends chromium || ' +
    '{ apt-get update && apt-get install -y --no-install-recommends chromium; }';
  const out = openSync(logFile, 'a');
  const child = spawn('sh', ['-c', cmd], { detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  log(`Chromium für den PDF-Export fehlt – wird im Hintergrund installiert (Protokoll: ${logFile}).`);
  child.on('exit', () => {
    if (findChromium()) log('Chromium ist installiert: der PDF-Export ist bereit.');
    else log('Hinweis: Chromium ließ sich nicht installieren – der PDF-Export ist deaktiviert. Installieren: sudo apt-get install -y chromium');
  });
  child.unref();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const p = ensureChromium();
  if (p) console.log(p);
  process.exit(p ? 0 : 1);
}
