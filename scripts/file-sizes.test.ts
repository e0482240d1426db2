// Small files with one responsibility: no hand-written source file (code, tests, styles, scripts) is longer than
// 350 lines. ESLint's `max-lines` holds the same for the files it reads; this check adds the stylesheets and the
// scripts ESLint does not see. Generated code (proto, Prisma) and data files are not hand-written.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 350;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|proto|sh)$/;
const GENERATED = [/(^|\/)src\/gen\//, /(^|\/)src\/generated\//, /\.d\.ts$/];

function trackedSources(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => SOURCE.test(f) && !GENERATED.some((g) => g.test(f)))
    .filter((f) => {
      try {
        readFileSync(path.join(root, f));
        return true;
      } catch {
        return false; // listed but deleted in the working tree
      }
    });
}

function lineCount(file: string): number {
  const text = readFileSync(path.join(root, file), 'utf8');
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

describe('file sizes', () => {
  const files = trackedSources();

  it('finds the sources (styles, code and tests)', () => {
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    expect(files.some((f) => f.endsWith('.tsx'))).toBe(true);
    expect(files.length).toBeGreaterThan(300);
  });

  it(`keeps every hand-written source file at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = files.map((f) => ({ f, n: lineCount(f) })).filter(({ n }) => n > MAX_LINES);
    expect(tooLong.map(({ f, n }) => `${f}: ${n}`)).toEqual([]);
  });
});
