// The repository stands alone: every relative Markdown link resolves (file and heading), and no file
// points at something beside the checkout (a shared folder next to it, a path of one machine).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.turbo', '.data', 'generated', 'test-results', 'playwright-report']);
const TEXT = /\.(md|ts|tsx|js|mjs|cjs|json|ya?ml|sh|sql|proto|css|html|tpl|txt)$|^(Dockerfile|run)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(path.join(dir, e.name), out);
    } else if (e.isFile()) out.push(path.join(dir, e.name));
  }
  return out;
}

const files = walk(root);
const markdown = files.filter((f) => f.endsWith('.md'));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of stripCode(readFileSync(file, 'utf8')).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  for (const m of readFileSync(file, 'utf8').matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) out.add(m[1]!);
  return out;
}

function stripCode(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

function links(file: string): string[] {
  const text = stripCode(readFileSync(file, 'utf8'));
  const out: string[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]!);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)) out.push(m[1]!);
  return out.filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l)); // http:, https:, mailto: ...
}

describe('the repository stands alone', () => {
  it('finds the Markdown files', () => {
    expect(markdown.map((f) => path.relative(root, f))).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/CONVENTIONS.md']));
  });

  it('every relative Markdown link resolves to a file inside the repository, and its #heading exists', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const link of links(file)) {
        const [target, hash] = link.split('#') as [string, string | undefined];
        const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
        const where = `${path.relative(root, file)}: ${link}`;
        if (!resolved.startsWith(root + path.sep) && resolved !== root) broken.push(`${where} (outside the repository)`);
        else if (!exists(resolved)) broken.push(`${where} (missing)`);
        else if (hash && resolved.endsWith('.md') && !anchors(resolved).has(decodeURIComponent(hash).toLowerCase())) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no file refers to a folder beside the checkout or to a path of one machine', () => {
    const self = fileURLToPath(import.meta.url);
    const outside: string[] = [];
    for (const file of files) {
      if (file === self || !TEXT.test(path.basename(file)) || file.endsWith('package-lock.json')) continue;
      const text = readFileSync(file, 'utf8');
      text.split('\n').forEach((line, i) => {
        if (/\/work\/|shared\/(bench|SPEC|ARCHITECTURE|STYLE|TOOLING)/.test(line)) outside.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        // A relative path in code that climbs out of the repository root (Markdown links are checked above;
        // code samples in Markdown are relative to the file they show, not to the Markdown file).
        if (file.endsWith('.md')) return;
        for (const m of line.matchAll(/(?:\.\.\/)+[\w.-]+/g)) {
          const climbed = path.resolve(path.dirname(file), m[0]);
          if (climbed !== root && !climbed.startsWith(root + path.sep)) outside.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(outside).toEqual([]);
  });
});

function exists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}
