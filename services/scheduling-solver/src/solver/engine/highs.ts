// HiGHS (WASM) access: one lazily loaded runtime per thread, a small sparse model builder and a
// MIP runner with a warm start, fixed options and a time limit.

import highsLoader from 'highs';
import type { CallbackEventFor, Highs, HighsCallbackMap, ModelData } from 'highs';
import { RACE_BOUND, RACE_NO_BOUND, RACE_STOP } from './helper.js';

// `highs` ships CommonJS typings: under NodeNext TypeScript sees the default import as the module
// object, while Node's ESM resolution (build/highs.mjs) hands over the loader function itself.
type Loader = (typeof highsLoader)['default'];
const loadRuntime = highsLoader as unknown as Loader;

let loading: Promise<Highs> | null = null;

/** The HiGHS runtime of this thread (loaded once; WASM memory then lives as long as the thread). */
export function loadHighs(): Promise<Highs> {
  if (!loading) loading = loadRuntime();
  return loading;
}

/** Sparse model built column by column and row by row, emitted as CSC. */
export class ModelBuilder {
  private readonly cost: number[] = [];
  private readonly lower: number[] = [];
  private readonly upper: number[] = [];
  private readonly rowLo: number[] = [];
  private readonly rowUp: number[] = [];
  private readonly rowStart: number[] = [0];
  private readonly rowIdx: number[] = [];
  private readonly rowVal: number[] = [];

  get numCols(): number {
    return this.cost.length;
  }

  get numRows(): number {
    return this.rowLo.length;
  }

  /** Adds a binary column; returns its index. */
  binary(cost: number, lower = 0, upper = 1): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper.push(upper);
    return this.cost.length - 1;
  }

  /** Adds lo <= sum(vals[k] * x[idx[k]]) <= up (vals default to 1). */
  row(lo: number, up: number, idx: readonly number[], vals?: readonly number[]): void {
    this.rowLo.push(lo);
    this.rowUp.push(up);
    for (let k = 0; k < idx.length; k++) {
      this.rowIdx.push(idx[k]!);
      this.rowVal.push(vals ? vals[k]! : 1);
    }
    this.rowStart.push(this.rowIdx.length);
  }

  build(highs: Highs, maximize: boolean): ModelData {
    const n = this.cost.length;
    const m = this.rowLo.length;
    const starts = new Int32Array(n + 1);
    for (const j of this.rowIdx) starts[j + 1]!++;
    for (let j = 0; j < n; j++) starts[j + 1]! += starts[j]!;
    const fill = starts.slice(0, n);
    const indices = new Int32Array(this.rowIdx.length);
    const values = new Float64Array(this.rowIdx.length);
    for (let i = 0; i < m; i++) {
      for (let k = this.rowStart[i]!; k < this.rowStart[i + 1]!; k++) {
        const p = fill[this.rowIdx[k]!]!++;
        indices[p] = i;
        values[p] = this.rowVal[k]!;
      }
    }
    const inf = highs.infinity;
    const clamp = (v: number): number => (v === Infinity ? inf : v === -Infinity ? -inf : v);
    return {
      numCols: n,
      numRows: m,
      sense: maximize ? highs.constants.objectiveSense.maximize : highs.constants.objectiveSense.minimize,
      colCost: Float64Array.from(this.cost),
      colLower: Float64Array.from(this.lower),
      colUpper: Float64Array.from(this.upper),
      rowLower: Float64Array.from(this.rowLo, clamp),
      rowUpper: Float64Array.from(this.rowUp, clamp),
      matrix: { format: 'csc', numRows: m, numCols: n, starts, indices, values },
      integrality: new Int32Array(n).fill(highs.constants.variableType.integer),
    };
  }
}

export interface MipResult {
  /** 'optimal': proven; 'limit': stopped by the time limit; 'infeasible'; 'error': anything else. */
  status: 'optimal' | 'limit' | 'infeasible' | 'error';
  /** Best solution found (null if none). */
  x: Float64Array | null;
  objective: number;
  /** Proven bound on the objective (in the model's sense). */
  bound: number;
  nodes: number;
  ms: number;
  /** The helper thread's bound proved the incumbent optimal. */
  provenByHelper?: boolean;
}

/** Options for every MIP solve: deterministic, quiet, exact for integral objectives. */
const BASE_OPTIONS = {
  output_flag: false,
  random_seed: 0,
  mip_rel_gap: 0,
  // Objectives are integral: a gap below 1 already proves optimality.
  mip_abs_gap: 0.999,
  mip_heuristic_effort: 0.02,
  presolve: 'off',
  // A smaller cut pool: same speed here, half the WASM memory (which never shrinks).
  mip_pool_soft_limit: 1000,
} as const;

/** Options of every MIP solve (deterministic: one thread, fixed seed). */
export function mipOptions(timeLimitSec: number, extra?: Record<string, string | number | boolean>): Record<string, string | number | boolean> {
  return { ...BASE_OPTIONS, ...extra, time_limit: Math.max(0.01, timeLimitSec) };
}

export function runMip(
  highs: Highs,
  data: ModelData,
  opts: {
    timeLimitSec: number;
    start?: Float64Array | null;
    log?: (line: string) => void;
    options?: Record<string, string | number | boolean>;
    /** Shared slots of a helper proving bounds on the same model (see helper.ts). */
    race?: Int32Array | null;
    maximize?: boolean;
  },
): MipResult {
  const t0 = performance.now();
  const model = highs.createModel(data);
  const race = opts.race ?? null;
  let provenByHelper = false;
  try {
    model.options.set({ ...mipOptions(opts.timeLimitSec, opts.options), ...(opts.log ? { output_flag: true } : {}) });
    if (opts.start) model.setSolution({ colValue: opts.start });
    const log = opts.log;
    const onInterrupt = (e: CallbackEventFor<6>): undefined => {
      if (!race) return;
      const bound = Atomics.load(race, RACE_BOUND);
      const primal = e.data.mip_primal_bound;
      if (bound === RACE_NO_BOUND || typeof primal !== 'number' || !Number.isFinite(primal)) return;
      const incumbent = opts.maximize ? -Math.round(primal) : Math.round(primal);
      if (incumbent <= bound) {
        provenByHelper = true;
        e.interrupt();
      }
    };
    const callbacks: HighsCallbackMap = {
      ...(log
        ? {
            [highs.constants.callbackType.logging]: (e: CallbackEventFor<0>): undefined => {
              log(e.message.replace(/\n$/, ''));
            },
          }
        : {}),
      ...(race ? { [highs.constants.callbackType.mipInterrupt]: onInterrupt } : {}),
    };
    model.run(callbacks);
    const code = model.getModelStatus();
    const ms = highs.constants.modelStatus;
    const hasPrimal = model.info.get('primal_solution_status') === highs.constants.solutionStatus.feasible;
    const x = hasPrimal ? model.getSolution().colValue : null;
    let status: MipResult['status'];
    if (code === ms.optimal || (provenByHelper && x)) status = 'optimal';
    else if (code === ms.infeasible) status = 'infeasible';
    else if (x) status = 'limit';
    else status = 'error';
    const bound = provenByHelper ? (x ? model.getObjectiveValue() : NaN) : Number(model.info.get('mip_dual_bound'));
    const nodes = Number(model.info.get('mip_node_count'));
    return { status, x, objective: x ? model.getObjectiveValue() : NaN, bound, nodes, ms: performance.now() - t0, provenByHelper };
  } finally {
    if (race) Atomics.store(race, RACE_STOP, 1);
    model.dispose();
  }
}
