import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Client, linkFrom, mails, signUp, startTestStack, uniqueEmail, waitForMail, minimalPdf } from './helpers.js';

/**
 * Directory privacy and mail limits, attacked through the real gateway of the whole product:
 * a teacher sees students only of the own institution or the own classes, never their times before a
 * linked membership; invitations and schedule mails are no open relay (own members only, 3 per member
 * per day, a daily budget per teacher, real PDFs of bounded size); concurrent deletes, invisible names,
 * and one answer for unknown and foreign ids on every class, member and schedule route.
 */

type Stack = Awaited<ReturnType<typeof startTestStack>>;
interface Institution {
  id: string;
  name: string;
  students_mail: string;
  teachers_mail: string;
}
interface Student {
  user_id: string;
  name: string;
  email: string;
  duration: number | null;
}

const MAIL_BUDGET = 9;
const PASSWORD = 'Sicher123!';
const tag = () => randomUUID().replace(/-/g, '').slice(0, 8);

/** Registers with an institution (the e-mail must use its domain for the role), confirms and logs in. */
async function signUpAt(
  base: string,
  inst: Institution,
  who: { name: string; local: string; role: 'teacher' | 'student' },
): Promise<{ client: Client; email: string }> {
  const email = `${who.local}.${tag()}@${who.role === 'teacher' ? inst.teachers_mail : inst.students_mail}`;
  const c = new Client(base);
  const reg = await c.post('/api/auth/register', {
    email,
    password: PASSWORD,
    name: who.name,
    role_id: who.role === 'teacher' ? 2 : 1,
    institution_id: inst.id,
    duration: who.role === 'student' ? 45 : null,
    registerShortcut: null,
    memberId: null,
  });
  if (reg.status >= 300) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  const mail = await waitForMail(base, email, /bestätig/i);
  const token = new URL(linkFrom(mail, '/confirm-email')).searchParams.get('token');
  if ((await c.post('/api/auth/confirm-email', { token })).status >= 300) throw new Error('confirm failed');
  if ((await c.post('/api/auth/login', { email, password: PASSWORD })).status !== 200) throw new Error('login failed');
  return { client: c, email };
}

/** `message` makes a sending of the same PDF a new one (the same request within a minute is the first sending). */
function pdfForm(classId: string, pdf: Buffer, message?: string): FormData {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'stundenplan.pdf');
  form.append('class_id', classId);
  if (message) form.append('message', message);
  return form;
}

let stack: Stack;
let hmtm: Institution;
let koeln: Institution;
let teacherA: Client; // HMTM
let teacherK: Client; // Köln
let near: { client: Client; email: string; name: string }; // HMTM student, in nobody's class
let classA = '';
let classK = '';

const createClass = async (t: Client, name: string) => {
  const res = await t.post<{ class_id: string; register_shortcut: string }>('/api/classes', {
    name,
    description: null,
    is_group: false,
    register_shortcut: '',
  });
  expect(res.status).toBe(201);
  return res.body;
};
const addMembers = async (t: Client, classId: string, students: { name: string; email: string }[]) => {
  expect((await t.post(`/api/classes/${classId}/members/new`, { students: students.map((s) => ({ ...s, duration: 30 })) })).status).toBe(201);
  const list = await t.get<{ members: { member_id: string; email: string | null; user_id: string | null }[] }>(`/api/classes/${classId}/members`);
  // Only the rows just added, in the order given.
  return students.map((s) => list.body.members.find((m) => m.email === s.email.toLowerCase())!);
};
const search = async (t: Client, q: string) => t.post<{ students: Student[] }>('/api/search-students', { query_string: q });

