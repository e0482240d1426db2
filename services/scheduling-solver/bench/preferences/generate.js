#!/usr/bin/env node
// Builds the preference instances from benchmark instances (fixed seeds): a previous plan (a maximum
// placement of the unchanged instance, found by the reference MILP), then preferred times for about
// 70% of the students (a span of 1-3 lesson lengths inside their chosen times) and, for about 10% of
// the placed students, times narrowed so that their previous lesson no longer fits. The exact
// four-stage optimum of each instance goes to instances/reference.json.
// The reference plan (the last stage's solution) must pass the benchmark's checker and show the
// claimed stage values (stages.js), and every stage must end with HiGHS status Optimal, or the
// instance is not written.
//   node services/scheduling-solver/bench/preferences/generate.js [--only REGEX] [--time-limit S] [--out DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chosenSource, Instance, label, rng } from '../lib/problem.js';
import { milpOptimum } from '../lib/reference.js';
import { checkedOptimum, generateSet } from './reference.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const out = argv.includes('--out') ? path.resolve(argv[argv.indexOf('--out') + 1]) : path.join(here, 'instances');
const only = argv.includes('--only') ? new RegExp(argv[argv.indexOf('--only') + 1]) : null;
const timeLimit = argv.includes('--time-limit') ? Number(argv[argv.indexOf('--time-limit') + 1]) : 900;

/** base instance -> seed */
const BASES = { 'small-02': 7101, 'small-03': 7102, 'medium-02': 7103, 'tight-01': 7104, 'medium-03': 7105, 'large-02': 7106 };

const toTimes = (byDay) => Object.fromEntries([...byDay].filter(([, s]) => s.size).map(([d, s]) => [String(d), [...s].sort((a, b) => a - b).map(label)]));
const fromTimes = (times) =>
  new Map(
    Object.entries(times ?? {}).map(([d, l]) => [
      Number(d),
      new Set(
        l.map((x) => {
          const [h, m] = x.split('.').map(Number);
          return h * 4 + m / 15;
        }),
      ),
    ]),
  );

async function build(name, seed) {
  const problem = JSON.parse(readFileSync(path.join(here, '..', 'instances', `${name}.json`), 'utf8'));
  const before = new Instance(problem);
  const { placement } = await milpOptimum(before, { idle: false });
  const r = rng(seed);
  const previous = [...placement].sort((a, b) => a[0] - b[0]).map(([i, [d, t]]) => ({ member_id: before.ids[i], day: d, start: label(t) }));
  const narrowed = [];
  problem.students = problem.students.map((s, i) => {
    const source = chosenSource(problem, s);
    const times = fromTimes(s[source]);
    const copy = { ...s };
    const lesson = placement.get(i);
    if (lesson && r() < 0.1) {
      const [d, t] = lesson;
      for (let k = t; k < t + before.length[i]; k++) times.get(d)?.delete(k);
      copy[source] = toTimes(times);
      narrowed.push(s.member_id);
    }
    if (r() < 0.7) {
      const days = [...times].filter(([, set]) => set.size);
      if (days.length) {
        const [d, set] = days[Math.floor(r() * days.length)];
        const slots = [...set].sort((a, b) => a - b);
        let k = slots[Math.floor(r() * slots.length)];
        const want = before.length[i] * (1 + Math.floor(r() * 3));
        const span = new Set();
        while (set.has(k) && span.size < want) span.add(k++);
        copy[source === 'available_times' ? 'preferred_times' : 'preferred_times_user_input'] = toTimes(new Map([[d, span]]));
      }
    }
    return copy;
  });
  problem.previous = previous;
  const id = `${name}-pref`;
  const inst = new Instance(problem);
  const ref = await checkedOptimum(id, inst, { timeLimit });
  writeFileSync(path.join(out, `${id}.json`), `${JSON.stringify(problem)}\n`);
  return [
    id,
    {
      base: name,
      seed,
      n_students: problem.students.length,
      n_active: inst.nActive,
      n_previous: previous.length,
      narrowed: narrowed.length,
      ...ref,
      checked: 'bench checker + stages.js',
    },
  ];
}

await generateSet({ out, only, bases: BASES, build, generator: 'bench/preferences/generate.js' });
