#!/usr/bin/env node
// Make-up suggestions benchmark (docs/product/semester.md "Make-up lessons"): a class of 99 students whose lessons
// fill the teacher's week (Monday to Sunday, 6:00-24:00), one student's make-up over a window of six weeks.
// Times the solver's answer (SuggestMakeup as the gRPC handler runs it: the student's windows from the solver
// instance, every day's candidates with the idle minutes they add) and checks it against a brute force over every
// (date, start): each suggestion valid (inside both parties' times, overlapping no other lesson of that day), the
// first adding the fewest idle minutes of all valid times, the order (idle, date, start).
//   node services/scheduling-solver/bench/makeup.js [--runs 30] [--target-ms 300]
// Exit status 1: an invalid or not minimal suggestion, or the median over the target.
import { WeekSlots } from '@stundenplan/timegrid';
import { suggestMakeup } from '../dist/makeup/makeup-grpc.js';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : dflt);
const RUNS = opt('--runs', 30);
const TARGET_MS = opt('--target-ms', 300);

// A seeded generator: the same instance every run.
let seed = 20261210;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const DAY_FROM = 6 * 4;
const DAY_TO = 24 * 4;
const pad = (n) => String(n).padStart(2, '0');
const signed = (m) => `${m >= 0 ? '+' : ''}${m} min`;
const label = (slot) => `${Math.floor(slot / 4)}.${pad((slot % 4) * 15)}`;
const timesOf = (ranges) => {
  const map = {};
  for (const [day, from, to] of ranges) for (let s = from; s < to; s++) (map[day] ??= []).push(label(s));
  return map;
};

// The teacher's week: 6:00-24:00 every day, 99 lessons of 30 or 45 minutes (about 14 a day) one after another
// with a random gap of 0 to 45 minutes: a full week with idle time, so a make-up can fill a gap.
const teacherTimes = timesOf(Array.from({ length: 7 }, (_, d) => [d, DAY_FROM, DAY_TO]));
const lessons = [];
{
  const at = Array(7).fill(DAY_FROM);
  for (let i = 0; i < 99; i++) {
    const day = i % 7;
    const len = [2, 3][Math.floor(rand() * 2)];
    const start = at[day] + Math.floor(rand() * 4);
    if (start + len > DAY_TO) throw new Error('the week is too short for 99 lessons');
    lessons.push({ member: `m${pad(i)}`, day, start, end: start + len });
    at[day] = start + len;
  }
}
// The student with the make-up: 45 minutes, free on four afternoons and evenings and Saturday morning.
const maker = lessons[42];
const studentTimes = timesOf([
  [0, 12 * 4, 18 * 4],
  [1, 13 * 4, 19 * 4],
  [3, 10 * 4, 16 * 4],
  [4, 14 * 4, 20 * 4],
  [5, 9 * 4, 13 * 4],
]);
const duration = 45;

// Six weeks of days after a Monday; every day the teacher's lessons of that weekday are busy (a holiday left out).
const first = '2027-03-01';
const addDays = (iso, d) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
const days = [];
for (let i = 1; i <= 42; i++) {
  if (i === 18) continue;
  const weekday = ((i % 7) + 7) % 7;
  days.push({ date: addDays(first, i), weekday, busy: lessons.filter((l) => l.day === weekday).map((l) => ({ start: l.start, end: l.end })) });
}

const members = lessons.map((l) => ({ memberId: l.member, userId: `u-${l.member}`, verified: true, name: l.member, email: '', duration, frequency: 'weekly' }));
const deps = {
  classes: { listMembers: async () => members, getClass: async () => ({}), close() {} },
  availability: {
    getPlanningData: async () => ({
      teacherTimes: WeekSlots.fromTimesMap(teacherTimes),
      members: [
        {
          memberId: maker.member,
          userId: `u-${maker.member}`,
          availableTimes: WeekSlots.empty(),
          availableTimesUserInput: WeekSlots.fromTimesMap(studentTimes),
          preferredTimes: WeekSlots.empty(),
          preferredTimesUserInput: WeekSlots.empty(),
        },
      ],
    }),
    close() {},
  },
};
const request = (limit) => ({ classId: 'c', teacherId: 't', memberId: maker.member, days, limit });

