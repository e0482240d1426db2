import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORDS } from '../src/domain/words.js';
import { addMembers, createClass, startHarness, type Actor, type Harness } from './helpers.js';

const CODE_RE = /^[a-z]{3,10}-[a-z]{3,10}-[a-z]{3,10}$/;
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

describe('GET /api/generate-register-shortcut', () => {
  it('answers a fresh code of three list words for a teacher', async () => {
    const res = await h.call('GET', '/api/generate-register-shortcut', teacher);
    expect(res.status).toBe(200);
    expect(res.body.register_shortcut).toMatch(CODE_RE);
    for (const w of res.body.register_shortcut.split('-')) expect(WORDS).toContain(w);
  });

  it('refuses students (403) and visitors (401)', async () => {
    expect((await h.call('GET', '/api/generate-register-shortcut', student)).status).toBe(403);
    expect((await h.call('GET', '/api/generate-register-shortcut', null)).status).toBe(401);
  });
});

describe('POST /api/classes', () => {
  it('creates a class with the proposed free code, trimmed name, null description', async () => {
    const t = await h.teacher();
    const { body: gen } = await h.call('GET', '/api/generate-register-shortcut', t);
    const res = await h.call('POST', '/api/classes', t, { name: '  Violine  ', description: '', is_group: false, register_shortcut: gen.register_shortcut });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Violine',
      description: null,
      is_group: false,
      register_shortcut: gen.register_shortcut,
      teacher_id: t.userId,
      member_count: 0,
    });
    expect(res.body.class_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps is_group and the description', async () => {
    const t = await h.teacher();
    const res = await h.call('POST', '/api/classes', t, { name: 'Kammermusik', description: 'Gruppe A', is_group: true });
    expect(res.body).toMatchObject({ name: 'Kammermusik', description: 'Gruppe A', is_group: true });
    expect(res.body.register_shortcut).toMatch(CODE_RE);
  });

  it.each([
    ['capitals', (w: string[]) => `${w[0]!.toUpperCase()}-${w[1]}-${w[2]}`],
    ['spaces', (w: string[]) => `${w[0]} -${w[1]}-${w[2]}`],
    ['digits', (w: string[]) => `${w[0]}1-${w[1]}-${w[2]}`],
    ['two parts', (w: string[]) => `${w[0]}-${w[1]}`],
    ['unknown words', () => 'qwxz-zzqy-yyxq'],
  ])('does not take a proposed code with %s: the server draws a fresh one', async (_label, make) => {
    const proposal = make([WORDS[10]!, WORDS[20]!, WORDS[30]!]);
    const res = await h.call('POST', '/api/classes', otherTeacher, { name: 'Kurs', register_shortcut: proposal });
    expect(res.status).toBe(201);
    expect(res.body.register_shortcut).toMatch(CODE_RE);
    expect(res.body.register_shortcut).not.toBe(proposal);
    await h.call('DELETE', `/api/classes/${res.body.class_id}`, otherTeacher);
  });

  it('does not take a code another class already uses', async () => {
    const t = await h.teacher();
    const a = await createClass(h, t, 'A');
    const b = await h.call('POST', '/api/classes', t, { name: 'B', register_shortcut: a.register_shortcut });
    expect(b.status).toBe(201);
    expect(b.body.register_shortcut).not.toBe(a.register_shortcut);
  });

  it('requires a name (1 character is fine, 51 is too long)', async () => {
    const t = await h.teacher();
    for (const name of ['', '   ', undefined, 42]) {
      const res = await h.call('POST', '/api/classes', t, { name, description: null });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Bitte gib einen Namen für den Kurs/die Klasse ein');
    }
    const long = await h.call('POST', '/api/classes', t, { name: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe('Der Name darf höchstens 50 Zeichen lang sein');
    expect((await h.call('POST', '/api/classes', t, { name: 'x'.repeat(50) })).status).toBe(201);
    expect((await h.call('POST', '/api/classes', t, { name: 'X' })).status).toBe(201);
    const longDescription = await h.call('POST', '/api/classes', t, { name: 'Kurs', description: 'x'.repeat(501) });
    expect(longDescription.status).toBe(400);
    expect(longDescription.body.detail).toBe('Die Beschreibung darf höchstens 500 Zeichen lang sein');
  });

  it('refuses a non-object body and bad JSON with 400', async () => {
    expect((await h.call('POST', '/api/classes', teacher, [1, 2])).status).toBe(400);
    expect((await h.call('POST', '/api/classes', teacher, '{"name":')).status).toBe(400);
  });

  it('refuses the 21st class with the detail mentioning 20', async () => {
    const t = await h.teacher();
    for (let i = 1; i <= 20; i++) expect((await h.call('POST', '/api/classes', t, { name: `Kurs ${i}` })).status).toBe(201);
    const res = await h.call('POST', '/api/classes', t, { name: 'Kurs 21' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Maximale Anzahl von Kursen erreicht (20)');
    expect((await h.call('GET', '/api/me/classes', t)).body.classes).toHaveLength(20);
  });

  it('keeps the limit under concurrent creation', async () => {
    const t = await h.teacher();
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => h.call('POST', '/api/classes', t, { name: `P${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
  });

  it('refuses students with the 403 text', async () => {
    const res = await h.call('POST', '/api/classes', student, { name: 'Hack' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
  });
});

describe('GET /api/me/classes', () => {
  it("lists only the teacher's own classes with member counts, oldest first", async () => {
    const t = await h.teacher();
    const a = await createClass(h, t, 'Erste');
    const b = await createClass(h, t, 'Zweite');
    await addMembers(h, t, b.class_id, [{ name: 'Anna A', email: 'anna.a@example.org' }, { name: 'Ben B' }]);
    await createClass(h, otherTeacher, 'Fremd');
    const res = await h.call('GET', '/api/me/classes', t);
    expect(res.status).toBe(200);
    expect(res.body.classes.map((c: { name: string }) => c.name)).toEqual(['Erste', 'Zweite']);
    expect(res.body.classes[0]).toMatchObject({ class_id: a.class_id, member_count: 0, teacher_id: t.userId, is_group: false });
    expect(res.body.classes[1]).toMatchObject({ class_id: b.class_id, member_count: 2 });
    expect(Object.keys(res.body.classes[0]).sort()).toEqual([
      'allow_late_changes',
      'answered_count',
      'auto_reminders',
      'class_id',
      'created_at',
      'deadline',
      'description',
      'is_group',
      'member_count',
      'name',
      'register_shortcut',
      'teacher_id',
    ]);
  });

  it('is empty for a new teacher, 403 for students, 401 without session', async () => {
    expect((await h.call('GET', '/api/me/classes', await h.teacher())).body).toEqual({ classes: [] });
    expect((await h.call('GET', '/api/me/classes', student)).status).toBe(403);
    expect((await h.call('GET', '/api/me/classes', null)).status).toBe(401);
  });
});

describe('PUT /api/classes/{classId}', () => {
  it('updates name and description; the code stays', async () => {
    const c = await createClass(h, teacher, 'Alt');
    const res = await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name: ' Neu ', description: 'Beschreibung' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ class_id: c.class_id, name: 'Neu', description: 'Beschreibung', register_shortcut: c.register_shortcut, member_count: 0 });
    const cleared = await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name: 'Neu', description: null });
    expect(cleared.body.description).toBeNull();
    const withCode = await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name: 'Neu', register_shortcut: 'apfel-birne-kiwi' });
    expect(withCode.body.register_shortcut).toBe(c.register_shortcut);
  });

  it('validates the name', async () => {
    const c = await createClass(h, teacher, 'Alt');
    expect((await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name: '' })).body.detail).toBe('Bitte gib einen Namen für den Kurs/die Klasse ein');
    expect((await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name: 'y'.repeat(51) })).status).toBe(400);
  });

  it("answers another teacher's class exactly like an unknown id (404, unchanged) and refuses students (403)", async () => {
    const c = await createClass(h, teacher, 'Meins');
    const res = await h.call('PUT', `/api/classes/${c.class_id}`, otherTeacher, { name: 'Gekapert' });
    expect(res).toEqual(await h.call('PUT', `/api/classes/${randomUUID()}`, otherTeacher, { name: 'Gekapert' }));
    expect(res).toEqual({ status: 404, body: { detail: 'Klasse/Kurs nicht gefunden' } });
    expect(JSON.stringify(res.body)).not.toContain('Meins');
    expect((await h.call('PUT', `/api/classes/${randomUUID()}`, teacher, { name: 'X' })).status).toBe(404);
    expect((await h.call('PUT', '/api/classes/not-a-uuid', teacher, { name: 'X' })).status).toBe(404);
    expect((await h.call('PUT', `/api/classes/${c.class_id}`, student, { name: 'X' })).status).toBe(403);
    const mine = (await h.call('GET', '/api/me/classes', teacher)).body.classes.find((x: { class_id: string }) => x.class_id === c.class_id);
    expect(mine.name).toBe('Meins');
  });
});

describe('DELETE /api/classes/{classId}', () => {
  it('deletes the class with its members and publishes class.deleted.v1', async () => {
    const c = await createClass(h, teacher, 'Weg damit');
    await addMembers(h, teacher, c.class_id, [{ name: 'Carla C' }]);
    const res = await h.call('DELETE', `/api/classes/${c.class_id}`, teacher);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Klasse erfolgreich gelöscht');
    expect(await h.sql('SELECT 1 FROM members WHERE class_id = $1', [c.class_id])).toHaveLength(0);
    expect(await h.outbox('class.deleted.v1')).toContainEqual({ class_id: c.class_id, teacher_id: teacher.userId });
    expect((await h.call('DELETE', `/api/classes/${c.class_id}`, teacher)).status).toBe(404);
  });

  it("refuses another teacher's class and students; the class survives", async () => {
    const c = await createClass(h, teacher, 'Bleibt');
    expect(await h.call('DELETE', `/api/classes/${c.class_id}`, otherTeacher)).toEqual({ status: 404, body: { detail: 'Klasse/Kurs nicht gefunden' } });
    expect((await h.call('DELETE', `/api/classes/${c.class_id}`, student)).status).toBe(403);
    expect((await h.call('DELETE', `/api/classes/${c.class_id}`, null)).status).toBe(401);
    expect(await h.sql('SELECT 1 FROM classes WHERE class_id = $1', [c.class_id])).toHaveLength(1);
  });
});

describe('edges: concurrent deletes and invisible names', () => {
  it('six concurrent deletes of one class: exactly one 200, the rest 404, one class.deleted.v1', async () => {
    const c = await createClass(h, teacher, 'Sechsmal');
    await addMembers(h, teacher, c.class_id, [{ name: 'Carla C' }, { name: 'Dora D' }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.call('DELETE', `/api/classes/${c.class_id}`, teacher)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    for (const a of answers.filter((x) => x.status === 404)) expect(a.body).toEqual({ detail: 'Klasse/Kurs nicht gefunden' });
    expect((await h.outbox('class.deleted.v1')).filter((e) => e.class_id === c.class_id)).toHaveLength(1);
  });

  it('six concurrent removals of one member: one 200, the rest 404', async () => {
    const c = await createClass(h, teacher, 'Mitglied weg');
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Nur Einmal' }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.call('DELETE', `/api/classes/${c.class_id}/members/${m!.member_id}`, teacher)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
  });

  it.each([['\u200B\u200B\u200B'], ['\u202E\u2066\u200F'], ['\uFEFF \u2060'], ['\u200D\u0301']])(
    'refuses the class name %j with the SPEC message (create and update)',
    async (name) => {
      const created = await h.call('POST', '/api/classes', teacher, { name, description: null, is_group: false, register_shortcut: '' });
      expect(created).toEqual({ status: 400, body: { detail: 'Bitte gib einen Namen für den Kurs/die Klasse ein' } });
      const c = await createClass(h, teacher, 'Sichtbar');
      expect(await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name })).toEqual({
        status: 400,
        body: { detail: 'Bitte gib einen Namen für den Kurs/die Klasse ein' },
      });
      await h.call('DELETE', `/api/classes/${c.class_id}`, teacher);
    },
  );

  it.each([['Klavier\nHaupt'], ['Klavier\r\nHaupt'], ['Anna\u202Egnalk'], ['An\u200Bna Berg'], ['Geige\u2028B'], ['Ton\u2066X\u2069']])(
    'refuses the line break, bidi or invisible character in %j as class and member name (create, update, add, edit)',
    async (name) => {
      const refused = { status: 400, body: { detail: 'Der Name darf keine Zeilenumbrüche, Steuerzeichen oder unsichtbaren Zeichen enthalten' } };
      expect(await h.call('POST', '/api/classes', teacher, { name, description: null, is_group: false, register_shortcut: '' })).toEqual(refused);
      const c = await createClass(h, teacher, 'Zeichen');
      expect(await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name })).toEqual(refused);
      expect(await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, { students: [{ name }] })).toEqual(refused);
      const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Ohne Umbruch' }]);
      expect(await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, { name })).toEqual(refused);
      const list = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
      expect(list.body.members.map((x: { name: string }) => x.name)).toEqual(['Ohne Umbruch']);
      const classes = (await h.call('GET', '/api/me/classes', teacher)).body.classes as { name: string }[];
      expect(classes.map((x) => x.name)).not.toContain(name);
      await h.call('DELETE', `/api/classes/${c.class_id}`, teacher);
    },
  );
});
