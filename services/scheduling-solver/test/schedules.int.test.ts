import { randomUUID } from 'node:crypto';
import { callUnary } from '@stundenplan/base';
import { schedulingV1 } from '@stundenplan/proto';
import { testServiceClient } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, api, labels, lesson, member, startHarness, waitFor, week, type Harness, type StubClass, type StubMember } from './helpers.js';

/** Saved schedules: docs/product/api.md "Schedules and calculation" over real HTTP, real PostgreSQL, real gRPC neighbours. */

let h: Harness;
let cls: StubClass;
let anna: StubMember;
let ben: StubMember;
let otherCls: StubClass;

beforeAll(async () => {
  h = await startHarness();
  anna = member('Anna Müller', 45, { '0': labels('9.00', '12.00') });
  ben = member('Ben Schulz', 30, { '0': labels('9.00', '12.00') });
  cls = h.world.addClass(h.teacherId, [anna, ben], { '0': labels('9.00', '12.00') });
  otherCls = h.world.addClass(h.otherTeacherId, [member('Cara', 30, {})]);
});

afterAll(async () => {
  await h?.stop();
});

const plan = () => week({ '0': [...lesson(anna.memberId, '9.00', 45), ...lesson(ben.memberId, '10.00', 30)] });

describe('create, load, list, update, delete', () => {
  it('saves a schedule and loads the same plan back (all 7 days, sorted, canonical labels)', async () => {
    const created = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, {
      name: 'Stundenplan Klavier 22.11.2026, 10:00',
      description: 'Wintersemester',
      class_id: cls.classId,
      available_times: plan(),
      pinned: [anna.memberId],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), name: 'Stundenplan Klavier 22.11.2026, 10:00', class_id: cls.classId });

    const loaded = await api(h, 'GET', `/api/schedules/${created.body.id}`, h.teacher);
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual({
      id: created.body.id,
      name: 'Stundenplan Klavier 22.11.2026, 10:00',
      description: 'Wintersemester',
      class_id: cls.classId,
      available_times: plan(),
      pinned: [anna.memberId],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Object.keys(loaded.body.available_times)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
  });

  it('sorts entries by time, spells labels canonically, skips empty cells and fills missing days', async () => {
    const res = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, {
      name: 'Unsortiert',
      available_times: {
        '2': [
          ['10.15', ben.memberId],
          ['09.00', anna.memberId],
          ['10.00', ben.memberId],
          ['9.15', ''],
          ['9.15', anna.memberId],
        ],
      },
    });
    expect(res.status).toBe(201);
    const loaded = await api(h, 'GET', `/api/schedules/${res.body.id}`, h.teacher);
    expect(loaded.body.available_times).toEqual(
      week({
        '2': [
          ['9.00', anna.memberId],
          ['9.15', anna.memberId],
          ['10.00', ben.memberId],
          ['10.15', ben.memberId],
        ],
      }),
    );
    expect(loaded.body.description).toBeNull();
    expect(loaded.body.pinned).toEqual([]);
  });

  it('drops entries of members who are not in the class', async () => {
    const stranger = randomUUID();
    const res = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, {
      name: 'Mit Fremden',
      available_times: week({
        '1': [
          ['9.00', stranger],
          ['9.15', stranger],
          ['11.00', ben.memberId],
        ],
      }),
      pinned: [stranger, ben.memberId],
    });
    expect(res.status).toBe(201);
    const loaded = await api(h, 'GET', `/api/schedules/${res.body.id}`, h.teacher);
    expect(loaded.body.available_times['1']).toEqual([['11.00', ben.memberId]]);
    expect(loaded.body.pinned).toEqual([ben.memberId]);
  });

  it('lists newest first under both list paths', async () => {
    const a = await api(h, 'GET', `/api/classes/${cls.classId}/schedules`, h.teacher);
    expect(a.status).toBe(200);
    expect(a.body.schedules.map((s: { name: string }) => s.name)).toEqual(['Mit Fremden', 'Unsortiert', 'Stundenplan Klavier 22.11.2026, 10:00']);
    for (const s of a.body.schedules) expect(Object.keys(s).sort()).toEqual(['class_id', 'created_at', 'description', 'id', 'name', 'updated_at']);
    const b = await api(h, 'GET', `/api/schedules?class_id=${cls.classId}`, h.teacher);
    expect(b.status).toBe(200);
    expect(Array.isArray(b.body)).toBe(true);
    expect(b.body).toEqual(a.body.schedules);
  });

  it('updates in place, keeps created_at, and rejects an update of a schedule that is gone', async () => {
    const created = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Zum Ändern', available_times: plan() });
    const moved = week({ '3': lesson(anna.memberId, '14.00', 45) });
    const updated = await api(h, 'POST', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher, {
      name: 'Geändert',
      description: '',
      class_id: cls.classId,
      available_times: moved,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Geändert', description: null, created_at: created.body.created_at });
    expect(Date.parse(updated.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));
    const loaded = await api(h, 'GET', `/api/schedules/${created.body.id}`, h.teacher);
    expect(loaded.body.available_times).toEqual(moved);

    const del = await api(h, 'DELETE', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: created.body.id });
    expect((await api(h, 'GET', `/api/schedules/${created.body.id}`, h.teacher)).status).toBe(404);
    const again = await api(h, 'POST', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher, { name: 'Geändert', available_times: moved });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Stundenplan nicht gefunden');
    expect((await api(h, 'DELETE', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher)).status).toBe(404);
  });

  it('same name in the class: 409 with the existing id, so the web can offer to overwrite', async () => {
    const first = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Doppelt', available_times: plan() });
    const second = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: '  Doppelt ', available_times: week() });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ detail: 'Ein Stundenplan mit diesem Namen existiert bereits. Möchten Sie ihn überschreiben?', existing_id: first.body.id });
    // Overwrite = update of the existing id.
    const over = await api(h, 'POST', `/api/classes/${cls.classId}/schedules/${second.body.existing_id}`, h.teacher, {
      name: 'Doppelt',
      available_times: week(),
    });
    expect(over.status).toBe(200);
    // Renaming another schedule onto a taken name conflicts too.
    const third = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Dritter', available_times: week() });
    const rename = await api(h, 'POST', `/api/classes/${cls.classId}/schedules/${third.body.id}`, h.teacher, { name: 'Doppelt', available_times: week() });
    expect(rename.status).toBe(409);
    expect(rename.body.existing_id).toBe(first.body.id);
  });

  it('publishes schedule.saved.v1 through the outbox on create and update', async () => {
    const created = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Mit Ereignis', available_times: plan() });
    await api(h, 'POST', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher, { name: 'Mit Ereignis', available_times: week() });
    const rows = await waitFor(async () => {
      const r = await adminQuery<{ payload: { payload: { schedule_id: string; created: boolean } }; published_at: Date | null }>(
        `SELECT payload, published_at FROM "${h.schema}".outbox_events WHERE topic = 'schedule.saved.v1' AND payload->'payload'->>'schedule_id' = $1 ORDER BY seq`,
        [created.body.id],
      );
      return r.rows.length === 2 && r.rows.every((x) => x.published_at) ? r.rows : undefined;
    });
    expect(rows.map((r) => r.payload.payload.created)).toEqual([true, false]);
    expect(rows[0].payload.payload).toMatchObject({ class_id: cls.classId, teacher_id: h.teacherId, name: 'Mit Ereignis' });
  });
});

