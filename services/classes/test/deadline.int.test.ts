import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClass, startHarness, type Actor, type Harness } from './helpers.js';

/** GET/PUT /api/classes/{classId}/deadline. */

let h: Harness;
let teacher: Actor;
let otherTeacher: Actor;
let student: Actor;

beforeAll(async () => {
  h = await startHarness();
  teacher = await h.teacher();
  otherTeacher = await h.teacher();
  student = await h.student();
});
afterAll(async () => h?.stop());

const path = (classId: string) => `/api/classes/${classId}/deadline`;

describe('class deadline', () => {
  it('a new class has none; the teacher sets, reads, changes and clears it', async () => {
    const c = await createClass(h, teacher, 'Frist Klavier');
    expect(c).toMatchObject({ deadline: null, allow_late_changes: false, auto_reminders: true });
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual({ deadline: null, allow_late_changes: false, auto_reminders: true });

    const set = await h.call('PUT', path(c.class_id), teacher, { deadline: '2026-12-24', allow_late_changes: true });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ deadline: '2026-12-24', allow_late_changes: true, auto_reminders: true, message: 'Frist gespeichert' });
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual({ deadline: '2026-12-24', allow_late_changes: true, auto_reminders: true });
    const listed = (await h.call('GET', '/api/me/classes', teacher)).body.classes.find((x: { class_id: string }) => x.class_id === c.class_id);
    expect(listed).toMatchObject({ deadline: '2026-12-24', allow_late_changes: true });

    // allow_late_changes left out = false
    expect((await h.call('PUT', path(c.class_id), teacher, { deadline: '2027-01-10' })).body).toMatchObject({
      deadline: '2027-01-10',
      allow_late_changes: false,
    });
    // auto_reminders switched off and on again; left out = true
    const off = await h.call('PUT', path(c.class_id), teacher, { deadline: '2027-01-10', auto_reminders: false });
    expect(off.body).toMatchObject({ deadline: '2027-01-10', allow_late_changes: false, auto_reminders: false });
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual({ deadline: '2027-01-10', allow_late_changes: false, auto_reminders: false });
    const offListed = (await h.call('GET', '/api/me/classes', teacher)).body.classes.find((x: { class_id: string }) => x.class_id === c.class_id);
    expect(offListed).toMatchObject({ auto_reminders: false });
    expect((await h.call('PUT', path(c.class_id), teacher, { deadline: '2027-01-10', auto_reminders: true })).body).toMatchObject({ auto_reminders: true });
    await h.call('PUT', path(c.class_id), teacher, { deadline: '2027-01-10', auto_reminders: false });
    expect((await h.call('PUT', path(c.class_id), teacher, { deadline: '2027-01-10' })).body).toMatchObject({ auto_reminders: true });
    const cleared = await h.call('PUT', path(c.class_id), teacher, { deadline: null, allow_late_changes: false });
    expect(cleared.body).toMatchObject({ deadline: null, allow_late_changes: false });
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual({ deadline: null, allow_late_changes: false, auto_reminders: true });
  });

  it('refuses malformed input with 400 and a German detail, changing nothing', async () => {
    const c = await createClass(h, teacher, 'Frist Geige');
    await h.call('PUT', path(c.class_id), teacher, { deadline: '2026-12-24' });
    const cases: [unknown, string][] = [
      [{}, 'Bitte gib eine Frist an (oder null, um sie zu entfernen).'],
      [{ deadline: '24.12.2026' }, 'Die Frist muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ deadline: '2026-02-30' }, 'Die Frist muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ deadline: 20261224 }, 'Die Frist muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ deadline: '2026-12-24', allow_late_changes: 'ja' }, 'allow_late_changes muss true oder false sein.'],
      [{ deadline: '2026-12-24', auto_reminders: 'nein' }, 'auto_reminders muss true oder false sein.'],
      [[], 'Ungültige Anfrage'],
    ];
    for (const [body, detail] of cases) {
      const res = await h.call('PUT', path(c.class_id), teacher, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual({ deadline: '2026-12-24', allow_late_changes: false, auto_reminders: true });
  });

  it('refuses another teacher (404), a student (403) and visitors (401)', async () => {
    const c = await createClass(h, teacher, 'Frist Cello');
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { deadline: '2026-12-24' } : undefined;
      const other = await h.call(method, path(c.class_id), otherTeacher, body);
      expect(other.status).toBe(404);
      expect(other.body.detail).toBe('Klasse/Kurs nicht gefunden');
      expect((await h.call(method, path(randomUUID()), teacher, body)).status).toBe(404);
      expect((await h.call(method, path('not-a-uuid'), teacher, body)).status).toBe(404);
      const st = await h.call(method, path(c.class_id), student, body);
      expect(st.status).toBe(403);
      expect(st.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
      expect((await h.call(method, path(c.class_id), null, body)).status).toBe(401);
    }
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual({ deadline: null, allow_late_changes: false, auto_reminders: true });
  });
});
