// The registry mirror here lacks turbo's macOS/Windows binaries, so `npm install` drops their
// lockfile entries and `npm ci` then refuses the lockfile. Put the (optional, never installed
// on Linux) entries back. Run after every `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const turbo = lock.packages['node_modules/turbo'];
const platforms = { 'darwin-64': ['darwin', 'x64'], 'darwin-arm64': ['darwin', 'arm64'], 'windows-64': ['win32', 'x64'], 'windows-arm64': ['win32', 'arm64'] };
let added = 0;
for (const [name, [os, cpu]] of Object.entries(platforms)) {
  const key = `node_modules/@turbo/${name}`;
  if (!turbo?.optionalDependencies?.[`@turbo/${name}`] || lock.packages[key]) continue;
  lock.packages[key] = { version: turbo.version, dev: true, license: 'MIT', optional: true, os: [os], cpu: [cpu] };
  added++;
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lockfile: ${added} platform entries added`);
