import { ChangeScope, outboxInsert, StampedCache, Topic, writeOutbox, type ChangeStamps, type Pool, type TimesChangedPayload } from '@stundenplan/base';
import { WeekSlots } from '@stundenplan/timegrid';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';

/** Modes of a class time range (docs/product/times.md step 3). */
export type RangeMode = 'exact' | 'extended' | 'custom';

export interface StoredUserTimes {
  userId: string;
  times: WeekSlots;
  /** Preferred part of times (Wunschzeiten); empty when none. */
  preferred: WeekSlots;
  lastModified: Date;
}

export interface StoredMemberTimes {
  memberId: string;
  classId: string;
  times: WeekSlots;
  /** Preferred part of times (Wunschzeiten); empty when none. */
  preferred: WeekSlots;
  updatedAt: Date;
}

export interface StoredTimeRange {
  classId: string;
  mode: RangeMode;
  extraMinutes: number | null;
  timeRange: WeekSlots;
  updatedAt: Date;
}

const toBytes = (w: WeekSlots): Uint8Array<ArrayBuffer> => new Uint8Array(w.toBytes());
const fromBytes = (b: Uint8Array): WeekSlots => WeekSlots.fromBytes(new Uint8Array(b));
/** Preferred times: NULL when empty. */
const toOptionalBytes = (w: WeekSlots): Uint8Array<ArrayBuffer> | null => (w.isEmpty() ? null : toBytes(w));
const fromOptionalBytes = (b: Uint8Array | null): WeekSlots => (b ? fromBytes(b) : WeekSlots.empty());

type UserRow = { userId: string; times: Uint8Array; preferred: Uint8Array | null; lastModified: Date };
type MemberRow = { memberId: string; classId: string; times: Uint8Array; preferred: Uint8Array | null; updatedAt: Date };
const toUserTimes = (r: UserRow): StoredUserTimes => ({
  userId: r.userId,
  times: fromBytes(r.times),
  preferred: fromOptionalBytes(r.preferred),
  lastModified: r.lastModified,
});
const toMemberTimes = (r: MemberRow): StoredMemberTimes => ({
  memberId: r.memberId,
  classId: r.classId,
  times: fromBytes(r.times),
  preferred: fromOptionalBytes(r.preferred),
  updatedAt: r.updatedAt,
});

function toRange(row: { classId: string; mode: string; extraMinutes: number | null; timeRange: Uint8Array; updatedAt: Date }): StoredTimeRange {
  return { classId: row.classId, mode: row.mode as RangeMode, extraMinutes: row.extraMinutes, timeRange: fromBytes(row.timeRange), updatedAt: row.updatedAt };
}

/** The change stamp of what a times.changed.v1 event reports: a student's own times or a class's times. */
const scopeOf = (p: TimesChangedPayload) => (p.kind === 'user' ? ChangeScope.userTimes(p.user_id) : ChangeScope.classTimes(p.class_id));

/**
 * Writes of one transaction; every change that others care about also writes its outbox event, and names
 * its change scope (moved by the repository after the commit).
 */
export class TimesWriter {
  /** Change scopes written in this transaction. */
  readonly scopes = new Set<string>();
  constructor(private readonly tx: Prisma.TransactionClient) {}

  async teacherTimes(classId: string): Promise<WeekSlots> {
    const row = await this.tx.classTeacherTimes.findUnique({ where: { classId } });
    return row ? fromBytes(row.times) : WeekSlots.empty();
  }

  async timeRange(classId: string): Promise<StoredTimeRange | null> {
    const row = await this.tx.classTimeRange.findUnique({ where: { classId } });
    return row ? toRange(row) : null;
  }

  async memberTimes(memberId: string): Promise<StoredMemberTimes | null> {
    const r = await this.tx.memberTimes.findUnique({ where: { memberId } });
    return r ? toMemberTimes(r) : null;
  }

  async saveUserTimes(userId: string, times: WeekSlots, preferred: WeekSlots): Promise<StoredUserTimes> {
    const now = new Date();
    const data = { times: toBytes(times), preferred: toOptionalBytes(preferred), lastModified: now };
    const row = await this.tx.userTimes.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    return toUserTimes(row);
  }

  async saveMemberTimes(classId: string, memberId: string, times: WeekSlots, preferred: WeekSlots): Promise<void> {
    const now = new Date();
    const data = { classId, times: toBytes(times), preferred: toOptionalBytes(preferred), updatedAt: now };
    await this.tx.memberTimes.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
  }

  async saveTeacherTimes(classId: string, teacherId: string, times: WeekSlots): Promise<void> {
    const now = new Date();
    await this.tx.classTeacherTimes.upsert({
      where: { classId },
      create: { classId, teacherId, times: toBytes(times), updatedAt: now },
      update: { teacherId, times: toBytes(times), updatedAt: now },
    });
  }

  async deleteTeacherTimes(classId: string): Promise<void> {
    await this.tx.classTeacherTimes.deleteMany({ where: { classId } });
  }

