// Stage-2 formulation comparison (minimum idle slots at the maximum placed count) on the public
// bench instances, all warm-started from the same local-search plan, several HiGHS seeds.
//   node services/scheduling-solver/bench/formulations.js [--seeds 3] [--limit 20] [--only 'tight|medium']
// Prints CPU seconds per run ('!' = time limit hit). Needs the build (dist/).
//
//  slot-pq       per day monotone "started" p[t] / "not ended" q[t] (continuous), idle g[t] >= p+q-1-cover,
//                cover[t] <= p[t], cover[t] <= q[t]: the textbook first/last formulation, time-indexed
//  slot-pq-int   the same with p, q integer
//  flow-cont     per day a path source -> boundaries -> sink: lesson arcs x (binary), idle arcs
//                t -> t+1 (cost 1), start/end arcs continuous
//  flow          the same, every arc binary (the one src/solver/engine/model.ts uses)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { searchFrom } from '../dist/solver/engine/heuristic.js';
import { ModelBuilder, loadHighs, runMip } from '../dist/solver/engine/highs.js';
import { buildInstance } from '../dist/solver/engine/instance.js';
import { buildCompact, components } from '../dist/solver/engine/model.js';

v8.setFlagsFromString('--liftoff-only');
const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const arg = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const seeds = Number(arg('seeds', 3));
const limit = Number(arg('limit', 20));
const only = arg('only', '');
const forms = arg('forms', 'slot-pq,slot-pq-int,flow-cont,flow').split(',');
const dir = path.join(here, 'instances');
const names = ['medium-01', 'medium-02', 'medium-03', 'tight-01', 'tight-02', 'tight-03', 'large-01', 'large-02', 'small-03'];

/** slot-pq variants and flow-cont, built with the same ModelBuilder; returns { builder, start(pos) }. */
function buildAlt(core, comp, count, form) {
  if (form === 'flow') return buildCompact(core, comp, count);
  const b = new ModelBuilder();
  const wins = [];
  const all = [];
  const owner = new Int32Array(core.winKey.length);
  for (const s of comp.students) {
    const idx = [];
    for (let w = core.winStart[s]; w < core.winStart[s + 1]; w++) {
      owner[w] = s;
      const j = b.binary(0, core.pinnedWin[s] >= 0 ? 1 : 0, 1);
      wins.push(w);
      idx.push(j);
      all.push(j);
    }
    if (idx.length > 1) b.row(-Infinity, 1, idx);
  }
  b.row(count, count, all);
  const dayOf = (w) => (core.winKey[w] / 96) | 0;
  const fills = [];
  const cont = new Set();
  for (const d of comp.days) {
    const ws = wins.map((w, j) => j).filter((j) => dayOf(wins[j]) === d);
    if (!ws.length) continue;
    const t0 = (j) => core.winKey[wins[j]] - d * 96;
    const lo = Math.min(...ws.map(t0));
    const hi = Math.max(...ws.map((j) => t0(j) + core.len[owner[wins[j]]]));
    const cover = Array.from({ length: hi - lo }, () => []);
    for (const j of ws) for (let t = t0(j); t < t0(j) + core.len[owner[wins[j]]]; t++) cover[t - lo].push(j);
    if (form === 'flow-cont') {
      const inA = Array.from({ length: hi - lo + 1 }, () => []);
      const outA = Array.from({ length: hi - lo + 1 }, () => []);
      const src = new Map();
      const snk = new Map();
      const idle = [];
      for (const t of [...new Set(ws.map(t0))].sort((a, c) => a - c)) {
        const j = b.binary(0);
        cont.add(j);
        src.set(t, j);
        inA[t - lo].push(j);
      }
      for (const t of [...new Set(ws.map((j) => t0(j) + core.len[owner[wins[j]]]))].sort((a, c) => a - c)) {
        const j = b.binary(0);
        cont.add(j);
        snk.set(t, j);
        outA[t - lo].push(j);
      }
      for (let t = lo; t < hi; t++) {
        const j = b.binary(1);
        cont.add(j);
        idle.push(j);
        outA[t - lo].push(j);
        inA[t + 1 - lo].push(j);
      }
      for (const j of ws) {
        outA[t0(j) - lo].push(j);
        inA[t0(j) + core.len[owner[wins[j]]] - lo].push(j);
      }
      b.row(-Infinity, 1, [...src.values()]);
      for (let i = 0; i <= hi - lo; i++) b.row(0, 0, [...inA[i], ...outA[i]], [...inA[i].map(() => 1), ...outA[i].map(() => -1)]);
      fills.push((x, v) => {
        let f = -1;
        let l = -1;
        const cov = new Uint8Array(hi - lo);
        for (const j of ws)
          if (x[j] > 0.5) {
            const a = t0(j);
            const e = a + core.len[owner[wins[j]]];
            for (let t = a; t < e; t++) cov[t - lo] = 1;
            if (f < 0 || a < f) f = a;
            if (e > l) l = e;
          }
        if (f < 0) return;
        v[src.get(f)] = 1;
        v[snk.get(l)] = 1;
        for (let t = f; t < l; t++) if (!cov[t - lo]) v[idle[t - lo]] = 1;
      });
    } else {
      const p = [];
      const q = [];
      const g = [];
      for (let t = lo; t < hi; t++) {
        p.push(b.binary(0));
        q.push(b.binary(0));
        g.push(b.binary(1));
      }
      for (const j of [...p, ...q, ...g]) if (form === 'slot-pq' || g.includes(j)) cont.add(j);
      for (let i = 1; i < p.length; i++) {
        b.row(0, Infinity, [p[i], p[i - 1]], [1, -1]);
        b.row(0, Infinity, [q[i - 1], q[i]], [1, -1]);
      }
      for (let i = 0; i < hi - lo; i++) {
        const l = cover[i];
        b.row(-1, Infinity, [g[i], p[i], q[i], ...l], [1, -1, -1, ...l.map(() => 1)]);
        if (l.length) {
          b.row(-Infinity, 0, [...l, p[i]], [...l.map(() => 1), -1]);
          b.row(-Infinity, 0, [...l, q[i]], [...l.map(() => 1), -1]);
        }
      }
      fills.push((x, v) => {
        let f = -1;
        let l = -1;
        const cov = new Uint8Array(hi - lo);
        for (const j of ws)
          if (x[j] > 0.5) {
            const a = t0(j);
            const e = a + core.len[owner[wins[j]]];
            for (let t = a; t < e; t++) cov[t - lo] = 1;
            if (f < 0 || a < f) f = a;
            if (e > l) l = e;
          }
        if (f < 0) return;
        for (let t = lo; t < hi; t++) {
          const pi = t >= f ? 1 : 0;
          const qi = t < l ? 1 : 0;
          v[p[t - lo]] = pi;
          v[q[t - lo]] = qi;
          v[g[t - lo]] = Math.max(0, pi + qi - 1 - cov[t - lo]);
        }
      });
    }
  }
  return {
    builder: b,
    cont,
    start(pos) {
      const v = new Float64Array(b.numCols);
      const chosen = new Set(comp.students.map((s) => pos[s]).filter((w) => w >= 0));
      wins.forEach((w, j) => {
        if (chosen.has(w)) v[j] = 1;
      });
      for (const f of fills) f(v, v);
      return v;
    },
  };
}

