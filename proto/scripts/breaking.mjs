// buf breaking against a git ref (default main, or BUF_AGAINST_REF). The repository is found with
// `git rev-parse --git-common-dir`, so this works in a clone and in a git worktree (where .git is a file).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const gitDir = path.resolve(git('rev-parse', '--git-common-dir'));
const subdir = path.relative(git('rev-parse', '--show-toplevel'), process.cwd()) || '.';
const ref = process.env.BUF_AGAINST_REF || 'main';
const against = `${gitDir}#ref=${ref},subdir=${subdir}`;
console.log(`buf breaking --against ${against}`);
try {
  execFileSync('buf', ['breaking', '--against', against], { stdio: 'inherit' });
} catch {
  process.exit(1);
}