  async saveTimeRange(classId: string, mode: RangeMode, extraMinutes: number | null, timeRange: WeekSlots): Promise<StoredTimeRange> {
    const now = new Date();
    const data = { mode, extraMinutes, timeRange: toBytes(timeRange), updatedAt: now };
    const row = await this.tx.classTimeRange.upsert({ where: { classId }, create: { classId, ...data }, update: data });
    return toRange(row);
  }

  async deleteTimeRange(classId: string): Promise<boolean> {
    const { count } = await this.tx.classTimeRange.deleteMany({ where: { classId } });
    return count > 0;
  }

  async deleteClass(classId: string): Promise<void> {
    this.scopes.add(ChangeScope.classTimes(classId));
    await this.tx.memberTimes.deleteMany({ where: { classId } });
    await this.tx.classTeacherTimes.deleteMany({ where: { classId } });
    await this.tx.classTimeRange.deleteMany({ where: { classId } });
  }

  async timesChanged(payload: TimesChangedPayload): Promise<void> {
    const key = payload.kind === 'user' ? payload.user_id : payload.class_id;
    this.scopes.add(scopeOf(payload));
    await writeOutbox((text, values) => this.tx.$executeRawUnsafe(text, ...values), Topic.TimesChanged, key, payload);
  }
}

/** SQL columns of user_times as the Prisma model names them (the hot paths below use the pool directly). */
const USER_COLUMNS = 'user_id AS "userId", times, preferred, last_modified AS "lastModified"';
const MEMBER_COLUMNS = 'member_id AS "memberId", class_id AS "classId", times, preferred, updated_at AS "updatedAt"';
const RANGE_COLUMNS = 'class_id AS "classId", mode, extra_minutes AS "extraMinutes", time_range AS "timeRange", updated_at AS "updatedAt"';

/** Sets of classes whose ranges are kept (a student's classes; a few hundred bytes each). */
const RANGE_SETS_MAX = 10_000;

/** A named statement: each pooled connection plans it once and then only executes it. */
const named = (name: string, text: string, values: unknown[]) => ({ name, text, values });

/**
 * Data access of the availability schema. Times leave this module as WeekSlots, never as bytes.
 * The calls on every request of the hot paths (a student's save, the member list, planning data) go
 * straight to the pool (one round trip each, no query compiler); the rest uses Prisma. Every write moves the
 * change stamps of what it changed (packages/base change-stamps.ts) after its commit, before it resolves.
 */
