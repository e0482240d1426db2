#!/usr/bin/env node
// Timetable solver on the command line: one problem JSON on stdin, one plan JSON line on stdout
// (format: bench/README.md; a student's `frequency` 'biweekly' makes a two-week plan whose
// placements carry `week`, see "Biweekly instances" there). Logs go to stderr only.
//
//   node dist/cli.js [--time-limit 8] [--maximize-limit S] [--compact-limit S] [--no-mip]
//                    [--threads 1|2] [--compact-infeasible] [--effort 1] [--fixes] [--fixes-limit 2]
//                    [--verbose] < problem.json
// --fixes adds `fixes` per unplaced student and `fixes_incomplete` (issue 27, src/solver/fixes/fixes.ts).

import os from 'node:os';
import v8 from 'node:v8';
import { solveProblem } from './solver/solve.js';
import type { Problem, SolveOptions } from './solver/types.js';

const USAGE = `usage: cli.js [--time-limit <s>] [--maximize-limit <s>] [--compact-limit <s>] [--no-mip]
              [--threads 1|2] [--compact-infeasible] [--effort <x>] [--fixes] [--fixes-limit <s>]
              [--verbose] < problem.json`;

function parseArgs(argv: string[]): SolveOptions & { verbose: boolean } {
  const opts: SolveOptions & { verbose: boolean } = { verbose: false };
  const num = (name: string, v: string | undefined): number => {
    const x = Number(v);
    if (v === undefined || !Number.isFinite(x) || x < 0) throw new Error(`${name} needs a non-negative number\n${USAGE}`);
    return x;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--time-limit':
        opts.timeLimitSec = num(flag, value());
        break;
      case '--maximize-limit':
        opts.maximizeTimeLimitSec = num(flag, value());
        break;
      case '--compact-limit':
        opts.compactTimeLimitSec = num(flag, value());
        break;
      case '--effort':
        opts.heuristicEffort = num(flag, value());
        break;
      case '--no-mip':
        opts.useMip = false;
        break;
      case '--threads':
        opts.parallel = num(flag, value()) >= 2;
        break;
      case '--fixes':
        opts.fixes = true;
        break;
      case '--fixes-limit':
        opts.fixesTimeLimitSec = num(flag, value());
        break;
      case '--compact-infeasible':
        opts.compactInfeasible = true;
        break;
      case '--verbose':
      case '-v':
        opts.verbose = true;
        break;
      case '--help':
      case '-h':
        process.stderr.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  }
  return opts;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const { verbose, ...options } = parseArgs(process.argv.slice(2));
  // One short-lived process: keep V8 on its baseline WASM compiler. Optimizing HiGHS' 3.5 MB of
  // WASM in the background costs more CPU than it saves within a few seconds, and the process
  // would wait for those compile jobs before it can exit.
  v8.setFlagsFromString('--liftoff-only');
  // A helper thread when there is a second core (answer unchanged, only faster).
  if (options.parallel === undefined) options.parallel = os.availableParallelism() >= 2;
  if (verbose) options.log = (line) => process.stderr.write(`${line}\n`);
  const problem = JSON.parse(await readStdin()) as Problem;
  const plan = await solveProblem(problem, options);
  if (verbose)
    process.stderr.write(
      `status ${plan.status}, placed ${plan.stats.placed}, idle ${plan.stats.idleMinutes} min, ${plan.stats.stages.totalMs.toFixed(0)} ms\n`,
    );
  process.stdout.write(`${JSON.stringify(plan)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
