import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness, type Json } from './helpers.js';

/** POST /api/classes/{classId}/members/{memberId}/request-times. Mail budget here: 4 recipients per day (adding a registered member mails them too). */

let h: Harness;
let teacher: Actor;

beforeAll(async () => {
  h = await startHarness({ availability: true, env: { MAIL_BUDGET_PER_DAY: '4', PUBLIC_BASE_URL: 'https://stundenplan.example' } });
});
beforeEach(async () => {
  teacher = await h.teacher({ name: 'Clara Schumann' });
});
afterAll(async () => h?.stop());

const WINDOW = { day: 1, start: '16:00', end: '16:45' };
const ask = (classId: string, memberId: string, who: Actor | null = teacher, body: unknown = WINDOW) =>
  h.call('POST', `/api/classes/${classId}/members/${memberId}/request-times`, who, body);
const mailsTo = async (to: string): Promise<Json[]> => (await h.outbox('mail.requested.v1')).filter((m) => m.to === to);

/** A class of `owner` with one verified member (registered, course confirmed). */
async function verifiedMember(owner: Actor, className: string, name: string, email: string) {
  const c = await createClass(h, owner, className);
  const s = await h.student({ name, email });
  const added = await h.call('POST', `/api/classes/${c.class_id}/members`, owner, { students: [{ student_id: s.userId }] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const memberId = added.body.members.find((m: Json) => m.user_id === s.userId).member_id as string;
  expect((await h.call('POST', '/api/students/verify-class', s, { class_id: c.class_id, member_id: memberId })).status).toBe(200);
  return { c, s, memberId };
}

describe('POST /api/classes/{classId}/members/{memberId}/request-times', () => {
  it('mails the verified member exactly once, naming the window and linking their times page; the same day again is 409', async () => {
    const { c, memberId } = await verifiedMember(teacher, 'Klavier Fenster', 'Lena Lang', 'lena.lang@example.org');
    const res = await ask(c.class_id, memberId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Lena Lang wurde per E-Mail gefragt, ob Dienstag 16:00–16:45 Uhr passt.' });

    const mails = (await mailsTo('lena.lang@example.org')).filter((m) => String(m.subject).startsWith('Hast du'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Hast du Dienstag 16:00–16:45 Uhr Zeit? („Klavier Fenster“)');
    expect(mails[0]!.text).toContain('Hallo Lena Lang,');
    expect(mails[0]!.text).toContain('Clara Schumann möchte dich in „Klavier Fenster“ einplanen');
    expect(mails[0]!.text).toContain('Es würde passen, wenn du diese Zeit ergänzt: Dienstag 16:00–16:45 Uhr.');
    expect(mails[0]!.text).toContain('https://stundenplan.example/student');
    expect(mails[0]!.html).toContain('Dienstag 16:00–16:45 Uhr');

    const again = await ask(c.class_id, memberId, teacher, { day: 2, start: '10:00', end: '11:00' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Lena Lang hat heute schon eine E-Mail wegen der Zeiten bekommen. Du kannst morgen wieder fragen.');
    expect((await mailsTo('lena.lang@example.org')).filter((m) => String(m.subject).startsWith('Hast du'))).toHaveLength(1);

    // A reminder run the same day skips her too (one such mail per member and day).
    const remind = await h.call('POST', `/api/classes/${c.class_id}/remind`, teacher);
    expect(remind.body.recipient_count).toBe(0);
  });

  it('refuses wrong callers: 401 without login, 403 for a student, 404 for another teacher, an unknown class or member', async () => {
    const { c, s, memberId } = await verifiedMember(teacher, 'Klavier Rechte', 'Rolf Recht', 'rolf.recht@example.org');
    const other = await h.teacher();
    expect((await ask(c.class_id, memberId, null)).status).toBe(401);
    expect((await ask(c.class_id, memberId, s)).status).toBe(403);
    const foreign = await ask(c.class_id, memberId, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Klasse/Kurs nicht gefunden');
    expect((await ask('00000000-0000-4000-8000-000000000000', memberId)).status).toBe(404);
    const otherClass = await createClass(h, teacher, 'Andere Klasse');
    const wrongMember = await ask(otherClass.class_id, memberId);
    expect(wrongMember.status).toBe(404);
    expect(wrongMember.body.detail).toBe('Studierende*r nicht gefunden');
    expect((await ask(c.class_id, 'kein-id')).status).toBe(404);
    expect((await mailsTo('rolf.recht@example.org')).filter((m) => String(m.subject).startsWith('Hast du'))).toEqual([]);
  });

  it('answers 400 in German for a bad window and for members who are not verified or have no e-mail; nothing is sent', async () => {
    const { c, memberId } = await verifiedMember(teacher, 'Klavier Eingaben', 'Berta Boden', 'berta.boden@example.org');
    for (const body of [
      {},
      { day: 7, start: '10:00', end: '11:00' },
      { day: 1, start: '11:00', end: '10:00' },
      { day: 1, start: '10:10', end: '11:00' },
      { day: '1', start: '10:00', end: '11:00' },
      { day: 1, start: '10:00', end: '24:15' },
      [1, '10:00', '11:00'],
    ]) {
      const res = await ask(c.class_id, memberId, teacher, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(/Bitte gib einen Zeitraum an|Ungültige Anfrage/);
    }
    const [plain, noMail] = await addMembers(h, teacher, c.class_id, [{ name: 'Paula Plain', email: 'paula.plain@example.org' }, { name: 'Otto Ohnemail' }]);
    const unverifiedStudent = await h.student({ name: 'Uwe Unbestätigt', email: 'uwe.unbestaetigt@example.org' });
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: unverifiedStudent.userId }] });
    const unverified = added.body.members.find((m: Json) => m.user_id === unverifiedStudent.userId).member_id as string;
    for (const id of [plain!.member_id, noMail!.member_id, unverified]) {
      const res = await ask(c.class_id, id);
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain('Nur verifizierte Mitglieder mit E-Mail-Adresse');
    }
    expect(await mailsTo('paula.plain@example.org')).toEqual([]);
    expect((await mailsTo('uwe.unbestaetigt@example.org')).filter((m) => String(m.subject).startsWith('Hast du'))).toEqual([]);
    expect((await mailsTo('berta.boden@example.org')).filter((m) => String(m.subject).startsWith('Hast du'))).toEqual([]);
  });

  it('counts against the daily mail budget: over it, 429 and nothing sent', async () => {
    const t = await h.teacher();
    const a = await verifiedMember(t, 'Budget A', 'Anna Budget', 'anna.budget@example.org');
    const b = await verifiedMember(t, 'Budget B', 'Bernd Budget', 'bernd.budget@example.org');
    await verifiedMember(t, 'Budget C', 'Dora Budget', 'dora.budget@example.org');
    // Three added members took three of the four mails of the day.
    expect((await ask(a.c.class_id, a.memberId, t)).status).toBe(200);
    const over = await ask(b.c.class_id, b.memberId, t);
    expect(over.status).toBe(429);
    expect(over.body.detail).toContain('höchstens 4 Empfänger*innen pro Tag');
    expect((await mailsTo('bernd.budget@example.org')).filter((m) => String(m.subject).startsWith('Hast du'))).toEqual([]);
  });
});
