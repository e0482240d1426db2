import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminQuery, api, lesson, waitFor, week } from './helpers.js';
import { twoLessons, useScheduleWorld } from './schedule-world.js';

/**
 * Saved schedules: docs/product/api.md "Schedules and calculation" over real HTTP, real PostgreSQL,
 * real gRPC neighbours: create, load, list, update, delete and bad input (access, gRPC and PUT:
 * schedules-access.int.test.ts).
 */

const w = useScheduleWorld();
const plan = () => twoLessons(w.anna, w.ben);

describe('create, load, list, update, delete', () => {
  it('saves a schedule and loads the same plan back (all 7 days, sorted, canonical labels)', async () => {
    const created = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, {
      name: 'Stundenplan Klavier 22.11.2026, 10:00',
      description: 'Wintersemester',
      class_id: w.cls.classId,
      available_times: plan(),
      pinned: [w.anna.memberId],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), name: 'Stundenplan Klavier 22.11.2026, 10:00', class_id: w.cls.classId });

    const loaded = await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher);
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual({
      id: created.body.id,
      name: 'Stundenplan Klavier 22.11.2026, 10:00',
      description: 'Wintersemester',
      class_id: w.cls.classId,
      available_times: plan(),
      pinned: [w.anna.memberId],
      ...{ rooms: {}, room_details: {} },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Object.keys(loaded.body.available_times)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
  });

  it('sorts entries by time, spells labels canonically, skips empty cells and fills missing days', async () => {
    const res = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, {
      name: 'Unsortiert',
      available_times: {
        '2': [
          ['10.15', w.ben.memberId],
          ['09.00', w.anna.memberId],
          ['10.00', w.ben.memberId],
          ['9.15', ''],
          ['9.15', w.anna.memberId],
        ],
      },
    });
    expect(res.status).toBe(201);
    const loaded = await api(w.h, 'GET', `/api/schedules/${res.body.id}`, w.h.teacher);
    expect(loaded.body.available_times).toEqual(
      week({
        '2': [
          ['9.00', w.anna.memberId],
          ['9.15', w.anna.memberId],
          ['10.00', w.ben.memberId],
          ['10.15', w.ben.memberId],
        ],
      }),
    );
    expect(loaded.body.description).toBeNull();
    expect(loaded.body.pinned).toEqual([]);
  });

  it('drops entries of members who are not in the class', async () => {
    const stranger = randomUUID();
    const res = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, {
      name: 'Mit Fremden',
      available_times: week({
        '1': [
          ['9.00', stranger],
          ['9.15', stranger],
          ['11.00', w.ben.memberId],
        ],
      }),
      pinned: [stranger, w.ben.memberId],
    });
    expect(res.status).toBe(201);
    const loaded = await api(w.h, 'GET', `/api/schedules/${res.body.id}`, w.h.teacher);
    expect(loaded.body.available_times['1']).toEqual([['11.00', w.ben.memberId]]);
    expect(loaded.body.pinned).toEqual([w.ben.memberId]);
  });

  it('lists newest first under both list paths', async () => {
    const a = await api(w.h, 'GET', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher);
    expect(a.status).toBe(200);
    expect(a.body.schedules.map((s: { name: string }) => s.name)).toEqual(['Mit Fremden', 'Unsortiert', 'Stundenplan Klavier 22.11.2026, 10:00']);
    for (const s of a.body.schedules) expect(Object.keys(s).sort()).toEqual(['class_id', 'created_at', 'description', 'id', 'name', 'updated_at']);
    const b = await api(w.h, 'GET', `/api/schedules?class_id=${w.cls.classId}`, w.h.teacher);
    expect(b.status).toBe(200);
    expect(Array.isArray(b.body)).toBe(true);
    expect(b.body).toEqual(a.body.schedules);
  });

  it('updates in place, keeps created_at, and rejects an update of a schedule that is gone', async () => {
    const created = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, { name: 'Zum Ändern', available_times: plan() });
    const moved = week({ '3': lesson(w.anna.memberId, '14.00', 45) });
    const updated = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher, {
      name: 'Geändert',
      description: '',
      class_id: w.cls.classId,
      available_times: moved,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Geändert', description: null, created_at: created.body.created_at });
    expect(Date.parse(updated.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));
    const loaded = await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher);
    expect(loaded.body.available_times).toEqual(moved);

    const del = await api(w.h, 'DELETE', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: created.body.id });
    expect((await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher)).status).toBe(404);
    const again = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher, {
      name: 'Geändert',
      available_times: moved,
    });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Stundenplan nicht gefunden');
    expect((await api(w.h, 'DELETE', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher)).status).toBe(404);
  });

  it('same name in the class: 409 with the existing id, so the web can offer to overwrite', async () => {
    const first = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, { name: 'Doppelt', available_times: plan() });
    const second = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, { name: '  Doppelt ', available_times: week() });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ detail: 'Ein Stundenplan mit diesem Namen existiert bereits. Möchten Sie ihn überschreiben?', existing_id: first.body.id });
    // Overwrite = update of the existing id.
    const over = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules/${second.body.existing_id}`, w.h.teacher, {
      name: 'Doppelt',
      available_times: week(),
    });
    expect(over.status).toBe(200);
    // Renaming another schedule onto a taken name conflicts too.
    const third = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, { name: 'Dritter', available_times: week() });
    const rename = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules/${third.body.id}`, w.h.teacher, {
      name: 'Doppelt',
      available_times: week(),
    });
    expect(rename.status).toBe(409);
    expect(rename.body.existing_id).toBe(first.body.id);
  });

  it('publishes schedule.saved.v1 through the outbox on create and update', async () => {
    const created = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, { name: 'Mit Ereignis', available_times: plan() });
    await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher, { name: 'Mit Ereignis', available_times: week() });
    const rows = await waitFor(async () => {
      const r = await adminQuery<{ payload: { payload: { schedule_id: string; created: boolean } }; published_at: Date | null }>(
        `SELECT payload, published_at FROM "${w.h.schema}".outbox_events WHERE topic = 'schedule.saved.v1' AND payload->'payload'->>'schedule_id' = $1 ORDER BY seq`,
        [created.body.id],
      );
      return r.rows.length === 2 && r.rows.every((x) => x.published_at) ? r.rows : undefined;
    });
    expect(rows.map((r) => r.payload.payload.created)).toEqual([true, false]);
    expect(rows[0]?.payload.payload).toMatchObject({ class_id: w.cls.classId, teacher_id: w.h.teacherId, name: 'Mit Ereignis' });
  });
});

