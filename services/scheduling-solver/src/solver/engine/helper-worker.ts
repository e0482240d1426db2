// Helper thread of one solve (see helper.ts): second local-search start, bound-proving MIP runs.

import { parentPort } from 'node:worker_threads';
import { searchFrom } from './heuristic.js';
import { RACE_BOUND, RACE_STOP, type HelperRequest, type HelperResponse } from './helper.js';
import { buildInstance } from './instance.js';

const port = parentPort;
if (!port) throw new Error('helper-worker.js must run in a worker thread');

// HiGHS is loaded after the local search (loading it alongside slowed the search down).
let highsReady: Promise<import('highs').Highs> | null = null;
function highs(): Promise<import('highs').Highs> {
  highsReady ??= import('./highs.js').then((m) => m.loadHighs());
  return highsReady;
}

function publish(shared: Int32Array, bound: number): void {
  for (;;) {
    const cur = Atomics.load(shared, RACE_BOUND);
    if (bound <= cur || Atomics.compareExchange(shared, RACE_BOUND, cur, bound) === cur) return;
  }
}

async function runMip(msg: Extract<HelperRequest, { type: 'mip' }>): Promise<void> {
  const shared = new Int32Array(msg.shared);
  if (Atomics.load(shared, RACE_STOP)) return;
  const runtime = await highs();
  if (Atomics.load(shared, RACE_STOP)) return;
  // "minimize" integer terms: a proven bound b means no solution better than b exists.
  const toBound = (dual: number): number => (msg.maximize ? -Math.floor(dual + 1e-6) : Math.ceil(dual - 1e-6));
  const model = runtime.createModel(msg.data);
  try {
    model.options.set(msg.options);
    if (msg.start) model.setSolution({ colValue: msg.start });
    model.run({
      [runtime.constants.callbackType.mipInterrupt]: (e) => {
        if (Atomics.load(shared, RACE_STOP)) {
          e.interrupt();
          return;
        }
        const dual = e.data.mip_dual_bound;
        if (typeof dual === 'number' && Number.isFinite(dual)) publish(shared, toBound(dual));
      },
    });
    if (model.getModelStatus() === runtime.constants.modelStatus.optimal) publish(shared, toBound(model.getObjectiveValue()));
  } finally {
    model.dispose();
  }
}

let chain: Promise<void> = Promise.resolve();
port.on('message', (msg: HelperRequest) => {
  // one job at a time, in order
  chain = chain.then(async () => {
    if (msg.type === 'search') {
      let pos: Int32Array | null = null;
      let error: string | undefined;
      try {
        pos = searchFrom(buildInstance(msg.problem).core, msg.seed, msg.effort).pos;
      } catch (err) {
        error = String(err);
      }
      port.postMessage({ type: 'search', id: msg.id, pos, error } satisfies HelperResponse);
      void highs().catch(() => undefined);
    } else {
      try {
        await runMip(msg);
      } catch {
        /* the primary solve does not depend on it */
      }
      port.postMessage({ type: 'mip', id: msg.id } satisfies HelperResponse);
    }
  });
});
