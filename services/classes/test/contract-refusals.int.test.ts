import { describe, expect, it } from 'vitest';
import { addMembers, createClass, type Json } from './helpers.js';
import { DURATION_MSG, h, teacher, useMembersHarness } from './members-fixture.js';

/** Requests their contract (packages/contracts) refuses: wrong types, missing fields, huge values, control characters. */

useMembersHarness();

const CONTROL = 'Ungültige Zeichen in der Anfrage.';
const NAME_REQUIRED = 'Bitte geben Sie einen Namen ein';
const EMAIL_INVALID = 'Bitte geben Sie eine gültige E-Mail-Adresse ein';
const FREQUENCY = 'Der Rhythmus muss „weekly“ (jede Woche) oder „biweekly“ (alle 14 Tage) sein';
const huge = 'x'.repeat(100_000);

/** Each body answered with [status, detail]. */
async function expectRefusals(method: string, path: string, cases: [unknown, number, string][], actor = teacher) {
  for (const [body, status, detail] of cases) {
    const res = await h.call(method, path, actor, body);
    expect({ status: res.status, detail: res.body?.detail }, JSON.stringify(body).slice(0, 200)).toEqual({ status, detail });
  }
}

const membersOf = async (classId: string): Promise<Json[]> => (await h.call('GET', `/api/classes/${classId}/members`, teacher)).body.members;

describe('POST /api/classes/{classId}/members/new', () => {
  it('refuses each malformed entry with the text of its field, adding nobody', async () => {
    const c = await createClass(h, teacher);
    const one = (entry: unknown) => ({ students: [entry] });
    await expectRefusals('POST', `/api/classes/${c.class_id}/members/new`, [
      [[], 400, 'Ungültige Anfrage'],
      [{ students: 'Anna Alt' }, 400, 'Bitte gib mindestens eine*n Studierende*n an'],
      [{ students: null }, 400, 'Bitte gib mindestens eine*n Studierende*n an'],
      [{ students: [{ name: 'Anna Alt' }, 7] }, 400, 'Ungültige Anfrage'],
      [one({}), 400, NAME_REQUIRED],
      [one({ name: 5 }), 400, NAME_REQUIRED],
      [one({ name: 'Ida Iller', email: 42 }), 400, EMAIL_INVALID],
      // The fields in the order the service has always checked them: name, e-mail, duration, frequency.
      [one({ name: 5, email: 42 }), 400, NAME_REQUIRED],
      [one({ name: 'Ida Iller', duration: true, email: 42 }), 400, EMAIL_INVALID],
      [one({ name: 'Ida Iller', duration: true }), 400, DURATION_MSG],
      [one({ name: 'Ida Iller', duration: '9'.repeat(5000) }), 400, DURATION_MSG],
      [one({ name: 'Ida Iller', duration: 1e308 }), 400, DURATION_MSG],
      [one({ name: 'Ida Iller', frequency: 'monthly' }), 400, FREQUENCY],
      [one({ name: 'Ida Iller', frequency: 2 }), 400, FREQUENCY],
      [one({ name: huge }), 400, 'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein'],
      [one({ name: 'Ida Iller', email: `${huge}@example.org` }), 400, 'E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein'],
      [one({ name: 'Ida\u0007Iller' }), 400, CONTROL],
    ]);
    expect(await membersOf(c.class_id)).toEqual([]);
    // Null where the contract allows it: defaults.
    const ok = await h.call(
      'POST',
      `/api/classes/${c.class_id}/members/new`,
      teacher,
      one({ name: 'Ida Iller', email: null, duration: null, frequency: null }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.members[0]).toMatchObject({ name: 'Ida Iller', email: null, duration: 30, frequency: 'weekly' });
  });
});

describe('POST /api/classes/{classId}/members', () => {
  it('refuses malformed entries (an id that is no text names nobody), adding nobody', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher);
    const one = (entry: unknown) => ({ students: [entry] });
    await expectRefusals('POST', `/api/classes/${c.class_id}/members`, [
      [{}, 400, 'Bitte gib mindestens eine*n Studierende*n an'],
      [{ students: [] }, 400, 'Bitte gib mindestens eine*n Studierende*n an'],
      [{ students: ['x'] }, 400, 'Ungültige Anfrage'],
      [one({}), 400, 'Registrierte*r Student*in nicht gefunden'],
      [one({ student_id: 5 }), 400, 'Registrierte*r Student*in nicht gefunden'],
      [one({ student_id: ' ' }), 400, 'Registrierte*r Student*in nicht gefunden'],
      [one({ student_id: s.userId, duration: [] }), 400, DURATION_MSG],
      [one({ student_id: s.userId, frequency: 'daily' }), 400, FREQUENCY],
      [one({ student_id: huge }), 404, 'Registrierte*r Student*in nicht gefunden'],
      [one({ student_id: `${s.userId}\u0000` }), 400, CONTROL],
    ]);
    expect(await membersOf(c.class_id)).toEqual([]);
  });
});

