// A necessary condition for placing one more student, decided by bipartite matching (ADR 0011):
// relax "a lesson is len consecutive quarter hours of one window" to "len quarter hours, each inside
// some open window of the student", every quarter hour held at most once. If even that relaxation
// cannot give student cu its len quarter hours while every placed student keeps its len, no plan
// places them all. The plan is already a matching for everybody else, so only cu's len units need
// augmenting paths (cu -> quarter hour held by s -> another quarter hour of s -> ... -> a free one).
// In a two-week plan a weekly lesson holds its quarter hours in both weeks: such a student takes part
// as two nodes, one per week, each needing len quarter hours of its week (a further relaxation).

import { WEEK_KEYS, type Core } from '../engine/instance.js';

/**
 * False when student cu cannot be added to the plan `pos` (core student -> window, -1 for cu) even
 * with lessons split into single quarter hours, using only the windows with open[w] = 1; true when
 * the relaxation fits (nothing proven).
 */
export function slotMatchingFits(core: Core, pos: Int32Array, open: Uint8Array, cu: number): boolean {
  // Node 2s + c: copy c (week A, or week B of a weekly lesson in two weeks) of core student s.
  const nodes = 2 * core.n;
  const keys = core.weeks * WEEK_KEYS;
  const owner = new Int32Array(keys).fill(-1);
  const mark = new Int32Array(keys).fill(-1);
  const coverStart = new Int32Array(nodes + 1);
  const cover: number[] = [];
  for (let s = 0; s < core.n; s++) {
    const len = core.len[s]!;
    for (let c = 0; c < 2; c++) {
      const node = 2 * s + c;
      const shift = c * WEEK_KEYS;
      if (c === 0 || core.both[s]) {
        const w0 = pos[s]!;
        if (w0 >= 0) for (let k = core.winKey[w0]! + shift; k < core.winKey[w0]! + shift + len; k++) owner[k] = node;
        if (core.pinnedWin[s]! < 0)
          for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) {
            if (!open[w]) continue;
            for (let k = core.winKey[w]! + shift; k < core.winKey[w]! + shift + len; k++)
              if (mark[k] !== node) {
                mark[k] = node;
                cover.push(k);
              }
          }
      }
      coverStart[node + 1] = cover.length;
    }
  }
  const pinned = (node: number): boolean => core.pinnedWin[node >> 1]! >= 0;
  for (let c = 0; c < (core.both[cu] ? 2 : 1); c++) if (!augment(2 * cu + c, core.len[cu]!, owner, cover, coverStart, pinned)) return false;
  return true;
}

/**
 * Gives `start` `units` more quarter hours by augmenting paths, breadth first over nodes (a node is
 * reached through a quarter hour it holds and may give it up for another one of its cover); false
 * when a unit finds no path to a free quarter hour.
 */
function augment(
  start: number,
  units: number,
  owner: Int32Array,
  cover: readonly number[],
  coverStart: Int32Array,
  pinned: (node: number) => boolean,
): boolean {
  const nodes = coverStart.length - 1;
  const viaKey = new Int32Array(nodes);
  const parent = new Int32Array(nodes);
  const seen = new Int32Array(nodes).fill(-1);
  const queue = new Int32Array(nodes);
  for (let unit = 0; unit < units; unit++) {
    seen[start] = unit;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
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
        if (pinned(o) || seen[o] === unit) continue;
        seen[o] = unit;
        viaKey[o] = k;
        parent[o] = s;
        queue[tail++] = o;
      }
    }
    if (free < 0) return false;
    // Flip the path: each node on it takes the next quarter hour and gives up the one it was reached through.
    for (let k = free, s = from; ; k = viaKey[s]!, s = parent[s]!) {
      owner[k] = s;
      if (s === start) break;
    }
  }
  return true;
}