export class TimesRepository {
  /** timeRanges per set of classes, valid while the times stamps of those classes are unchanged. */
  private readonly keptRanges: StampedCache<StoredTimeRange[]>;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly pool: Pool,
    private readonly stamps: ChangeStamps,
  ) {
    this.keptRanges = new StampedCache(stamps, { maxEntries: RANGE_SETS_MAX });
  }

  /** Runs `fn` in one transaction; the caller kicks the outbox relay after it resolves. */
  async transaction<T>(fn: (w: TimesWriter) => Promise<T>): Promise<T> {
    let writer: TimesWriter | undefined;
    const result = await this.prisma.$transaction((tx) => fn((writer = new TimesWriter(tx))));
    if (writer?.scopes.size) await this.stamps.bump([...writer.scopes]);
    return result;
  }

  async userTimes(userId: string): Promise<StoredUserTimes | null> {
    const { rows } = await this.pool.query<UserRow>(named('user-times', `SELECT ${USER_COLUMNS} FROM user_times WHERE user_id = $1`, [userId]));
    return rows[0] ? toUserTimes(rows[0]) : null;
  }

  async userTimesMany(userIds: string[]): Promise<Map<string, StoredUserTimes>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await this.pool.query<UserRow>(
      named('user-times-many', `SELECT ${USER_COLUMNS} FROM user_times WHERE user_id = ANY($1::text[])`, [[...new Set(userIds)]]),
    );
    return new Map(rows.map((r) => [r.userId, toUserTimes(r)]));
  }

  /**
   * A student's own times and its times.changed.v1 event, atomically in one statement (the save on
   * every submission: one round trip instead of BEGIN, upsert, outbox insert and COMMIT).
   */
  async saveUserTimesWithEvent(userId: string, times: WeekSlots, preferred: WeekSlots): Promise<StoredUserTimes> {
    // The event's insert takes the placeholders after the times' four.
    const event = outboxInsert(Topic.TimesChanged, userId, { kind: 'user', user_id: userId } satisfies TimesChangedPayload, 5);
    const { rows } = await this.pool.query<UserRow>(
      named(
        'save-user-times',
        `WITH saved AS (
           INSERT INTO user_times (user_id, times, preferred, last_modified) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id) DO UPDATE SET times = EXCLUDED.times, preferred = EXCLUDED.preferred, last_modified = EXCLUDED.last_modified
           RETURNING ${USER_COLUMNS}
         ), event AS (${event.text})
         SELECT * FROM saved`,
        [userId, Buffer.from(times.toBytes()), preferred.isEmpty() ? null : Buffer.from(preferred.toBytes()), new Date(), ...event.values],
      ),
    );
    await this.stamps.bump([ChangeScope.userTimes(userId)]);
    return toUserTimes(rows[0]!);
  }

  /**
   * Per group of members (`group[i]` is the group of `memberIds[i]`, `userIds[i]` its user or ''),
   * how many have any times: teacher-entered ones of that member or the user's own. Counted by
   * PostgreSQL in one statement (only groups with at least one answered member come back).
   */
  async countWithAnyTimes(memberIds: string[], userIds: string[], group: number[]): Promise<Map<number, number>> {
    if (!memberIds.length) return new Map();
    const { rows } = await this.pool.query<{ g: number; n: number }>(
      named(
        'count-with-any-times',
        `SELECT r.g, count(*)::int AS n
         FROM unnest($1::text[], $2::text[], $3::int[]) AS r(member_id, user_id, g)
         LEFT JOIN member_times mt ON mt.member_id = r.member_id
         LEFT JOIN user_times ut ON r.user_id <> '' AND ut.user_id = r.user_id
        WHERE ltrim(mt.times, '\\x00'::bytea) <> ''::bytea OR ltrim(ut.times, '\\x00'::bytea) <> ''::bytea
        GROUP BY r.g`,
        [memberIds, userIds, group],
      ),
    );
    return new Map(rows.map((r) => [r.g, r.n]));
  }

  /** Member times of one class; only `memberIds` when given. Rows of other classes are never returned. */
  async memberTimesOfClass(classId: string, memberIds?: string[]): Promise<StoredMemberTimes[]> {
    const { rows } = memberIds
      ? await this.pool.query<MemberRow>(
          named('member-times-of', `SELECT ${MEMBER_COLUMNS} FROM member_times WHERE class_id = $1 AND member_id = ANY($2::text[]) ORDER BY member_id`, [
            classId,
            [...new Set(memberIds)],
          ]),
        )
      : await this.pool.query<MemberRow>(
          named('member-times-of-class', `SELECT ${MEMBER_COLUMNS} FROM member_times WHERE class_id = $1 ORDER BY member_id`, [classId]),
        );
    return rows.map(toMemberTimes);
  }

  async memberTimes(memberId: string): Promise<StoredMemberTimes | null> {
    const r = await this.prisma.memberTimes.findUnique({ where: { memberId } });
    return r ? toMemberTimes(r) : null;
  }

  async teacherTimes(classId: string): Promise<WeekSlots> {
    const { rows } = await this.pool.query<{ times: Uint8Array }>(
      named('teacher-times', 'SELECT times FROM class_teacher_times WHERE class_id = $1', [classId]),
    );
    return rows[0] ? fromBytes(rows[0].times) : WeekSlots.empty();
  }

  async timeRange(classId: string): Promise<StoredTimeRange | null> {
    const { rows } = await this.pool.query<Parameters<typeof toRange>[0]>(
      named('time-range', `SELECT ${RANGE_COLUMNS} FROM class_time_ranges WHERE class_id = $1`, [classId]),
    );
    return rows[0] ? toRange(rows[0]) : null;
  }

  /**
   * The ranges of these classes: a student's window, needed on every save. Kept per set of classes while
   * their times stamps are unchanged (a range write moves its class's stamp before it answers). Shared by
   * every caller: read only.
   */
  async timeRanges(classIds: string[]): Promise<StoredTimeRange[]> {
    const ids = [...new Set(classIds)].sort();
    if (ids.length === 0) return [];
    return this.keptRanges.get(ids.join(' '), async (track) => {
      await track(ids.map(ChangeScope.classTimes));
      const { rows } = await this.pool.query<Parameters<typeof toRange>[0]>(
        named('time-ranges', `SELECT ${RANGE_COLUMNS} FROM class_time_ranges WHERE class_id = ANY($1::text[])`, [ids]),
      );
      return { value: rows.map(toRange) };
    });
  }

  /** Event consumers: idempotent deletes (a second delivery finds nothing to delete). */
  async deleteClass(classId: string): Promise<void> {
    await this.transaction((w) => w.deleteClass(classId));
  }

  /** Retention (class.data-expired.v1): the times kept in the class go, members' and the teacher's; its time range (a setting) stays. */
  async deleteClassTimes(classId: string): Promise<void> {
    const members = await this.pool.query('DELETE FROM member_times WHERE class_id = $1', [classId]);
    const teacher = await this.pool.query('DELETE FROM class_teacher_times WHERE class_id = $1', [classId]);
    if (members.rowCount || teacher.rowCount) await this.stamps.bump([ChangeScope.classTimes(classId)]);
  }

  async deleteMemberTimes(memberId: string, classId?: string): Promise<void> {
    const { rows } = await this.pool.query<{ classId: string }>(
      `DELETE FROM member_times WHERE member_id = $1${classId ? ' AND class_id = $2' : ''} RETURNING class_id AS "classId"`,
      classId ? [memberId, classId] : [memberId],
    );
    if (rows.length) await this.stamps.bump(rows.map((r) => ChangeScope.classTimes(r.classId)));
  }

  async deleteUserTimes(userId: string): Promise<void> {
    const { count } = await this.prisma.userTimes.deleteMany({ where: { userId } });
    if (count) await this.stamps.bump([ChangeScope.userTimes(userId)]);
  }
}