describe('PUT /api/classes/{classId}/members/{memberId}/update', () => {
  it('refuses each malformed field with its text (times with the times texts), changing nothing', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Ida Iller', email: 'ida@example.org', duration: 45 }]);
    const before = await membersOf(c.class_id);
    await expectRefusals('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, [
      [[], 400, 'Ungültige Anfrage'],
      [{ unknown: 1 }, 400, 'Keine Änderungen angegeben'],
      [{ name: 5 }, 400, NAME_REQUIRED],
      [{ name: null }, 400, NAME_REQUIRED],
      [{ email: 42 }, 400, EMAIL_INVALID],
      [{ duration: null }, 400, DURATION_MSG],
      [{ duration: '9'.repeat(1000) }, 400, DURATION_MSG],
      [{ frequency: null }, 400, FREQUENCY],
      [{ available_times: 'Mo 9-12' }, 400, 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'],
      [{ available_times: { '0': '9.00' } }, 400, 'Die Zeiten für Wochentag "0" müssen als Liste angegeben werden.'],
      [{ available_times: { '0': [9] } }, 400, 'Ungültige Zeitangabe: "9"'],
      [{ preferred_times: [] }, 400, 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'],
      [{ available_times: { '0': Array(97).fill('9.00') } }, 400, 'Zu viele Zeitangaben für Wochentag "0" (höchstens 96).'],
      [{ user_id: 5 }, 400, 'Kein registrierter Student mit der E-Mail-Adresse dieses Mitglieds gefunden'],
      [{ name: huge }, 400, 'Name muss zwischen 2 und 50 Zeichen lang sein'],
      [{ name: 'Ida\u001bIller' }, 400, CONTROL],
    ]);
    expect(await membersOf(c.class_id)).toEqual(before);
  });

  it('answers the member with the times it stored when times were sent', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Ida Iller' }]);
    const path = `/api/classes/${c.class_id}/members/${m!.member_id}/update`;
    const named = await h.call('PUT', path, teacher, { name: 'Ida Neu', user_id: null });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ member_id: m!.member_id, name: 'Ida Neu' });
    expect(named.body).not.toHaveProperty('available_times');
    const timed = await h.call('PUT', path, teacher, { available_times: { '0': ['9.00'], '1': null }, preferred_times: {} });
    expect(timed.status).toBe(200);
    expect(timed.body).toMatchObject({ member_id: m!.member_id, available_times: { '0': ['9.00'] }, preferred_times: {} });
  });
});

describe('POST /api/classes/{classId}/invite-student', () => {
  it('refuses bad text fields (400) and member ids that name nobody (404), sending nothing', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Ida Iller', email: 'ida.invite@example.org' }]);
    const notFound = 'Studierende*r nicht gefunden';
    const invalid = 'Ungültige Angaben für die Einladung';
    await expectRefusals('POST', `/api/classes/${c.class_id}/invite-student`, [
      [[m!.member_id], 400, 'Ungültige Anfrage'],
      [{}, 404, notFound],
      [{ member_id: 5 }, 404, notFound],
      [{ member_id: huge }, 404, notFound],
      [{ member_id: m!.member_id, email: 42 }, 400, invalid],
      [{ member_id: m!.member_id, name: 'x'.repeat(201) }, 400, invalid],
      [{ member_id: m!.member_id, class_name: ['Klavier'] }, 400, invalid],
      [{ member_id: m!.member_id, register_shortcut: huge }, 400, invalid],
      // A bad text is refused before the member is looked up, as before.
      [{ member_id: 5, name: 7 }, 400, invalid],
      [{ member_id: m!.member_id, name: 'Ida\u0001' }, 400, CONTROL],
    ]);
    expect(await h.sql('SELECT count(*)::int AS n FROM invitations WHERE member_id = $1', [m!.member_id])).toEqual([{ n: 0 }]);
    const sent = await h.call('POST', `/api/classes/${c.class_id}/invite-student`, teacher, {
      member_id: m!.member_id,
      email: null,
      name: 'x'.repeat(200),
      class_name: null,
    });
    expect(sent).toEqual({ status: 200, body: { message: 'Einladung an ida.invite@example.org erfolgreich gesendet' } });
    expect((await h.outbox('mail.requested.v1')).filter((mail) => mail.to === 'ida.invite@example.org')).toHaveLength(1);
  });
});

describe('POST /api/check-student-exists', () => {
  it('refuses anything but a list of texts; answers nobody for huge addresses', async () => {
    await expectRefusals('POST', '/api/check-student-exists', [
      [{}, 400, 'Ungültige Anfrage'],
      [{ emails: 'a@b.de' }, 400, 'Ungültige Anfrage'],
      [['a@b.de', 5], 400, 'Ungültige Anfrage'],
      [{ emails: [null] }, 400, 'Ungültige Anfrage'],
      [['a\u0002@b.de'], 400, CONTROL],
    ]);
    expect(await h.call('POST', '/api/check-student-exists', teacher, [`${huge}@example.org`])).toEqual({ status: 200, body: { existing_students: {} } });
  });
});
