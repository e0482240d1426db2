// Worker-thread entry of the SolverPool: runs solveProblem for one job at a time and reports
// progress, the plan and the size of its WASM memory (which only ever grows).

import { parentPort } from 'node:worker_threads';
import { loadHighs } from '../engine/highs.js';
import { solveProblem } from '../solve.js';
import type { Problem, SolveOptions } from '../types.js';

export type WorkerRequest = { type: 'solve'; id: number; problem: Problem; options: Omit<SolveOptions, 'onProgress' | 'log'> };

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: import('../types.js').SolveProgress }
  | { type: 'result'; id: number; plan: import('../types.js').Plan; wasmBytes: number }
  | { type: 'error'; id: number; name: string; message: string; wasmBytes: number };

const port = parentPort;
if (!port) throw new Error('worker.js must run in a worker thread');

async function wasmBytes(): Promise<number> {
  try {
    return (await loadHighs()).memoryBytes;
  } catch {
    return 0;
  }
}

// Load HiGHS right away so the first job does not pay for it.
void loadHighs().then(
  () => port.postMessage({ type: 'ready' } satisfies WorkerResponse),
  () => undefined,
);

port.on('message', (msg: WorkerRequest) => {
  if (msg?.type !== 'solve') return;
  const { id } = msg;
  solveProblem(msg.problem, {
    ...msg.options,
    // The plan of 'done' travels once, with the result.
    onProgress: (progress) => {
      const { plan, ...rest } = progress;
      port.postMessage({ type: 'progress', id, progress: progress.stage === 'done' ? rest : { ...rest, ...(plan ? { plan } : {}) } } satisfies WorkerResponse);
    },
  }).then(
    async (plan) => port.postMessage({ type: 'result', id, plan, wasmBytes: await wasmBytes() } satisfies WorkerResponse),
    async (err: unknown) => {
      const e = err instanceof Error ? err : new Error(String(err));
      port.postMessage({ type: 'error', id, name: e.name, message: e.message, wasmBytes: await wasmBytes() } satisfies WorkerResponse);
    },
  );
});