describe('bad input', () => {
  const post = (body: unknown) => api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, body);

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
      const put = await api(w.h, 'PUT', `/api/classes/${w.cls.classId}/schedules/${randomUUID()}`, w.h.teacher, { name, available_times: plan() });
      expect(put.status, JSON.stringify(name)).toBe(400);
    }
  });

  it('unknown day names or keys', async () => {
    for (const key of ['Montag', 'MONTAG', '7', '-1', 'monday']) {
      const res = await post({ name: `Tag ${key}`, available_times: { [key]: [['9.00', w.anna.memberId]] } });
      expect(res.status, key).toBe(400);
      expect(res.body.detail).toBe(`Ungültiger Wochentag: "${key}"`);
    }
  });

  it('unknown slot labels and malformed entries', async () => {
    const bad = await post({ name: 'Label', available_times: week({ '0': [['9.10', w.anna.memberId]] }) });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Ungültige Zeitangabe: "9.10"');
    const entry = await post({ name: 'Eintrag', available_times: { '0': ['9.00'] } });
    expect(entry.status).toBe(400);
    expect(entry.body.detail).toBe('Ungültiger Eintrag für Wochentag „0“: erwartet wird [Zeit, member_id].');
    const list = await post({ name: 'Liste', available_times: { '0': 'x' } });
    expect(list.status).toBe(400);
    expect(list.body.detail).toBe('Die Einträge für Wochentag „0“ müssen als Liste angegeben werden.');
    const notObj = await post({ name: 'Objekt', available_times: [['9.00', w.anna.memberId]] });
    expect(notObj.status).toBe(400);
  });

  it('overlapping entries (the same slot for two members) are refused', async () => {
    const res = await post({
      name: 'Überschneidung',
      available_times: week({
        '0': [
          ['9.00', w.anna.memberId],
          ['9.00', w.ben.memberId],
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
          ['09.30', w.anna.memberId],
          ['9.30', w.ben.memberId],
        ],
      }),
    });
    expect(res2.status).toBe(400);
    expect(res2.body.detail).toContain('Freitag 9.30');
  });

  it('a class id in the body that differs from the path', async () => {
    const res = await post({ name: 'Falsche Klasse', class_id: w.otherCls.classId, available_times: plan() });
    expect(res.status).toBe(400);
  });
});
