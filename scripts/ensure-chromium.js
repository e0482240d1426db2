// Finds a Chromium for PDF export; installs Debian's package when missing and we may (root + apt-get).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findChromium(env = process.env) {
  if (env.CHROME_PATH && existsSync(env.CHROME_PATH)) return env.CHROME_PATH;
  return CANDIDATES.find((p) => existsSync(p));
}

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Returns the path, or undefined after printing how to get one. */
export function ensureChromium({ log = console.log, install = true } = {}) {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (install && isRoot && hasAptGet()) {
    log('Chromium für den PDF-Export fehlt – installiere Debian-Paket "chromium" (apt-get) …');
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch {
      try {
        execFileSync('apt-get', ['update'], { stdio: 'inherit' });
        execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      } catch {
        /* fall through to the message */
      }
    }
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const p = ensureChromium();
  if (p) console.log(p);
  process.exit(p ? 0 : 1);
}