// ---- brute force reference: every (date, start) from scratch
const inTimes = (map, day, from, to) => {
  const set = new Set(map[String(day)] ?? []);
  for (let s = from; s < to; s++) if (!set.has(label(s))) return false;
  return true;
};
const idleOf = (intervals) => {
  if (!intervals.length) return 0;
  const lo = Math.min(...intervals.map((x) => x.start));
  const hi = Math.max(...intervals.map((x) => x.end));
  let taught = 0;
  for (let s = lo; s < hi; s++) if (intervals.some((x) => x.start <= s && s < x.end)) taught++;
  return (hi - lo - taught) * 15;
};
const len = duration / 15;
const valid = (d, start) =>
  start >= 0 &&
  start + len <= 96 &&
  inTimes(teacherTimes, d.weekday, start, start + len) &&
  inTimes(studentTimes, d.weekday, start, start + len) &&
  !d.busy.some((b) => b.start < start + len && start < b.end);
const brute = [];
for (const d of days)
  for (let start = 0; start + len <= 96; start++)
    if (valid(d, start)) brute.push({ date: d.date, start, idle: idleOf([...d.busy, { start, end: start + len }]) - idleOf(d.busy) });
brute.sort((a, b) => a.idle - b.idle || a.date.localeCompare(b.date) || a.start - b.start);

// ---- timing
const times = [];
let answer;
for (let i = 0; i < RUNS; i++) {
  const t0 = process.hrtime.bigint();
  answer = await suggestMakeup(deps, request(3));
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];

// ---- checks
const problems = [];
const byDate = new Map(days.map((d) => [d.date, d]));
const all = (await suggestMakeup(deps, request(0))).candidates;
if (all.length !== brute.length) problems.push(`valid times: solver ${all.length}, brute force ${brute.length}`);
for (const c of answer.candidates) {
  const d = byDate.get(c.date);
  if (!d || c.end - c.start !== len || !valid(d, c.start)) problems.push(`invalid suggestion ${c.date} ${label(c.start)}`);
  const idle = idleOf([...d.busy, { start: c.start, end: c.end }]) - idleOf(d.busy);
  if (idle !== c.idleAddedMinutes) problems.push(`${c.date} ${label(c.start)}: idle ${c.idleAddedMinutes}, brute force ${idle}`);
}
if (!brute.length) problems.push('the instance has no valid time at all: nothing to check');
if (answer.candidates[0] && brute[0] && answer.candidates[0].idleAddedMinutes !== brute[0].idle)
  problems.push(`first suggestion adds ${answer.candidates[0].idleAddedMinutes} idle minutes, the minimum is ${brute[0].idle}`);
const same = answer.candidates.every((c, i) => brute[i] && brute[i].date === c.date && brute[i].start === c.start);
if (!same) problems.push('the suggestions are not the brute force’s first three (idle, date, start)');

console.log('Make-up suggestions (99 students, full teacher week, 6-week window)');
console.log(`  lessons in the week: ${lessons.length}, days: ${days.length}, valid times: ${brute.length}`);
console.log(
  `  suggestions: ${answer.candidates.map((c) => `${c.date} ${label(c.start)} (${signed(c.idleAddedMinutes)})`).join(', ')}; brute-force minimum ${brute[0] ? signed(brute[0].idle) : '-'}`,
);
console.log(`  time to answer: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${RUNS} runs (target < ${TARGET_MS} ms)`);
console.log(`  checks: ${problems.length ? `FAILED\n    ${problems.join('\n    ')}` : 'every suggestion valid, the first minimal, order as the brute force'}`);
if (problems.length || median > TARGET_MS) process.exit(1);
