import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { reminderMail } from '../src/domain/reminders.js';
import { addMembers, createClass, startHarness, type Actor, type Harness, type Json } from './helpers.js';

/** POST /api/classes/{classId}/remind. Mail budget here: 4 recipients per day. */

let h: Harness;
let teacher: Actor;
let otherTeacher: Actor;
let student: Actor;

beforeAll(async () => {
  h = await startHarness({ availability: true, env: { MAIL_BUDGET_PER_DAY: '4', PUBLIC_BASE_URL: 'https://stundenplan.example' } });
  teacher = await h.teacher({ name: 'Clara Schumann' });
  otherTeacher = await h.teacher();
  student = await h.student();
});
afterAll(async () => h?.stop());

const remind = (classId: string, who: Actor | null = teacher) => h.call('POST', `/api/classes/${classId}/remind`, who);
const mailsTo = async (to: string): Promise<Json[]> => (await h.outbox('mail.requested.v1')).filter((m) => m.to === to);

describe('POST /api/classes/{classId}/remind', () => {
  it('mails every member with an e-mail and no times once per day: registration link for unregistered, /student for registered', async () => {
    const c = await createClass(h, teacher, 'Klavier Erinnerung');
    await h.call('PUT', `/api/classes/${c.class_id}/deadline`, teacher, { deadline: '2026-12-24' });
    const reg = await h.student({ name: 'Rita Registriert', email: 'rita.registriert@example.org' });
    const regDone = await h.student({ name: 'Fritz Fertig', email: 'fritz.fertig@example.org' });
    h.availability!.userTimes.set(regDone.userId, { '2': ['10.00'] });
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, {
      students: [{ student_id: reg.userId }, { student_id: regDone.userId }],
    });
    // Fritz verified the course: his own times count (an unverified student's would not, the teacher cannot see them).
    const fritzMember = added.body.members.find((m: Json) => m.user_id === regDone.userId).member_id;
    expect((await h.call('POST', '/api/students/verify-class', regDone, { class_id: c.class_id, member_id: fritzMember })).status).toBe(200);
    const [open, done] = await addMembers(h, teacher, c.class_id, [
      { name: 'Olga Offen', email: 'olga.offen@example.org' },
      { name: 'Doris Drin', email: 'doris.drin@example.org' },
      { name: 'Nora Ohnemail' },
    ]);
    h.availability!.memberTimes.set(done!.member_id, { '0': ['9.00'] });

    const res = await remind(c.class_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recipient_count: 2, message: 'Erinnerung an 2 Studierende gesendet' });

    const [olga] = await mailsTo('olga.offen@example.org');
    expect(olga.subject).toBe('Erinnerung: Trag deine Zeiten für „Klavier Erinnerung“ ein');
    expect(olga.text).toContain('Hallo Olga Offen,');
    expect(olga.text).toContain('Bitte trage deine Zeiten bis 24.12.2026 ein, damit Clara Schumann den Stundenplan für „Klavier Erinnerung“ planen kann.');
    expect(olga.text).toContain(`https://stundenplan.example/register/${c.register_shortcut}&memberId=${open!.member_id}`);
    expect(olga.text).toContain(`Dein Registrierungscode für den Kurs lautet: ${c.register_shortcut}`);
    const [rita] = (await mailsTo('rita.registriert@example.org')).filter((m) => String(m.subject).startsWith('Erinnerung'));
    expect(rita.text).toContain('Hier kannst du deine Zeiten eintragen:\nhttps://stundenplan.example/student');
    expect(rita.text).not.toContain('Registrierungscode');
    expect((await mailsTo('fritz.fertig@example.org')).filter((m) => String(m.subject).startsWith('Erinnerung'))).toHaveLength(0);
    expect(await mailsTo('doris.drin@example.org')).toHaveLength(0);

    // The same day again: nobody is due.
    const again = await remind(c.class_id);
    expect(again.body).toEqual({
      recipient_count: 0,
      message: 'Keine Erinnerung nötig: Alle mit E-Mail-Adresse haben Zeiten eingetragen oder wurden heute schon erinnert.',
    });
    expect(await mailsTo('olga.offen@example.org')).toHaveLength(1);
  });

  it('counts against the daily mail budget: over it, 429 with the German detail and nothing sent', async () => {
    const t = await h.teacher();
    const c = await createClass(h, t, 'Budget');
    const emails = ['b1', 'b2', 'b3', 'b4', 'b5'].map((n) => `budget.${n}@example.org`);
    await addMembers(
      h,
      t,
      c.class_id,
      emails.map((email, i) => ({ name: `Budget Nummer${i}`, email })),
    );
    const res = await remind(c.class_id, t);
    expect(res.status).toBe(429);
    expect(res.body.detail).toContain('höchstens 4 Empfänger*innen pro Tag');
    for (const e of emails) expect(await mailsTo(e)).toHaveLength(0);
    // Nothing was recorded either: with a smaller class the same teacher still reminds.
    const small = await createClass(h, t, 'Budget klein');
    await addMembers(h, t, small.class_id, [{ name: 'Klein Eins', email: 'klein.eins@example.org' }]);
    expect((await remind(small.class_id, t)).body.recipient_count).toBe(1);
  });

  it('refuses when the times cannot be checked (availability down), sending nothing', async () => {
    const c = await createClass(h, teacher, 'Ausfall');
    await addMembers(h, teacher, c.class_id, [{ name: 'Ausfall Person', email: 'ausfall@example.org' }]);
    h.availability!.fail = true;
    try {
      const res = await remind(c.class_id);
      expect(res.status).toBe(502);
      expect(res.body.detail).toBe('Die Zeiten der Studierenden konnten gerade nicht geprüft werden. Bitte versuche es später erneut.');
    } finally {
      h.availability!.fail = false;
    }
    expect(await mailsTo('ausfall@example.org')).toHaveLength(0);
  });

  it('refuses another teacher (404), a student (403), visitors (401), and sends nothing', async () => {
    const c = await createClass(h, teacher, 'Fremd');
    await addMembers(h, teacher, c.class_id, [{ name: 'Fremd Person', email: 'fremd@example.org' }]);
    const other = await remind(c.class_id, otherTeacher);
    expect(other).toEqual({ status: 404, body: { detail: 'Klasse/Kurs nicht gefunden' } });
    expect((await remind('not-a-uuid')).status).toBe(404);
    const st = await remind(c.class_id, student);
    expect(st).toEqual({ status: 403, body: { detail: 'Du hast keine Berechtigung für diese Aktion' } });
    expect((await remind(c.class_id, null)).status).toBe(401);
    expect(await mailsTo('fremd@example.org')).toHaveLength(0);
  });
});

describe('reminderMail', () => {
  it('escapes HTML and asks without a date when there is no deadline', () => {
    const mail = reminderMail('a@b.de', {
      studentName: '<b>X</b>',
      teacherName: 'T',
      className: 'K&K',
      deadline: null,
      link: 'https://x/student',
      registered: true,
      shortcut: 'a-b-c',
    });
    expect(mail.text).toContain('Bitte trage deine Zeiten ein, damit T den Stundenplan für „K&K“ planen kann.');
    expect(mail.html).toContain('&lt;b&gt;X&lt;/b&gt;');
    expect(mail.html).toContain('K&amp;K');
  });
});
