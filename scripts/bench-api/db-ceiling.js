// The database's share: the statements a class list and a student's save run, issued straight to the
// product's PostgreSQL by the product's own repositories (no HTTP, no gRPC, no gateway), from as many
// connections as the services use. What this reaches on the machine is an upper bound for the API.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WeekSlots } from '../../packages/timegrid/dist/index.js';

const load = (root, file) => import(pathToFileURL(path.join(root, file)).href);

/** Runs `fn` from `concurrency` loops for `seconds`; statement sets per second and p50/p99 in ms. */
async function loop(seconds, concurrency, fn) {
  const until = performance.now() + seconds * 1000;
  const ms = [];
  let errors = 0;
  let k = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await fn(k++);
        } catch {
          errors++;
        }
        ms.push(performance.now() - t);
      }
    }),
  );
  ms.sort((a, b) => a - b);
  const at = (p) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)] ?? 0;
  return { requests: ms.length, rps: ms.length / seconds, p50: at(50), p99: at(99), errors };
}

/**
 * `url`: the product's database; `teacherId`, `students` ({ userId }) from the seeded data. Returns the
 * two measurements for the results table.
 */
export async function dbCeiling(root, { url, teacherId, studentIds, seconds, concurrency = 10 }) {
  const { createPool } = await load(root, 'packages/base/dist/index.js');
  const { classRepository } = await load(root, 'services/classes/dist/data/class-repository.js');
  const { memberRepository } = await load(root, 'services/classes/dist/data/member-repository.js');
  const { TimesRepository } = await load(root, 'services/availability/dist/data/times-repository.js');
  const classesPool = createPool(url, 'classes', concurrency);
  const availabilityPool = createPool(url, 'availability', concurrency);
  try {
    // Only the pool-backed reads and writes are used, so no Prisma client is needed; the change stamps live in
    // the product's store, not in the database, so none are written here. As in the product, the ranges of a
    // student's classes are read once and then kept while nothing changes (here: ever).
    const noWrites = async () => {};
    const noStamps = { read: async (scopes) => scopes.map(() => null), bump: noWrites, lastChange: async () => null };
    const classes = classRepository(null, classesPool, noWrites);
    const members = memberRepository(null, classesPool, noWrites);
    const times = new TimesRepository(null, availabilityPool, noStamps);
    const classList = await loop(seconds, concurrency, async () => {
      const rows = await classes.listOfTeacherWithMemberIds(teacherId);
      const all = rows.filter((c) => c.members.length);
      await times.countWithAnyTimes(
        all.flatMap((c) => c.members.map((m) => m.memberId)),
        all.flatMap((c) => c.members.map((m) => m.userId ?? '')),
        all.flatMap((c, g) => c.members.map(() => g)),
      );
    });
    const week = WeekSlots.fromTimesMap({ 0: ['9.00', '9.15'], 2: ['14.00'] });
    // A save asks for the student's classes only after a change in the classes service (availability keeps
    // them), so they are read once here, before the measurement.
    const classIdsOf = new Map();
    for (const userId of studentIds)
      classIdsOf.set(
        userId,
        (await members.membershipsOfUser(userId)).map((m) => m.cls.classId),
      );
    const save = await loop(seconds, concurrency, async (k) => {
      const userId = studentIds[k % studentIds.length];
      await Promise.all([times.userTimes(userId), times.timeRanges(classIdsOf.get(userId))]);
      await times.saveUserTimesWithEvent(userId, week, WeekSlots.empty());
    });
    return { classList, save };
  } finally {
    await classesPool.end();
    await availabilityPool.end();
  }
}
