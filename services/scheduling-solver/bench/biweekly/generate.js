#!/usr/bin/env node
// Builds the biweekly instances (issue 25) from benchmark instances (fixed seeds): about half of the
// students become biweekly ("frequency": "biweekly"), so the plan covers weeks A and B; in instances
// with a previous plan (the preference instances) about half of the biweekly students' previous
// lessons name a week ('A' or 'B'), the others none (kept in either week). The exact staged optimum
// (placed > moved > preferred > idle, idle = week A + week B) of each instance goes to
// instances/reference.json, checked like the preference instances (preferences/reference.js).
//   node services/scheduling-solver/bench/biweekly/generate.js [--only REGEX] [--time-limit S] [--out DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Instance, rng } from '../lib/problem.js';
import { checkedOptimum, generateSet } from '../preferences/reference.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const out = argv.includes('--out') ? path.resolve(argv[argv.indexOf('--out') + 1]) : path.join(here, 'instances');
const only = argv.includes('--only') ? new RegExp(argv[argv.indexOf('--only') + 1]) : null;
const timeLimit = argv.includes('--time-limit') ? Number(argv[argv.indexOf('--time-limit') + 1]) : 900;

/** base instance (bench/instances, or bench/preferences/instances for *-pref) -> seed */
const BASES = { 'small-02': 7201, 'small-03': 7202, 'tight-01': 7203, 'small-02-pref': 7204, 'medium-02-pref': 7205 };

async function build(name, seed) {
  const dir = name.endsWith('-pref') ? path.join(here, '..', 'preferences', 'instances') : path.join(here, '..', 'instances');
  const problem = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
  const r = rng(seed);
  const biweekly = new Set();
  problem.students = problem.students.map((s) => {
    if (r() >= 0.5) return s;
    biweekly.add(s.member_id);
    return { ...s, frequency: 'biweekly' };
  });
  if (problem.previous) problem.previous = problem.previous.map((l) => (biweekly.has(l.member_id) && r() < 0.5 ? { ...l, week: r() < 0.5 ? 'A' : 'B' } : l));
  const id = `${name}-bw`;
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
      n_biweekly: biweekly.size,
      n_previous: (problem.previous ?? []).length,
      ...ref,
      checked: 'bench checker + stages.js',
    },
  ];
}

await generateSet({ out, only, bases: BASES, build, generator: 'bench/biweekly/generate.js' });
