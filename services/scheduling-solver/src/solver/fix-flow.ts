// A necessary condition for placing one more student, decided by bipartite matching (ADR 0011):
// relax "a lesson is len consecutive quarter hours of one window" to "len quarter hours, each inside
// some open window of the student", every quarter hour held at most once. If even that relaxation
// cannot give student cu its len quarter hours while every placed student keeps its len, no plan
// places them all. The plan is already a matching for everybody else, so only cu's len units need
// augmenting paths (cu -> quarter hour held by s -> another quarter hour of s -> ... -> a free one).
// One-week plans only (a weekly lesson of a two-week plan holds its quarter hours in both weeks).

import { WEEK_KEYS, type Core } from './instance.js';

/**
 * False when student cu cannot be added to the plan `pos` (core student -> window, -1 for cu) even
 * with lessons split into single quarter hours, using only the windows with open[w] = 1; true when
 * the relaxation fits (nothing proven) or the plan covers two weeks.
 */
export function slotMatchingFits(core: Core, pos: Int32Array, open: Uint8Array, cu: number): boolean {
  if (core.weeks !== 1) return true;
  // Per movable student the quarter hours its open windows cover (CSR); owner per quarter hour.
  const owner = new Int32Array(WEEK_KEYS).fill(-1);
  const mark = new Int32Array(WEEK_KEYS).fill(-1);
  const coverStart = new Int32Array(core.n + 1);
  const cover: number[] = [];
  for (let s = 0; s < core.n; s++) {
    const w0 = pos[s]!;
    if (w0 >= 0) for (let k = core.winKey[w0]!; k < core.winKey[w0]! + core.len[s]!; k++) owner[k] = s;
    if (core.pinnedWin[s]! < 0) {
      for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) {
        if (!open[w]) continue;
        for (let k = core.winKey[w]!; k < core.winKey[w]! + core.len[s]!; k++)
          if (mark[k] !== s) {
            mark[k] = s;
            cover.push(k);
          }
      }
    }
    coverStart[s + 1] = cover.length;
  }
  // Augmenting paths from cu, breadth first over students; prev links go through quarter hours.
  const viaKey = new Int32Array(core.n);
  const parent = new Int32Array(core.n);
  const seen = new Int32Array(core.n).fill(-1);
  const queue = new Int32Array(core.n);
  for (let unit = 0; unit < core.len[cu]!; unit++) {
    seen[cu] = unit;
    let head = 0;
    let tail = 0;
    queue[tail++] = cu;
    let free = -1;
    let from = -1;
    while (head < tail && free < 0) {
      const s = queue[head++]!;
      for (let c = coverStart[s]!; c < coverStart[s + 1]!; c++) {
        const k = cover[c]!;
        const o = owner[k]!;
        if (o === s) continue;
        if (o < 0) {
          free = k;
          from = s;
          break;
        }
        if (core.pinnedWin[o]! >= 0 || seen[o] === unit) continue;
        seen[o] = unit;
        viaKey[o] = k;
        parent[o] = s;
        queue[tail++] = o;
      }
    }
    if (free < 0) return false;
    // Flip the path: each student on it takes the next quarter hour and gives up the one it was reached through.
    for (let k = free, s = from; ; k = viaKey[s]!, s = parent[s]!) {
      owner[k] = s;
      if (s === cu) break;
    }
  }
  return true;
}
