// The import-cycle check (.ci/run): it finds a cycle, type-only ones too, and covers every workspace.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the repository
import { cyclesOf, workspaces } from './check-cycles.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } }));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, 'src', name), code);
  return dir;
}

describe('import cycle check', () => {
  it('finds a cycle of type-only imports', async () => {
    const dir = workspace({
      'a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
      'b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
    });
    expect(await cyclesOf(dir)).toEqual([['a.ts', 'b.ts']]);
  });

  it('finds none when the imports go one way', async () => {
    const dir = workspace({ 'a.ts': "import { b } from './b.js';\nexport const a = b + 1;\n", 'b.ts': 'export const b = 1;\n' });
    expect(await cyclesOf(dir)).toEqual([]);
  });

  it('covers the services, the gateway, the web and the packages', () => {
    expect(workspaces()).toEqual(expect.arrayContaining(['gateway', 'web', 'packages/base', 'services/notification', 'services/scheduling-solver']));
  });
});
