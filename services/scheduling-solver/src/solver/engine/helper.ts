// Optional second thread for one solve (the CLI uses it on machines with 2+ cores):
//  - it runs the second of the two local-search starts in parallel with the first;
//  - during each MIP it solves the same model with another seed, only to prove bounds. It
//    publishes its proven bound in shared memory; the primary solve stops as soon as its own
//    incumbent is proven optimal by that bound. The plan always comes from the primary solve and
//    from the deterministic local searches, so the answer is the same with or without the helper
//    (only the time differs).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ModelData } from 'highs';
import type { Problem } from '../types.js';

/** Shared Int32 slots of one race. */
export const RACE_STOP = 0;
/** Proven lower bound of the helper, in "minimize" integer terms (max problems negated). */
export const RACE_BOUND = 1;
export const RACE_NO_BOUND = -2147483648;

export type HelperRequest =
  | { type: 'search'; id: number; problem: Problem; seed: number; effort: number }
  | {
      type: 'mip';
      id: number;
      data: ModelData;
      start: Float64Array | null;
      options: Record<string, string | number | boolean>;
      maximize: boolean;
      shared: SharedArrayBuffer;
    };

export type HelperResponse = { type: 'search'; id: number; pos: Int32Array | null; error?: string } | { type: 'mip'; id: number };

/** Finds a worker script next to this module, or in the build output when running from src/. */
export function workerScript(name: string): URL {
  const sibling = new URL(`./${name}`, import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return sibling;
  const built = new URL(`../../../dist/solver/engine/${name}`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`solver worker script ${name} not found; build the service first`);
}

function newRace(): Int32Array {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  shared[RACE_BOUND] = RACE_NO_BOUND;
  return shared;
}

export class SolveHelper {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, (msg: HelperResponse) => void>();
  private failed: Error | null = null;

  constructor() {
    this.worker = new Worker(workerScript('helper-worker.js'));
    this.worker.unref();
    this.worker.on('message', (msg: HelperResponse) => {
      const done = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      done?.(msg);
    });
    const fail = (err: Error): void => {
      this.failed = err;
      for (const done of this.waiting.values()) done({ type: 'search', id: -1, pos: null, error: err.message });
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('helper thread exited')));
  }

  /** Local search with the given seed in the helper thread (null if the helper failed). */
  search(problem: Problem, seed: number, effort: number): Promise<Int32Array | null> {
    if (this.failed) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (msg) => resolve(msg.type === 'search' ? msg.pos : null));
      this.worker.postMessage({ type: 'search', id, problem, seed, effort } satisfies HelperRequest);
    });
  }

  /** Starts a bound-proving run of the same MIP; returns the shared race slots (or null). */
  prove(data: ModelData, start: Float64Array | null, options: Record<string, string | number | boolean>, maximize: boolean): Int32Array | null {
    if (this.failed) return null;
    const race = newRace();
    const id = this.nextId++;
    this.waiting.set(id, () => undefined);
    this.worker.postMessage({ type: 'mip', id, data, start, options, maximize, shared: race.buffer as SharedArrayBuffer } satisfies HelperRequest);
    return race;
  }

  async close(): Promise<void> {
    this.failed ??= new Error('helper closed');
    await this.worker.terminate();
  }
}
