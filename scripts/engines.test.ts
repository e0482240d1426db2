// The Node version the root package.json promises must be one every installed package accepts: a
// dependency whose `engines.node` leaves the promised minimum out fails here, before a user finds out.
import { existsSync, readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8')) as Record<string, unknown>;

/**
 * Packages allowed to ask for a newer Node, each with the reason it cannot be pinned lower. Keep this
 * list short: an entry that no longer mismatches fails the test, so it is removed when it is not needed.
 */
const EXCEPTIONS: Record<string, string> = {
  // Every release asks for Node 22. Prisma's CLI (prisma generate runs here) reaches it only through
  // a dynamic import inside `prisma dev` (a local Prisma Postgres), which the project never runs.
  'node_modules/@prisma/streams-local': 'prisma dev only',
};

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
}

function nodeRange(path: string, entry: LockEntry): string | undefined {
  // The installed package.json is what runs; the lockfile's copy stands in when a package is not installed.
  const manifest = existsSync(new URL(`${path}/package.json`, root)) ? readJson(`${path}/package.json`) : entry;
  const engines = manifest.engines;
  if (!engines || Array.isArray(engines) || typeof engines !== 'object') return undefined;
  const node = (engines as Record<string, unknown>).node;
  return typeof node === 'string' ? node : undefined;
}

describe('Node version promised in package.json', () => {
  const promised = (readJson('package.json').engines as { node: string }).node;
  const minimum = semver.minVersion(promised)!.version;
  const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
  const ranges = Object.entries(lock.packages)
    .filter(([path]) => path.includes('node_modules/'))
    .map(([path, entry]) => ({ path, version: entry.version, range: nodeRange(path, entry) }))
    .filter((p): p is { path: string; version: string | undefined; range: string } => p.range !== undefined);

  it('is a plain minimum that the README and CONTRIBUTING state', () => {
    expect(promised).toMatch(/^>=\d+\.\d+(\.\d+)?$/);
    const words = `Node ${promised.slice(2)}+`;
    expect(readFileSync(new URL('README.md', root), 'utf8')).toContain(words);
    expect(readFileSync(new URL('CONTRIBUTING.md', root), 'utf8')).toContain(words);
  });

  it('is accepted by every installed package that names a Node range', () => {
    expect(ranges.length).toBeGreaterThan(50);
    const refusing = ranges
      .filter(({ path }) => !(path in EXCEPTIONS))
      .filter(({ range }) => !semver.satisfies(minimum, range))
      .map(({ path, version, range }) => `${path}@${version} wants node ${range}`);
    expect(refusing).toEqual([]);
  });

  it('lists only exceptions that are installed and still ask for a newer Node', () => {
    for (const path of Object.keys(EXCEPTIONS)) {
      const found = ranges.find((p) => p.path === path);
      expect(found, path).toBeDefined();
      expect(semver.satisfies(minimum, found!.range), path).toBe(false);
    }
  });
});
