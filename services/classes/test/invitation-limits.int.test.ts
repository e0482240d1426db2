import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness } from './helpers.js';

// Mail limits (no open relay): invitations only to the member's own address, 3 per member per day,
// and a daily budget per teacher (here 5 recipients) shared with schedule sendings.
let h: Harness;
let teacher: Actor;

beforeAll(async () => {
  h = await startHarness({ availability: true, env: { MAIL_BUDGET_PER_DAY: '5' } });
  teacher = await h.teacher({ name: 'Budget Lehrkraft' });
});
afterAll(async () => h?.stop());

const invite = (classId: string, body: Record<string, unknown>, who: Actor = teacher) => h.call('POST', `/api/classes/${classId}/invite-student`, who, body);
const sentTo = async (to: string) => (await h.outbox('mail.requested.v1')).filter((m) => m.to === to).length;

describe('invitation limits', () => {
  it("refuses another address than the member's and overlong texts, sending nothing", async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Echte Adresse', email: 'echt@example.org' }]);
    const other = await invite(c.class_id, { member_id: m!.member_id, email: 'opfer@example.net' });
    expect(other).toEqual({ status: 400, body: { detail: 'Einladungen können nur an die gespeicherte E-Mail-Adresse des Mitglieds gesendet werden' } });
    const long = await invite(c.class_id, { member_id: m!.member_id, email: 'echt@example.org', class_name: 'x'.repeat(201) });
    expect(long).toEqual({ status: 400, body: { detail: 'Ungültige Angaben für die Einladung' } });
    expect(await sentTo('opfer@example.net')).toBe(0);
    expect(await sentTo('echt@example.org')).toBe(0);
  });

  it('allows 3 invitations per member per day, then 429 with wait_time; the daily budget ends at 5 recipients', async () => {
    const c = await createClass(h, teacher);
    const [a, b, d] = await addMembers(h, teacher, c.class_id, [
      { name: 'Anna Drei', email: 'anna.drei@example.org' },
      { name: 'Bert Zwei', email: 'bert.zwei@example.org' },
      { name: 'Dora Eins', email: 'dora.eins@example.org' },
    ]);
    for (let i = 0; i < 3; i++) expect((await invite(c.class_id, { member_id: a!.member_id, email: 'anna.drei@example.org' })).status).toBe(200);
    const fourth = await invite(c.class_id, { member_id: a!.member_id, email: 'anna.drei@example.org' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toBe('Diese*r Studierende wurde heute schon 3-mal eingeladen. Bitte versuche es später erneut.');
    expect(fourth.body.wait_time).toBeGreaterThan(86_000);
    expect(fourth.body.wait_time).toBeLessThanOrEqual(86_400);
    for (let i = 0; i < 2; i++) expect((await invite(c.class_id, { member_id: b!.member_id })).status).toBe(200);
    const overBudget = await invite(c.class_id, { member_id: d!.member_id });
    expect(overBudget.status).toBe(429);
    expect(overBudget.body.detail).toContain('höchstens 5 Empfänger*innen pro Tag');
    expect(overBudget.body.wait_time).toBeGreaterThan(86_000);
    expect(await sentTo('anna.drei@example.org')).toBe(3);
    expect(await sentTo('bert.zwei@example.org')).toBe(2);
    expect(await sentTo('dora.eins@example.org')).toBe(0);
    // The budget is the teacher's: another teacher still invites.
    const other = await h.teacher();
    const oc = await createClass(h, other);
    const [o] = await addMembers(h, other, oc.class_id, [{ name: 'Otto Andere', email: 'otto@example.org' }]);
    expect((await invite(oc.class_id, { member_id: o!.member_id }, other)).status).toBe(200);
  });

  it('adding students from the search sends each a notice within the budget; over it nothing is added', async () => {
    const t = await h.teacher({ name: 'Budget Suche' });
    const c = await createClass(h, t);
    const students = await Promise.all(Array.from({ length: 6 }, () => h.student()));
    const add = (list: Actor[]) => h.call('POST', `/api/classes/${c.class_id}/members`, t, { students: list.map((s) => ({ student_id: s.userId })) });
    const over = await add(students);
    expect(over.status).toBe(429);
    expect(over.body.wait_time).toBeGreaterThan(0);
    expect(await h.sql('SELECT 1 FROM members WHERE class_id = $1', [c.class_id])).toHaveLength(0);
    expect((await add(students.slice(0, 5))).status).toBe(201);
    const notices = (await h.outbox('mail.requested.v1')).filter((m) => String(m.subject) === 'Du wurdest zum Kurs „Klavier Hauptfach“ hinzugefügt');
    expect(notices.filter((m) => students.some((s) => s.email === m.to))).toHaveLength(5);
    expect((await add(students.slice(5))).status).toBe(429);
  });
});