beforeAll(async () => {
  stack = await startTestStack(inject('databaseUrl'), { port: 21380, portOffset: 13300, env: { MAIL_BUDGET_PER_DAY: String(MAIL_BUDGET) } });
  const institutions = (await new Client(stack.base).get<Institution[]>('/api/institutions')).body;
  hmtm = institutions.find((i) => i.students_mail === 'stud.hmtm.de')!;
  koeln = institutions.find((i) => i.students_mail === 'stud.hfmt-koeln.de')!;
  teacherA = (await signUpAt(stack.base, hmtm, { name: 'Clara Schumann', local: 'clara', role: 'teacher' })).client;
  teacherK = (await signUpAt(stack.base, koeln, { name: 'Robert Koelsch', local: 'robert', role: 'teacher' })).client;
  const n = await signUpAt(stack.base, hmtm, { name: 'Nora Nahbei', local: 'nora.nahbei', role: 'student' });
  near = { ...n, name: 'Nora Nahbei' };
  // Nora keeps her own weekly times (no class yet: every day is open).
  expect((await near.client.put('/api/me/available-times', { available_times: { '0': ['9.00', '9.15'] } })).status).toBe(200);
  classA = (await createClass(teacherA, 'Klavier Hauptfach')).class_id;
  classK = (await createClass(teacherK, 'Gesang Köln')).class_id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('directory privacy and mail limits (whole stack)', () => {
  it('search-students: a teacher of another institution does not find a student outside their classes; the own institution finds only the SPEC fields', async () => {
    const mine = await search(teacherA, 'nahbei');
    expect(mine.status).toBe(200);
    expect(mine.body.students).toHaveLength(1);
    expect(Object.keys(mine.body.students[0]!).sort()).toEqual(['duration', 'email', 'name', 'user_id']);
    expect(mine.body.students[0]).toMatchObject({ name: 'Nora Nahbei', email: near.email, duration: 45 });
    expect(JSON.stringify(mine.body)).not.toMatch(/available_times|9\.00/);

    expect(await search(teacherK, 'nahbei')).toMatchObject({ status: 200, body: { students: [] } });
    expect(await search(teacherK, near.email.split('@')[0]!)).toMatchObject({ status: 200, body: { students: [] } });
    // Not findable is not addable by id either: the same answer as an unknown id.
    const byId = await teacherK.post(`/api/classes/${classK}/members`, { students: [{ student_id: mine.body.students[0]!.user_id }] });
    const unknown = await teacherK.post(`/api/classes/${classK}/members`, { students: [{ student_id: randomUUID() }] });
    expect(byId.status).toBe(404);
    expect(byId.body).toEqual(unknown.body);
  });

  it('check-student-exists: nothing for strangers, no times before a verified membership, at most 99 e-mails', async () => {
    expect((await teacherK.post('/api/check-student-exists', [near.email])).body).toEqual({ existing_students: {} });
    const own = await teacherA.post<{ existing_students: Record<string, { user_id: string; name: string; available_times: Record<string, string[]> }> }>(
      '/api/check-student-exists',
      [near.email],
    );
    expect(own.body.existing_students[near.email]).toEqual({ user_id: expect.any(String), name: 'Nora Nahbei', available_times: {} });

    // The Köln teacher types Nora's address as a member: the link is offered, still without her times.
    const [member] = await addMembers(teacherK, classK, [{ name: 'Nora Nahbei', email: near.email }]);
    const offered = await teacherK.post<{ existing_students: Record<string, { user_id: string; available_times: object }> }>('/api/check-student-exists', [
      near.email,
    ]);
    expect(offered.body.existing_students[near.email]).toEqual({
      user_id: own.body.existing_students[near.email]!.user_id,
      name: 'Nora Nahbei',
      available_times: {},
    });
    const before = await teacherK.get<{ members: { available_times_user_input: object }[] }>(`/api/classes/${classK}/members`);
    expect(before.body.members[0]!.available_times_user_input).toEqual({});
    // Linking (what the student then sees in her course list) does not hand her times over: only her verifying does.
    const linked = await teacherK.put<{ available_times: Record<string, string[]> }>(`/api/classes/${classK}/members/${member!.member_id}/update`, {
      user_id: offered.body.existing_students[near.email]!.user_id,
      available_times: {},
    });
    expect(linked.status).toBe(200);
    expect(linked.body.available_times).toEqual({});
    const unverified = await teacherK.get<{ members: { available_times_user_input: object }[] }>(`/api/classes/${classK}/members`);
    expect(unverified.body.members[0]!.available_times_user_input).toEqual({});
    const courses = await near.client.get<{ classes: { class_id: string }[] }>('/api/profile');
    expect(courses.body.classes.map((c) => c.class_id)).toContain(classK);
    expect((await near.client.post('/api/students/verify-class', { class_id: classK, member_id: member!.member_id })).status).toBe(200);
    const verified = await teacherK.get<{ members: { available_times_user_input: object }[] }>(`/api/classes/${classK}/members`);
    expect(verified.body.members[0]!.available_times_user_input).toEqual({ '0': ['9.00', '9.15'] });

    const many = Array.from({ length: 100 }, (_, i) => `x${i}@example.org`);
    const tooMany = await teacherA.post<{ detail: string }>('/api/check-student-exists', many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe('Es können höchstens 99 E-Mail-Adressen auf einmal geprüft werden');
    expect((await teacherA.post('/api/check-student-exists', many.slice(0, 99))).status).toBe(200);
  });

  it('check-student-exists is rate-limited per teacher (429 with wait_time)', async () => {
    const t = await signUp(stack.base, { name: 'Viel Fragerin', email: uniqueEmail('fragen'), role: 'teacher' });
    let last = { status: 200, body: {} as { detail?: string; wait_time?: number } };
    for (let i = 0; i < 121 && last.status === 200; i++) last = await t.post('/api/check-student-exists', [`q${i}@example.org`]);
    expect(last.status).toBe(429);
    expect(last.body.detail).toMatch(/^Zu viele Abfragen/);
    expect(last.body.wait_time).toBeGreaterThan(0);
    expect((await teacherA.post('/api/check-student-exists', ['q@example.org'])).status).toBe(200);
  });

  it('invitations: only to the member of the own class at the stored address, at most 3 per member per day', async () => {
    const invitee = uniqueEmail('einladung');
    const [m] = await addMembers(teacherA, classA, [{ name: 'Ina Eingeladen', email: invitee }]);
    // A foreign teacher, another address, a member of another class: refused, nothing sent.
    expect((await teacherK.post(`/api/classes/${classA}/invite-student`, { member_id: m!.member_id, email: invitee })).status).toBe(404);
    const elsewhere = await teacherK.post(`/api/classes/${classK}/invite-student`, { member_id: m!.member_id, email: invitee });
    expect(elsewhere.status).toBe(404);
    const relay = await teacherA.post<{ detail: string }>(`/api/classes/${classA}/invite-student`, { member_id: m!.member_id, email: 'opfer@example.net' });
    expect(relay.status).toBe(400);
    expect(relay.body.detail).toBe('Einladungen können nur an die gespeicherte E-Mail-Adresse des Mitglieds gesendet werden');
    const overlong = await teacherA.post(`/api/classes/${classA}/invite-student`, { member_id: m!.member_id, email: invitee, name: 'n'.repeat(5000) });
    expect(overlong.status).toBe(400);

    for (let i = 0; i < 3; i++)
      expect((await teacherA.post(`/api/classes/${classA}/invite-student`, { member_id: m!.member_id, email: invitee })).status).toBe(200);
    const fourth = await teacherA.post<{ detail: string; wait_time: number }>(`/api/classes/${classA}/invite-student`, {
      member_id: m!.member_id,
      email: invitee,
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toBe('Diese*r Studierende wurde heute schon 3-mal eingeladen. Bitte versuche es später erneut.');
    expect(fourth.body.wait_time).toBeGreaterThan(86_000);
    await waitForMail(stack.base, invitee, /Einladung/);
    await new Promise((r) => setTimeout(r, 500));
    const all = await mails(stack.base);
    expect(all.filter((x) => x.to.includes(invitee))).toHaveLength(3);
    expect(all.filter((x) => x.to.includes('opfer@example.net'))).toHaveLength(0);
  });
});

describe('mail limits and existence oracles (whole stack)', () => {
  it(`schedule mails: a fake PDF and an oversized file are refused; the daily budget (${MAIL_BUDGET} recipients) ends with 429 + wait_time`, async () => {
    const t = await signUp(stack.base, { name: 'Budget Lehrerin', email: uniqueEmail('budget'), role: 'teacher' });
    const c = (await createClass(t, 'Budgetkurs')).class_id;
    const members = await addMembers(
      t,
      c,
      [1, 2, 3, 4].map((i) => ({ name: `Person Nummer${'abcd'[i - 1]}`, email: uniqueEmail(`budget${i}`) })),
    );

    const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000), Buffer.from('\n%%EOF\n')]);
    const refused = await t.post<{ detail: string }>('/api/send-schedule-to-students', pdfForm(c, fake));
    expect(refused).toMatchObject({ status: 400, body: { detail: 'Die Datei ist keine PDF-Datei.' } });
    const big = await t.post<{ detail: string }>('/api/send-schedule-to-students', pdfForm(c, minimalPdf(5 * 1024 * 1024)));
    expect(big.status).toBe(413);
    expect(big.body.detail).toMatch(/zu groß/);

    // 4 + 4 recipients fit into 9; one invitation (1) fills it; then every mail is refused.
    for (let i = 0; i < 2; i++) expect((await t.post('/api/send-schedule-to-students', pdfForm(c, minimalPdf(), `Sendung ${i + 1}`))).status).toBe(200);
    expect((await t.post(`/api/classes/${c}/invite-student`, { member_id: members[0]!.member_id, email: members[0]!.email })).status).toBe(200);
    const sendOver = await t.post<{ detail: string; wait_time: number }>('/api/send-schedule-to-students', pdfForm(c, minimalPdf()));
    expect(sendOver.status).toBe(429);
    expect(sendOver.body.detail).toContain(`höchstens ${MAIL_BUDGET} Empfänger*innen pro Tag`);
    expect(sendOver.body.wait_time).toBeGreaterThan(86_000);
    const inviteOver = await t.post<{ detail: string; wait_time: number }>(`/api/classes/${c}/invite-student`, {
      member_id: members[1]!.member_id,
      email: members[1]!.email,
    });
    expect(inviteOver.status).toBe(429);
    expect(inviteOver.body.wait_time).toBeGreaterThan(86_000);
    // Another teacher's budget is untouched.
    const [other] = await addMembers(teacherA, classA, [{ name: 'Otto Anders', email: uniqueEmail('otto') }]);
    const otherInvite = await teacherA.post(`/api/classes/${classA}/invite-student`, { member_id: other!.member_id, email: other!.email });
    expect(otherInvite.status, JSON.stringify(otherInvite.body)).toBe(200);
  });

  it('six concurrent deletes of a class, a member and a schedule: one 2xx each, the rest 404, never 500', async () => {
    const c = (await createClass(teacherA, 'Gleich weg')).class_id;
    const [m] = await addMembers(teacherA, c, [{ name: 'Mia Mehrfach', email: uniqueEmail('mia') }]);
    const empty = { '0': [], '1': [], '2': [], '3': [], '4': [], '5': [], '6': [] };
    const saved = await teacherA.post<{ id: string }>(`/api/classes/${c}/schedules`, { name: 'Plan', description: '', available_times: empty, class_id: c });
    expect(saved.status).toBeLessThan(300);
    const six = async (p: string) => (await Promise.all(Array.from({ length: 6 }, () => teacherA.del(p)))).map((r) => r.status).sort();
    expect(await six(`/api/classes/${c}/schedules/${saved.body.id}`)).toEqual([200, 404, 404, 404, 404, 404]);
    expect(await six(`/api/classes/${c}/members/${m!.member_id}`)).toEqual([200, 404, 404, 404, 404, 404]);
    expect(await six(`/api/classes/${c}`)).toEqual([200, 404, 404, 404, 404, 404]);
  });

  it('refuses class names made only of invisible or direction-control characters with the SPEC message', async () => {
    for (const name of ['\u200B\u200B\u200B', '\u202E\u2066\u2069', '\uFEFF\u200D', '\u2060 \u200E']) {
      const created = await teacherA.post('/api/classes', { name, description: null, is_group: false, register_shortcut: '' });
      expect(created).toMatchObject({ status: 400, body: { detail: 'Bitte gib einen Namen für den Kurs/die Klasse ein' } });
      expect((await teacherA.put(`/api/classes/${classA}`, { name })).body).toEqual({ detail: 'Bitte gib einen Namen für den Kurs/die Klasse ein' });
    }
    const mine = await teacherA.get<{ classes: { class_id: string; name: string }[] }>('/api/me/classes');
    expect(mine.body.classes.find((x) => x.class_id === classA)!.name).toBe('Klavier Hauptfach');
  });

  it('existence oracle: an unknown and a foreign id give the same status and detail on every class, member and schedule route', async () => {
    // Teacher K asks about teacher A's class, member and schedule, and about ids that do not exist.
    const [memberA] = await addMembers(teacherA, classA, [{ name: 'Geheim Person', email: uniqueEmail('geheim') }]);
    const empty = { '0': [], '1': [], '2': [], '3': [], '4': [], '5': [], '6': [] };
    const scheduleA = (
      await teacherA.post<{ id: string }>(`/api/classes/${classA}/schedules`, { name: 'Geheimplan', description: '', available_times: empty, class_id: classA })
    ).body.id;
    const [memberK] = await addMembers(teacherK, classK, [{ name: 'Eigene Person', email: uniqueEmail('eigen') }]);
    const nobody = { classId: randomUUID(), memberId: randomUUID(), scheduleId: randomUUID() };
    const foreign = { classId: classA, memberId: memberA!.member_id, scheduleId: scheduleA };
    type Ids = typeof foreign;
    const routes: [string, (ids: Ids) => string, (unknown | ((ids: Ids) => unknown))?][] = [
      ['PUT', (i) => `/api/classes/${i.classId}`, { name: 'Gekapert' }],
      ['GET', (i) => `/api/classes/${i.classId}/members`],
      ['POST', (i) => `/api/classes/${i.classId}/members/new`, { students: [{ name: 'Ein Dringling', duration: 30 }] }],
      ['POST', (i) => `/api/classes/${i.classId}/members`, { students: [{ student_id: randomUUID() }] }],
      ['PUT', (i) => `/api/classes/${i.classId}/members/${i.memberId}/update`, { name: 'Neuer Name' }],
      ['PUT', (i) => `/api/classes/${classK}/members/${i.memberId}/update`, { name: 'Neuer Name' }],
      ['DELETE', (i) => `/api/classes/${classK}/members/${i.memberId}`],
      ['POST', (i) => `/api/classes/${i.classId}/invite-student`, { member_id: memberK!.member_id }],
      ['POST', () => `/api/classes/${classK}/invite-student`, (i: Ids) => ({ member_id: i.memberId })],
      ['GET', (i) => `/api/classes/${i.classId}/available-times`],
      ['PUT', (i) => `/api/classes/${i.classId}/available-times`, { available_times: { '0': ['9.00'] } }],
      ['GET', (i) => `/api/classes/${i.classId}/time-range`],
      ['POST', (i) => `/api/classes/${i.classId}/time-range/exact`],
      ['POST', (i) => `/api/classes/${i.classId}/time-range/extended`, { extraMinutes: 15 }],
      ['PUT', (i) => `/api/classes/${i.classId}/time-range`, { mode: 'custom', time_range: { '0': ['9.00'] } }],
      ['GET', (i) => `/api/classes/${i.classId}/schedules`],
      ['GET', (i) => `/api/schedules?class_id=${i.classId}`],
      ['GET', (i) => `/api/schedules/${i.scheduleId}`],
      ['POST', (i) => `/api/classes/${i.classId}/schedules`, { name: 'Fremd', description: '', available_times: empty }],
      ['POST', (i) => `/api/classes/${i.classId}/schedules/${i.scheduleId}`, { name: 'Fremd', description: '', available_times: empty }],
      ['POST', (i) => `/api/classes/${classK}/schedules/${i.scheduleId}`, { name: 'Fremd', description: '', available_times: empty }],
      ['DELETE', (i) => `/api/classes/${i.classId}/schedules/${i.scheduleId}`],
      ['DELETE', (i) => `/api/classes/${classK}/schedules/${i.scheduleId}`],
      ['POST', () => '/api/cp-sat-berechnung-from-db', undefined],
      ['DELETE', (i) => `/api/classes/${i.classId}`],
    ];
    const differences: string[] = [];
    for (const [method, path, body] of routes) {
      const isCalc = path(foreign) === '/api/cp-sat-berechnung-from-db';
      const send = (ids: Ids) =>
        teacherK.call(
          method,
          path(ids),
          isCalc ? { wiggleRoom: 3, selectedClass: ids.classId, timePreferences: {} } : typeof body === 'function' ? body(ids) : body,
        );
      const [f, u] = [await send(foreign), await send(nobody)];
      if (f.status !== u.status || JSON.stringify(f.body) !== JSON.stringify(u.body) || f.status !== 404) {
        differences.push(
          `${method} ${path({ classId: '{class}', memberId: '{member}', scheduleId: '{schedule}' })}: foreign ${f.status} ${JSON.stringify(f.body)} / unknown ${u.status} ${JSON.stringify(u.body)}`,
        );
      }
    }
    // Sending a schedule: the same for a foreign and an unknown class.
    const [sf, su] = [
      await teacherK.post('/api/send-schedule-to-students', pdfForm(classA, minimalPdf())),
      await teacherK.post('/api/send-schedule-to-students', pdfForm(randomUUID(), minimalPdf())),
    ];
    if (sf.status !== 404 || sf.status !== su.status || JSON.stringify(sf.body) !== JSON.stringify(su.body))
      differences.push(`send-schedule: ${sf.status} ${JSON.stringify(sf.body)} / ${su.status} ${JSON.stringify(su.body)}`);
    // A student: someone else's membership answers like an unknown one.
    const [lf, lu] = [
      await near.client.del(`/api/students/leave-class/${memberA!.member_id}`),
      await near.client.del(`/api/students/leave-class/${randomUUID()}`),
    ];
    if (lf.status !== 404 || JSON.stringify(lf.body) !== JSON.stringify(lu.body))
      differences.push(`leave-class: ${lf.status} ${JSON.stringify(lf.body)} / ${lu.status}`);
    expect(differences).toEqual([]);
    // Nothing of teacher A's changed.
    const still = await teacherA.get<{ members: { member_id: string; name: string }[] }>(`/api/classes/${classA}/members`);
    expect(still.body.members.find((x) => x.member_id === memberA!.member_id)!.name).toBe('Geheim Person');
    expect((await teacherA.get(`/api/schedules/${scheduleA}`)).status).toBe(200);
  });
});
