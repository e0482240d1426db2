// No import cycle in any workspace (`npm run check:cycles`, .ci/run's static checks): a cycle makes the order in
// which modules load matter and hides which part depends on which. Type-only imports count too. Generated code
// (Prisma's client, the protobuf stubs) and tests are left out.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every workspace of package.json with a `src` folder and a tsconfig.json, relative to `base`. */
export function workspaces(base = root) {
  const globs = JSON.parse(readFileSync(path.join(base, 'package.json'), 'utf8')).workspaces;
  return globs
    .flatMap((g) => (g.endsWith('/*') ? readdirSync(path.join(base, g.slice(0, -2))).map((name) => `${g.slice(0, -2)}/${name}`) : [g]))
    .filter((ws) => existsSync(path.join(base, ws, 'src')) && existsSync(path.join(base, ws, 'tsconfig.json')));
}

/** The import cycles in one workspace's `src`, each as the list of its files. */
export async function cyclesOf(workspaceDir) {
  const result = await madge(path.join(workspaceDir, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/(^|\/)generated\//, /\.test\.tsx?$/],
    tsConfig: path.join(workspaceDir, 'tsconfig.json'),
  });
  return result.circular();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = workspaces();
  let count = 0;
  for (const ws of all) {
    for (const cycle of await cyclesOf(path.join(root, ws))) {
      count += 1;
      console.log(`${ws}: ${cycle.join(' > ')}`);
    }
  }
  console.log(count ? `${count} import cycle(s).` : `No import cycle in ${all.length} workspaces.`);
  process.exit(count ? 1 : 0);
}