describe('bad input', () => {
  const post = (body: unknown) => api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, body);

  it('no name, blank name, name not a string, body not an object', async () => {
    for (const body of [{ available_times: plan() }, { name: '   ', available_times: plan() }, { name: 42 }, []]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe('Bitte geben Sie einen Namen für den Stundenplan ein');
    }
  });

  it('a name with a line break, bidi or invisible character (create and upsert)', async () => {
    for (const name of ['Plan\nA', 'Plan\r\nA', 'Plan \u202EA', 'Pl\u200Ban', '\u2066Plan\u2069']) {
      const res = await post({ name, available_times: plan() });
      expect(res, JSON.stringify(name)).toEqual({
        status: 400,
        body: { detail: 'Der Name darf keine Zeilenumbrüche, Steuerzeichen oder unsichtbaren Zeichen enthalten' },
      });
      const put = await api(h, 'PUT', `/api/classes/${cls.classId}/schedules/${randomUUID()}`, h.teacher, { name, available_times: plan() });
      expect(put.status, JSON.stringify(name)).toBe(400);
    }
  });

  it('unknown day names or keys', async () => {
    for (const key of ['Montag', 'MONTAG', '7', '-1', 'monday']) {
      const res = await post({ name: `Tag ${key}`, available_times: { [key]: [['9.00', anna.memberId]] } });
      expect(res.status, key).toBe(400);
      expect(res.body.detail).toBe(`Ungültiger Wochentag: "${key}"`);
    }
  });

  it('unknown slot labels and malformed entries', async () => {
    const bad = await post({ name: 'Label', available_times: week({ '0': [['9.10', anna.memberId]] }) });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Ungültige Zeitangabe: "9.10"');
    const entry = await post({ name: 'Eintrag', available_times: { '0': ['9.00'] } });
    expect(entry.status).toBe(400);
    expect(entry.body.detail).toBe('Ungültiger Eintrag für Wochentag "0": erwartet wird [Zeit, member_id].');
    const list = await post({ name: 'Liste', available_times: { '0': 'x' } });
    expect(list.status).toBe(400);
    expect(list.body.detail).toBe('Die Einträge für Wochentag "0" müssen als Liste angegeben werden.');
    const notObj = await post({ name: 'Objekt', available_times: [['9.00', anna.memberId]] });
    expect(notObj.status).toBe(400);
  });

  it('overlapping entries (the same slot for two members) are refused', async () => {
    const res = await post({
      name: 'Überschneidung',
      available_times: week({
        '0': [
          ['9.00', anna.memberId],
          ['9.00', ben.memberId],
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Überschneidung im Stundenplan: Montag 9.00 Uhr ist mehrfach belegt. Bitte entfernen Sie die doppelte Belegung.');
    // Spelled differently, still the same slot.
    const res2 = await post({
      name: 'Überschneidung 2',
      available_times: week({
        '4': [
          ['09.30', anna.memberId],
          ['9.30', ben.memberId],
        ],
      }),
    });
    expect(res2.status).toBe(400);
    expect(res2.body.detail).toContain('Freitag 9.30');
  });

  it('a class id in the body that differs from the path', async () => {
    const res = await post({ name: 'Falsche Klasse', class_id: otherCls.classId, available_times: plan() });
    expect(res.status).toBe(400);
  });
});

describe('authorization', () => {
  let mine: string;
  beforeAll(async () => {
    mine = (await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Privat', available_times: plan() })).body.id;
  });

  it('no session: 401', async () => {
    expect((await api(h, 'GET', `/api/classes/${cls.classId}/schedules`)).status).toBe(401);
    expect((await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, undefined, { name: 'x' })).status).toBe(401);
  });

  it('students: 403 with the SPEC text', async () => {
    for (const [m, p] of [
      ['GET', `/api/classes/${cls.classId}/schedules`],
      ['GET', `/api/schedules?class_id=${cls.classId}`],
      ['GET', `/api/schedules/${mine}`],
      ['POST', `/api/classes/${cls.classId}/schedules`],
      ['POST', `/api/classes/${cls.classId}/schedules/${mine}`],
      ['DELETE', `/api/classes/${cls.classId}/schedules/${mine}`],
    ] as const) {
      const res = await api(h, m, p, h.student, m === 'POST' ? { name: 'x', available_times: week() } : undefined);
      expect(res.status, `${m} ${p}`).toBe(403);
      expect(res.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
    }
  });

  it("another teacher's class or schedule: 404, same answer as a class that does not exist", async () => {
    const calls: [string, string][] = [
      ['GET', `/api/classes/${cls.classId}/schedules`],
      ['GET', `/api/schedules?class_id=${cls.classId}`],
      ['POST', `/api/classes/${cls.classId}/schedules`],
      ['POST', `/api/classes/${cls.classId}/schedules/${mine}`],
      ['DELETE', `/api/classes/${cls.classId}/schedules/${mine}`],
    ];
    for (const [m, p] of calls) {
      const res = await api(h, m, p, h.otherTeacher, m === 'POST' ? { name: 'Fremd', available_times: week() } : undefined);
      expect(res.status, `${m} ${p}`).toBe(404);
      expect(res.body).toEqual({ detail: 'Klasse nicht gefunden' });
    }
    const unknown = await api(h, 'GET', `/api/classes/${randomUUID()}/schedules`, h.teacher);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Klasse nicht gefunden' });
    expect((await api(h, 'GET', `/api/classes/not-a-uuid/schedules`, h.teacher)).status).toBe(404);

    const foreign = await api(h, 'GET', `/api/schedules/${mine}`, h.otherTeacher);
    expect(foreign).toEqual({ status: 404, body: { detail: 'Stundenplan nicht gefunden' } });
    expect(await api(h, 'GET', `/api/schedules/${randomUUID()}`, h.teacher)).toEqual({ status: 404, body: { detail: 'Stundenplan nicht gefunden' } });
    expect((await api(h, 'GET', `/api/schedules/nonsense`, h.teacher)).status).toBe(404);

    // The other teacher's own class cannot reach my schedule id either.
    const cross = await api(h, 'POST', `/api/classes/${otherCls.classId}/schedules/${mine}`, h.otherTeacher, { name: 'x', available_times: week() });
    expect(cross).toEqual({ status: 404, body: { detail: 'Stundenplan nicht gefunden' } });
    const crossDel = await api(h, 'DELETE', `/api/classes/${otherCls.classId}/schedules/${mine}`, h.otherTeacher);
    expect(crossDel.status).toBe(404);
    // Still there and unchanged.
    expect((await api(h, 'GET', `/api/schedules/${mine}`, h.teacher)).body.name).toBe('Privat');
  });

  it('a missing class_id on the list path', async () => {
    const res = await api(h, 'GET', `/api/schedules`, h.teacher);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Keine Klasse ausgewählt');
  });
});

describe('gRPC GetLatestSchedule', () => {
  it('answers the newest schedule of a class by created_at, NOT_FOUND otherwise', async () => {
    const c = h.world.addClass(h.teacherId, [anna]);
    const client = testServiceClient(schedulingV1.SchedulingServiceClient, `127.0.0.1:${h.svc.grpcPort}`, 'scheduling-solver');
    try {
      await expect(callUnary(client.getLatestSchedule.bind(client), client, { classId: c.classId, teacherId: '' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await api(h, 'POST', `/api/classes/${c.classId}/schedules`, h.teacher, { name: 'Alt', available_times: week() });
      await new Promise((r) => setTimeout(r, 5));
      const newest = await api(h, 'POST', `/api/classes/${c.classId}/schedules`, h.teacher, {
        name: 'Neu',
        description: 'neu',
        available_times: week({ '0': lesson(anna.memberId, '9.00', 45) }),
        pinned: [anna.memberId],
      });
      const res = await callUnary(client.getLatestSchedule.bind(client), client, { classId: c.classId, teacherId: h.teacherId });
      expect(res).toMatchObject({
        scheduleId: newest.body.id,
        name: 'Neu',
        description: 'neu',
        classId: c.classId,
        teacherId: h.teacherId,
        pinnedMemberIds: [anna.memberId],
      });
      // The times as Timestamps, beside the deprecated ISO strings they replace.
      expect(res.createTime?.toISOString()).toBe(res.createdAt);
      expect(res.updateTime?.toISOString()).toBe(res.updatedAt);
      const lessons = [0, 1, 2].map((q) => ({ label: ['9.00', '9.15', '9.30'][q], memberId: anna.memberId, week: '' }));
      expect(res.availableTimes).toEqual({
        0: { slots: lessons },
        1: { slots: [] },
        2: { slots: [] },
        3: { slots: [] },
        4: { slots: [] },
        5: { slots: [] },
        6: { slots: [] },
      });
      await expect(callUnary(client.getLatestSchedule.bind(client), client, { classId: c.classId, teacherId: h.otherTeacherId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    } finally {
      client.close();
    }
  });
});

describe('PUT: idempotent save under the schedule id', () => {
  const body = (name: string) => ({ name, description: null, class_id: cls.classId, available_times: plan(), pinned: [] });

  it('updates an existing schedule (200) and keeps its id', async () => {
    const created = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, body('Upsert bestehend'));
    expect(created.status).toBe(201);
    const put = await api(h, 'PUT', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher, { ...body('Upsert geändert'), description: 'neu' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: created.body.id, name: 'Upsert geändert', description: 'neu', class_id: cls.classId });
    const loaded = await api(h, 'GET', `/api/schedules/${created.body.id}`, h.teacher);
    expect(loaded.body).toMatchObject({ name: 'Upsert geändert', description: 'neu', available_times: plan() });
  });

  it('creates a missing schedule under the given id (201); the same PUT again updates it (200), no second schedule', async () => {
    const id = randomUUID();
    const first = await api(h, 'PUT', `/api/classes/${cls.classId}/schedules/${id}`, h.teacher, body('Upsert neu'));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, name: 'Upsert neu', class_id: cls.classId });
    const again = await api(h, 'PUT', `/api/classes/${cls.classId}/schedules/${id}`, h.teacher, body('Upsert neu'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, name: 'Upsert neu' });
    const list = await api(h, 'GET', `/api/classes/${cls.classId}/schedules`, h.teacher);
    expect((list.body.schedules as { name: string }[]).filter((s) => s.name === 'Upsert neu')).toHaveLength(1);
  });

  it('a deleted schedule is created again under its id', async () => {
    const created = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, body('Upsert gelöscht'));
    expect((await api(h, 'DELETE', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher)).status).toBe(200);
    const put = await api(h, 'PUT', `/api/classes/${cls.classId}/schedules/${created.body.id}`, h.teacher, body('Upsert gelöscht'));
    expect(put.status).toBe(201);
    expect((await api(h, 'GET', `/api/schedules/${created.body.id}`, h.teacher)).status).toBe(200);
  });

  it('a name taken by another schedule of the class is a 409 with its id', async () => {
    const taken = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, body('Upsert vergeben'));
    const put = await api(h, 'PUT', `/api/classes/${cls.classId}/schedules/${randomUUID()}`, h.teacher, body('Upsert vergeben'));
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ existing_id: taken.body.id });
  });

  it('refuses another teacher, a student and no session; writes nothing', async () => {
    const created = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, body('Upsert geschützt'));
    const path = `/api/classes/${cls.classId}/schedules/${created.body.id}`;
    const fresh = `/api/classes/${cls.classId}/schedules/${randomUUID()}`;

    // Another teacher: the class is not theirs (404 in schedule calls), neither for an existing nor for a new id.
    expect((await api(h, 'PUT', path, h.otherTeacher, body('Fremd'))).status).toBe(404);
    expect((await api(h, 'PUT', fresh, h.otherTeacher, body('Fremd'))).status).toBe(404);
    // ... nor through their own class: the schedule belongs to another class.
    expect((await api(h, 'PUT', `/api/classes/${otherCls.classId}/schedules/${created.body.id}`, h.otherTeacher, body('Fremd'))).status).toBe(404);
    // A student and no session.
    expect((await api(h, 'PUT', path, h.student, body('Fremd'))).status).toBe(403);
    expect((await api(h, 'PUT', path, undefined, body('Fremd'))).status).toBe(401);

    const loaded = await api(h, 'GET', `/api/schedules/${created.body.id}`, h.teacher);
    expect(loaded.body).toMatchObject({ name: 'Upsert geschützt' });
    const list = await api(h, 'GET', `/api/classes/${cls.classId}/schedules`, h.teacher);
    expect((list.body.schedules as { name: string }[]).some((s) => s.name === 'Fremd')).toBe(false);
  });

  it('an id that is not a UUID is not found', async () => {
    expect((await api(h, 'PUT', `/api/classes/${cls.classId}/schedules/kein-plan`, h.teacher, body('Upsert kaputt'))).status).toBe(404);
  });
});