const highs = await loadHighs();
console.log(`# stage-2 CPU seconds per run, ${seeds} HiGHS seeds, limit ${limit}s ('!' = limit hit)`);
console.log(`${'instance'.padEnd(12)} ${forms.map((f) => f.padEnd(8 + 7 * seeds)).join(' ')}`);
const totals = Object.fromEntries(forms.map((f) => [f, 0]));
for (const name of names) {
  if (only && !new RegExp(only).test(name)) continue;
  const problem = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
  const core = buildInstance(problem).core;
  const start = searchFrom(core, 0x5eed, 1).pos;
  const cells = [];
  for (const form of forms) {
    const runs = [];
    for (const comp of components(core)) {
      const count = comp.students.filter((s) => start[s] >= 0).length;
      for (let seed = 0; seed < seeds; seed++) {
        const m = buildAlt(core, comp, count, form);
        const data = m.builder.build(highs, false);
        if (m.cont) {
          const integrality = Int32Array.from(data.integrality);
          for (const j of m.cont) integrality[j] = 0;
          data.integrality = integrality;
        }
        const c0 = process.cpuUsage();
        const res = runMip(highs, data, { timeLimitSec: limit, start: m.start(start), options: { random_seed: seed } });
        const cu = process.cpuUsage(c0);
        const sec = (cu.user + cu.system) / 1e6;
        totals[form] += sec;
        runs.push(`${sec.toFixed(2)}${res.status === 'optimal' ? '' : '!'}`);
      }
    }
    cells.push(runs.join(' ').padEnd(8 + 7 * seeds));
  }
  console.log(`${name.padEnd(12)} ${cells.join(' ')}`);
}
console.log(`${'total'.padEnd(12)} ${forms.map((f) => totals[f].toFixed(1).padEnd(8 + 7 * seeds)).join(' ')}`);
