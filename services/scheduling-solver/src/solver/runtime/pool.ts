// SolverPool: HiGHS (single-threaded WASM) in worker threads. One job per worker at a time, a FIFO
// queue, a hard per-solve timeout (the worker is terminated; the job then resolves with the
// first plan it reported, if any) and recycling of workers after N solves or when their WASM
// memory has grown past a limit - WASM memory never shrinks, only a new worker gives it back.

import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_TIME_LIMIT_SEC } from '../solve.js';
import type { Plan, Problem, SolveOptions, SolveProgress } from '../types.js';
import type { WorkerRequest, WorkerResponse } from './worker.js';

export interface SolverPoolOptions {
  /** Worker threads (default: available cores - 1, at least 1, at most 4). */
  size?: number;
  /** Hard limit per solve in ms (default: the solve's time limit + 10 s). */
  timeoutMs?: number;
  /** Replace a worker after this many solves (default 25). */
  recycleAfter?: number;
  /** Replace a worker once its WASM memory exceeds this many bytes (default 256 MiB). */
  maxWasmBytes?: number;
  /** Defaults for every solve (time limits etc.). */
  solveOptions?: Omit<SolveOptions, 'onProgress' | 'log'>;
  /** Worker script (default: worker.js next to this module, or the built dist/solver/runtime/worker.js). */
  workerUrl?: URL;
}

export interface PoolSolveOptions extends Omit<SolveOptions, 'onProgress' | 'log'> {
  onProgress?: (progress: SolveProgress) => void;
  /** Hard limit for this solve in ms. */
  timeoutMs?: number;
}

export class SolverPoolClosedError extends Error {
  constructor() {
    super('solver pool is closed');
    this.name = 'SolverPoolClosedError';
  }
}

export class SolverTimeoutError extends Error {
  constructor(ms: number) {
    super(`solver did not answer within ${ms} ms`);
    this.name = 'SolverTimeoutError';
  }
}

export interface SolverPoolStats {
  size: number;
  busy: number;
  queued: number;
  solved: number;
  recycled: number;
  timedOut: number;
}

interface Job {
  id: number;
  problem: Problem;
  options: Omit<SolveOptions, 'onProgress' | 'log'>;
  onProgress?: (progress: SolveProgress) => void;
  timeoutMs: number;
  resolve: (plan: Plan) => void;
  reject: (err: Error) => void;
  firstPlan?: Plan;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  solves: number;
  timer: NodeJS.Timeout | null;
  /** set when the worker was terminated on purpose */
  retired: boolean;
}

function defaultWorkerUrl(): URL {
  const sibling = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return sibling;
  // Running from src/ (tests): use the build output.
  const built = new URL('../../../dist/solver/runtime/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`solver worker script not found (${fileURLToPath(sibling)}); build the service first`);
}

export class SolverPool {
  private readonly size: number;
  private readonly timeoutMs: number | undefined;
  private readonly recycleAfter: number;
  private readonly maxWasmBytes: number;
  private readonly solveOptions: Omit<SolveOptions, 'onProgress' | 'log'>;
  private readonly workerUrl: URL;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private counters = { solved: 0, recycled: 0, timedOut: 0 };

  constructor(options: SolverPoolOptions = {}) {
    const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
    this.size = Math.max(1, Math.floor(options.size ?? Math.min(4, Math.max(1, cores - 1))));
    this.timeoutMs = options.timeoutMs;
    this.recycleAfter = Math.max(1, Math.floor(options.recycleAfter ?? 25));
    this.maxWasmBytes = options.maxWasmBytes ?? 256 * 1024 * 1024;
    this.solveOptions = options.solveOptions ?? {};
    this.workerUrl = options.workerUrl ?? defaultWorkerUrl();
  }

  get stats(): SolverPoolStats {
    return {
      size: this.size,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      ...this.counters,
    };
  }

  /** Solves one problem in a worker. Rejects on malformed input, pool closure, or a timeout without any plan. */
  solve(problem: Problem, options: PoolSolveOptions = {}): Promise<Plan> {
    if (this.closed) return Promise.reject(new SolverPoolClosedError());
    const { onProgress, timeoutMs, ...solveOpts } = options;
    const merged = { ...this.solveOptions, ...solveOpts };
    const limitSec = merged.timeLimitSec ?? DEFAULT_TIME_LIMIT_SEC;
    return new Promise<Plan>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        problem,
        options: merged,
        onProgress,
        timeoutMs: timeoutMs ?? this.timeoutMs ?? Math.round(limitSec * 1000) + 10_000,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /** Stops taking jobs, rejects queued ones, lets running solves finish, then ends the workers. */
  async close(): Promise<void> {
    if (this.closed && this.slots.length === 0) return;
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new SolverPoolClosedError());
    if (this.slots.some((s) => s.job)) await new Promise<void>((r) => this.idleWaiters.push(r));
    await Promise.all(this.slots.splice(0).map((s) => this.retire(s)));
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl);
    worker.unref(); // only a busy worker keeps the process alive
    const slot: Slot = { worker, job: null, solves: 0, timer: null, retired: false };
    worker.on('message', (msg: WorkerResponse) => this.onMessage(slot, msg));
    worker.on('error', (err) => this.onFailure(slot, err));
    worker.on('exit', (code) => {
      if (!slot.retired) this.onFailure(slot, new Error(`solver worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job && !s.retired);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => this.onTimeout(slot!), job.timeoutMs);
      const req: WorkerRequest = { type: 'solve', id: job.id, problem: job.problem, options: job.options };
      slot.worker.postMessage(req);
    }
    this.maybeIdle();
  }

  private finish(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (!slot.retired) slot.worker.unref();
    return job;
  }

  private onMessage(slot: Slot, msg: WorkerResponse): void {
    const job = slot.job;
    if (msg.type === 'ready' || !job || msg.id !== job.id) return;
    if (msg.type === 'progress') {
      if (msg.progress.stage === 'first-plan' && msg.progress.plan) job.firstPlan = msg.progress.plan;
      try {
        job.onProgress?.(msg.progress);
      } catch {
        /* a listener's error must not break the pool */
      }
      return;
    }
    this.finish(slot);
    slot.solves++;
    this.counters.solved++;
    if (msg.type === 'result') job.resolve(msg.plan);
    else {
      const err = new Error(msg.message);
      err.name = msg.name;
      job.reject(err);
    }
    if (slot.solves >= this.recycleAfter || msg.wasmBytes > this.maxWasmBytes) {
      this.counters.recycled++;
      this.drop(slot);
      // a fresh worker loads HiGHS now, so the next solve does not wait for it
      if (!this.closed && this.queue.length === 0) this.spawn();
    }
    this.dispatch();
  }

  private onTimeout(slot: Slot): void {
    const job = this.finish(slot);
    if (!job) return;
    this.counters.timedOut++;
    this.drop(slot);
    if (job.firstPlan) job.resolve(job.firstPlan);
    else job.reject(new SolverTimeoutError(job.timeoutMs));
    this.dispatch();
  }

  private onFailure(slot: Slot, err: Error): void {
    if (slot.retired) return;
    const job = this.finish(slot);
    this.drop(slot);
    job?.reject(err);
    this.dispatch();
  }

  /** Removes a slot and terminates its worker (a new one is spawned on demand). */
  private drop(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void this.retire(slot);
  }

  private async retire(slot: Slot): Promise<void> {
    slot.retired = true;
    if (slot.timer) clearTimeout(slot.timer);
    await slot.worker.terminate();
  }

  private maybeIdle(): void {
    if (this.slots.some((s) => s.job) || this.queue.length > 0) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}
