// The stages after "stable" by the problem's priority (types.ts Priority): "preferred" then stage 2
// (the default), stage 2 then "preferred at that idle time" ('compact'), or one weighted stage
// ('weighted'). All of them reuse stage 2's model (model.ts buildCompact) with other weights.

import { buildCompact } from './model.js';
import { SLOT_MINUTES } from './problem-input.js';
import {
  compactStage,
  compIdle,
  countKept,
  countPlaced,
  countPreferred,
  daysOf,
  hasKeepable,
  preferredStage,
  stableStage,
  trivialProofs,
  TWO_WEEK_COMPACT_OPTIONS,
  type CompState,
  type StageContext,
} from './stages.js';
import type { Priority, StageTimings } from '../types.js';

/** The problem's priority; absent, null or unknown: 'preferred' (the order before priorities existed). */
export function readPriority(p: Priority | null | undefined): Priority {
  if (p?.order === 'compact') return p;
  if (p?.order === 'weighted' && Number.isFinite(p.gapMinutesPerPreferred) && p.gapMinutesPerPreferred >= 0)
    return { order: 'weighted', gapMinutesPerPreferred: Math.round(p.gapMinutesPerPreferred) };
  return { order: 'preferred' };
}

/**
 * The stages after stage 1, each timed (0 ms when skipped: without HiGHS (ctx null), or for an
 * INFEASIBLE plan unless asked for): "stable" (fewest students moved from the previous plan at that
 * count), then by the priority: "preferred" (most lessons inside preferred times at those values) and
 * stage 2 (minimum idle time); or stage 2 and "preferred" at that idle time ('compact'); or one
 * weighted stage ('weighted', timed as stage 2).
 */
export function laterStages(ctx: StageContext | null, states: CompState[], priority: Priority, timings: StageTimings, onCompacting: () => void): void {
  let t = performance.now();
  if (ctx) stableStage(ctx, states);
  timings.stabilizeMs = performance.now() - t;
  t = performance.now();
  if (ctx && priority.order === 'preferred') preferredStage(ctx, states);
  timings.preferMs = performance.now() - t;
  t = performance.now();
  if (ctx) {
    onCompacting();
    if (priority.order === 'weighted') weightedStage(ctx, states, priority.gapMinutesPerPreferred);
    else compactStage(ctx, states);
  }
  timings.compactMs = performance.now() - t;
  if (ctx && priority.order === 'compact') {
    t = performance.now();
    preferredAfterCompactStage(ctx, states);
    timings.preferMs = performance.now() - t;
  }
}

/** Order 'compact', after stage 2: most lessons inside preferred times at the count, the kept lessons and at most the idle time. */
export function preferredAfterCompactStage(ctx: StageContext, states: CompState[]): void {
  const { core, pos } = ctx;
  for (const st of states) {
    if (st.preferredProven || !st.movedProven) continue;
    const limit = ctx.remainingSec();
    if (limit < 0.02) break;
    const count = countPlaced(st.comp, pos);
    const kept = countKept(core, st.comp, pos);
    const idle = compIdle(core, st.comp, pos);
    const preferred = countPreferred(core, st.comp, pos);
    const model = buildCompact(core, st.comp, count, {
      ...(hasKeepable(core, st.comp) ? { kept } : {}),
      maxIdle: idle,
      weights: { idleCost: 0, preferredGain: 1 },
    });
    const res = ctx.mip(model.builder, false, model.start(pos), limit, core.weeks === 2 ? TWO_WEEK_COMPACT_OPTIONS : undefined);
    ctx.log?.(
      `stage preferred after idle [days ${daysOf(st)}]: ${res.status} preferred ${-res.objective} (start ${preferred}) in ${res.ms.toFixed(0)} ms, ${res.nodes} nodes`,
    );
    if (res.x) {
      const trial = Int32Array.from(pos);
      model.read(res.x, trial);
      const same = countPlaced(st.comp, trial) === count && countKept(core, st.comp, trial) === kept;
      const trialIdle = compIdle(core, st.comp, trial);
      if (same && (trialIdle < idle || (trialIdle === idle && countPreferred(core, st.comp, trial) > preferred))) pos.set(trial);
    }
    if (res.status === 'optimal' && st.idleProven) st.preferredProven = true;
    trivialProofs(core, st, pos, 'compact');
  }
}

/**
 * Order 'weighted', instead of the preferred stage and stage 2: least idle minutes minus
 * gapMinutesPerPreferred per lesson inside preferred times, at the count and the kept lessons. The
 * weights are scaled by (students + 1) and a preferred lesson gains 1 more, so that among plans of
 * the same value the one with more preferred lessons wins.
 */
function weightedStage(ctx: StageContext, states: CompState[], gapMinutesPerPreferred: number): void {
  const { core, pos } = ctx;
  for (const st of states) {
    if ((st.idleProven && st.preferredProven) || !st.movedProven) continue;
    const limit = Math.min(ctx.compactTimeLimitSec ?? Infinity, ctx.remainingSec());
    if (limit < 0.02) break;
    const scale = st.comp.students.length + 1;
    const idleCost = SLOT_MINUTES * scale;
    const preferredGain = gapMinutesPerPreferred * scale + 1;
    const score = (p: Int32Array): number => compIdle(core, st.comp, p) * idleCost - countPreferred(core, st.comp, p) * preferredGain;
    const count = countPlaced(st.comp, pos);
    const kept = countKept(core, st.comp, pos);
    const before = score(pos);
    const model = buildCompact(core, st.comp, count, { ...(hasKeepable(core, st.comp) ? { kept } : {}), weights: { idleCost, preferredGain } });
    const res = ctx.mip(model.builder, false, model.start(pos), limit, core.weeks === 2 ? TWO_WEEK_COMPACT_OPTIONS : undefined);
    ctx.log?.(
      `stage weighted [days ${daysOf(st)}]: ${res.status} value ${res.objective} (bound ${res.bound}, start ${before}) in ${res.ms.toFixed(0)} ms, ${res.nodes} nodes`,
    );
    if (res.x) {
      const trial = Int32Array.from(pos);
      model.read(res.x, trial);
      const same = countPlaced(st.comp, trial) === count && countKept(core, st.comp, trial) === kept;
      if (same && score(trial) < before) pos.set(trial);
    }
    if (res.status === 'optimal') {
      st.preferredProven = true;
      st.idleProven = true;
    }
    trivialProofs(core, st, pos, 'weighted');
  }
}
