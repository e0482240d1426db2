// The configuration table (docs/configuration.md) must name every environment variable the code reads, and nothing
// the code does not read (a configuration table: every env var, its default and which mode uses it).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const read = (rel: string): string => readFileSync(join(root, rel), 'utf8');

/** Keys of the zod config shapes (`  NAME: z...` / `  NAME: baseConfigShape.NAME`) and `process.env.NAME` in the start scripts and the web build. */
function variablesInCode(): Set<string> {
  const files = ['packages/base/src/config.ts', 'gateway/src/config.ts', ...readdirSync(join(root, 'services')).map((s) => `services/${s}/src/config.ts`)];
  const names = new Set<string>();
  for (const f of files) {
    for (const m of read(f).matchAll(/^\s+([A-Z][A-Z0-9_]+):\s/gm)) names.add(m[1]!);
  }
  for (const f of ['scripts/start.js', 'scripts/stack.js', 'web/vite.config.ts']) {
    for (const m of read(f).matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
  }
  return names;
}

/** Back-quoted names in the first column of the table under "## Variables" in docs/configuration.md. */
function variablesInTable(): Set<string> {
  const doc = read('docs/configuration.md');
  const start = doc.indexOf('## Variables');
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end === -1 ? undefined : end);
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const first = line.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z<][A-Z0-9_<>]+)`/g)) names.add(m[1]!);
  }
  return names;
}

const covered = (name: string, documented: Set<string>): boolean =>
  documented.has(name) ||
  (name.endsWith('_SERVICE_ADDR') && documented.has('<NAME>_SERVICE_ADDR')) ||
  (name.endsWith('_SERVICE_URL') && documented.has('<NAME>_SERVICE_URL'));

describe('the configuration table (docs/configuration.md)', () => {
  const inCode = variablesInCode();
  const documented = variablesInTable();

  it('finds the variables on both sides (so the checks below can fail)', () => {
    expect(inCode.size).toBeGreaterThan(30);
    expect(documented).toContain('DATABASE_URL');
    expect(inCode).toContain('TRUST_PROXY');
  });

  it('documents every variable the code reads', () => {
    expect([...inCode].filter((n) => !covered(n, documented))).toEqual([]);
  });

  it('documents no variable the code does not read (AWS_SECRET_ACCESS_KEY is read by the AWS SDK)', () => {
    const sdk = new Set(['AWS_SECRET_ACCESS_KEY', '<NAME>_SERVICE_ADDR', '<NAME>_SERVICE_URL']);
    expect([...documented].filter((n) => !inCode.has(n) && !sdk.has(n))).toEqual([]);
  });
});
