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

  it('every repository path named in backticks in the docs and the READMEs exists', () => {
    const named = namedPaths();
    expect(named.length).toBeGreaterThan(100);
    const missing = named.filter(
      ({ file, target }) => !exists(path.join(root, target)) && !exists(path.resolve(path.dirname(file), target)) && !inAWorkspace(target),
    );
    expect(missing.map(({ file, target }) => `${path.relative(root, file)}: ${target}`)).toEqual([]);
  });

  it('every `npm run <script>` named in the docs and the READMEs is a script of its package.json', () => {
    const named = namedCommands();
    expect(named.length).toBeGreaterThan(10);
    const unknown = named.filter(({ workspace, script }) => !scriptsOf(workspace).includes(script));
    expect(unknown.map(({ file, workspace, script }) => `${path.relative(root, file)}: npm run ${script}${workspace ? ` -w ${workspace}` : ''}`)).toEqual([]);
  });

  it('every function or other camelCase name in backticks in the docs and the READMEs occurs in the code', () => {
    const code = new Set<string>();
    for (const file of files.filter((f) => /\.(ts|tsx|js|mjs|cjs|proto|prisma|sql|ya?ml|json)$/.test(f) && !f.endsWith('package-lock.json'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) code.add(m[0]);
    }
    const named = namedIdentifiers();
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter(({ name }) => !code.has(name) && !NOT_CODE.has(name)).map(({ file, name }) => `${path.relative(root, file)}: ${name}`)).toEqual([]);
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

/** Top folders of the repository: a backticked `services/x/src/y.ts` is a path (a bare `src/y.ts` is one in every workspace). */
const PATH = /^(?:\.\/)?((?:services|packages|gateway|web|scripts|deploy|proto|e2e|test|docs|\.ci)\/[\w.@/-]*[\w/])(?::\d+(?:-\d+)?)?$/;
/** Build output, generated and local-only folders are not in a fresh checkout. */
const NOT_IN_CHECKOUT = /(^|\/)(dist|generated|node_modules|\.data|test-results|playwright-report)(\/|$)/;

/**
 * README.md, CONTRIBUTING.md, the packages' READMEs and docs/. A superseded decision record is history: it names the
 * files and commands of its time, so it is left out.
 */
const docs = markdown.filter((f) => {
  const rel = path.relative(root, f);
  const inScope = rel.startsWith('docs' + path.sep) || !rel.includes(path.sep) || rel.endsWith(path.sep + 'README.md');
  return inScope && !/^Status: (superseded|replaced)/im.test(readFileSync(f, 'utf8'));
});

/** Every `npm run <script>` of the docs (in backticks or a code block), with its workspace when `-w` names one. */
function namedCommands(): { file: string; workspace: string; script: string }[] {
  const out: { file: string; workspace: string; script: string }[] = [];
  for (const file of docs) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/npm run -w ([^\s`)]+) ([\w:.-]+)/g)) out.push({ file, workspace: m[1]!, script: m[2]! });
    for (const m of text.matchAll(/npm run ([\w:.][\w:.-]*)(?: -w ([^\s`)]+))?/g)) out.push({ file, workspace: m[2] ?? '', script: m[1]! });
  }
  return out;
}

/** The scripts of the root package.json (''), or of a workspace named by folder or package name. */
function scriptsOf(workspace: string): string[] {
  const folders = ['', 'web', 'gateway', 'e2e', 'proto', ...['services', 'packages'].flatMap((d) => readdirSync(path.join(root, d)).map((w) => `${d}/${w}`))];
  for (const folder of folders) {
    const file = path.join(root, folder, 'package.json');
    if (!exists(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; scripts?: Record<string, string> };
    if (folder === workspace || pkg.name === workspace || (!workspace && !folder)) return Object.keys(pkg.scripts ?? {});
  }
  return [];
}

/** Names in backticks that are not the code's: SAML and Keycloak attributes of the sign-in, a naming pattern. */
const NOT_CODE = new Set(['givenName', 'eduPersonPrincipalName', 'firstName', 'lastName', 'assertX']);

/** Every backticked camelCase name of the docs (`parseBody`, `ctx.relay.kick()`: its last part), code blocks left out. */
function namedIdentifiers(): { file: string; name: string }[] {
  const out: { file: string; name: string }[] = [];
  for (const file of docs) {
    const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
    for (const m of text.matchAll(/`(?:[\w$]+[.!?]*\.)*([a-z][a-z0-9]*[A-Z][\w$]*)(?:\([^`]*\))?`/g)) out.push({ file, name: m[1]! });
  }
  return out;
}

/** Every backticked repository path in the docs (code blocks left out). */
function namedPaths(): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  for (const file of docs) {
    const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
    for (const m of text.matchAll(/`([^`\n]+)`/g)) {
      const p = PATH.exec(m[1]!.trim());
      if (p && !NOT_IN_CHECKOUT.test(p[1]!)) out.push({ file, target: p[1]!.replace(/\/$/, '') });
    }
  }
  return out;
}

/** `test/x.int.test.ts` also names a service's or package's own test folder. */
function inAWorkspace(target: string): boolean {
  if (!target.startsWith('test/')) return false;
  const workspaces = ['gateway', ...['services', 'packages'].flatMap((d) => readdirSync(path.join(root, d)).map((w) => `${d}/${w}`))];
  return workspaces.some((w) => exists(path.join(root, w, target)));
}
