import { randomSchema } from '@stundenplan/base/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { berlinHour } from '../src/domain/auto-reminders.js';
import { addMembers, createClass, dropSchema, startHarness, type Actor, type Harness, type Json } from './helpers.js';

/**
 * Automatic reminders 3 and 1 days before the deadline, with a controllable clock (the job's `now`),
 * exactly once per member and due day across two replicas on one schema and across a restart, switchable per class.
 */

const DEADLINE = '2030-03-15';
/** 11:00 Berlin time (after the default AUTO_REMINDER_FROM_HOUR 9) on the given day. */
const at = (day: string) => new Date(`${day}T10:00:00Z`);

/** The clock every harness of this file reads. */
let clock = at('2030-03-01');
const now = () => clock;
/** Only passes the test starts (no timer). */
const NO_TIMER = { AUTO_REMINDER_INTERVAL_MS: '0' };

let h: Harness;
let teacher: Actor;

beforeAll(async () => {
  h = await startHarness({ now, env: NO_TIMER });
  teacher = await h.teacher({ name: 'Clara Auto' });
});
afterAll(async () => h?.stop());

const mailsTo = async (hx: Harness, to: string): Promise<Json[]> =>
  (await hx.outbox('mail.requested.v1')).filter((m) => m.to === to && String(m.subject).startsWith('Erinnerung'));

/** A class with the deadline, one member without times per e-mail, one member with times and one without e-mail. */
async function classWithMembers(hx: Harness, t: Actor, name: string, emails: string[], body: Record<string, unknown> = {}) {
  const c = await createClass(hx, t, name);
  const members = await addMembers(hx, t, c.class_id, [
    ...emails.map((email, i) => ({ name: `${name} Person${i + 1}`, email })),
    { name: `${name} Fleissig`, email: `${name.toLowerCase().replace(/\W/g, '')}.fleissig@example.org` },
    { name: `${name} Ohnemail` },
  ]);
  hx.availability!.memberTimes.set(members.find((m) => m.name.endsWith('Fleissig'))!.member_id, { '0': ['9.00', '9.15'] });
  const set = await hx.call('PUT', `/api/classes/${c.class_id}/deadline`, t, { deadline: DEADLINE, ...body });
  expect(set.status).toBe(200);
  return { c, fleissig: members.find((m) => m.name.endsWith('Fleissig'))!.email! };
}

describe('automatic reminders (controllable clock)', () => {
  it('mail once 3 days and once 1 day before the deadline, only members without times; nothing on the other days or before 9:00', async () => {
    const { fleissig } = await classWithMembers(h, teacher, 'Auto Uhr', ['uhr.a@example.org', 'uhr.b@example.org']);
    const count = async () => [(await mailsTo(h, 'uhr.a@example.org')).length, (await mailsTo(h, 'uhr.b@example.org')).length];

    clock = at('2030-03-11'); // 4 days before
    await h.svc.autoReminders.runOnce();
    expect(await count()).toEqual([0, 0]);

    clock = new Date('2030-03-12T06:30:00Z'); // 3 days before, 7:30 Berlin: too early
    expect(await h.svc.autoReminders.runOnce()).toBeNull();
    expect(await count()).toEqual([0, 0]);

    clock = at('2030-03-12'); // 3 days before
    expect(await h.svc.autoReminders.runOnce()).toBe(2);
    expect(await h.svc.autoReminders.runOnce()).toBe(0);
    expect(await count()).toEqual([1, 1]);
    const [mail] = await mailsTo(h, 'uhr.a@example.org');
    expect(mail.subject).toBe('Erinnerung: Trag deine Zeiten für „Auto Uhr“ ein');
    expect(mail.text).toContain('Bitte trage deine Zeiten bis 15.03.2030 ein, damit Clara Auto');

    clock = at('2030-03-13'); // 2 days before
    await h.svc.autoReminders.runOnce();
    expect(await count()).toEqual([1, 1]);

    clock = at('2030-03-14'); // 1 day before
    await h.svc.autoReminders.runOnce();
    await h.svc.autoReminders.runOnce();
    expect(await count()).toEqual([2, 2]);

    for (const day of ['2030-03-15', '2030-03-16']) {
      clock = at(day); // the deadline day and after
      await h.svc.autoReminders.runOnce();
    }
    expect(await count()).toEqual([2, 2]);
    expect(await mailsTo(h, fleissig)).toHaveLength(0);
    const rows = await h.sql<{ day: string }>(
      `SELECT r.day::text AS day FROM reminders r JOIN members m USING (member_id) WHERE m.email = 'uhr.a@example.org' ORDER BY r.day`,
    );
    expect(rows.map((r) => r.day)).toEqual(['2030-03-12', '2030-03-14']);
  });

  it('switched off per class: no mail; switched on again: mails on the next due day', async () => {
    const { c } = await classWithMembers(h, teacher, 'Auto Aus', ['aus.a@example.org'], { auto_reminders: false });
    clock = at('2030-03-12');
    await h.svc.autoReminders.runOnce();
    expect(await mailsTo(h, 'aus.a@example.org')).toHaveLength(0);

    const on = await h.call('PUT', `/api/classes/${c.class_id}/deadline`, teacher, { deadline: DEADLINE, auto_reminders: true });
    expect(on.body).toMatchObject({ auto_reminders: true });
    clock = at('2030-03-13');
    await h.svc.autoReminders.runOnce();
    expect(await mailsTo(h, 'aus.a@example.org')).toHaveLength(0);
    clock = at('2030-03-14');
    await h.svc.autoReminders.runOnce();
    expect(await mailsTo(h, 'aus.a@example.org')).toHaveLength(1);

    // Off again: the teacher's button still reminds, the job does not.
    await h.call('PUT', `/api/classes/${c.class_id}/deadline`, teacher, { deadline: '2030-03-17', auto_reminders: false });
    await h.sql('DELETE FROM reminders WHERE class_id = $1', [c.class_id]); // so the once-a-day rule does not hide the switch
    await h.svc.autoReminders.runOnce(); // 2030-03-14 is 3 days before 2030-03-17
    expect(await mailsTo(h, 'aus.a@example.org')).toHaveLength(1);
  });

  it('a failure between the reminder row and its outbox event leaves neither: the next pass still mails, once', async () => {
    await classWithMembers(h, teacher, 'Auto Absturz', ['absturz.a@example.org']);
    clock = at('2030-03-12');
    // The outbox insert of the mail fails (as if the process died there): the transaction with the reminder row rolls back.
    await h.sql(`CREATE FUNCTION fail_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.topic = 'mail.requested.v1' THEN RAISE EXCEPTION 'simulated crash'; END IF; RETURN NEW; END $$`);
    await h.sql('CREATE TRIGGER fail_mail BEFORE INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION fail_mail()');
    try {
      expect(await h.svc.autoReminders.runOnce()).toBe(0);
      expect(await mailsTo(h, 'absturz.a@example.org')).toHaveLength(0);
      expect(await h.sql(`SELECT 1 FROM reminders r JOIN members m USING (member_id) WHERE m.email = 'absturz.a@example.org'`)).toHaveLength(0);
    } finally {
      await h.sql('DROP TRIGGER fail_mail ON outbox_events');
      await h.sql('DROP FUNCTION fail_mail()');
    }
    expect(await h.svc.autoReminders.runOnce()).toBe(1);
    expect(await h.svc.autoReminders.runOnce()).toBe(0);
    expect(await mailsTo(h, 'absturz.a@example.org')).toHaveLength(1);
  });

  it('the service timer runs the job with the injected clock', async () => {
    const timed = await startHarness({ now: () => at('2030-03-12'), env: { AUTO_REMINDER_INTERVAL_MS: '100' } });
    try {
      const t = await timed.teacher();
      await classWithMembers(timed, t, 'Auto Takt', ['takt.a@example.org']);
      await timed.waitFor(async () => (await mailsTo(timed, 'takt.a@example.org')).length > 0, 10_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mailsTo(timed, 'takt.a@example.org')).toHaveLength(1);
    } finally {
      await timed.stop();
    }
  });

  it('with the default hourly timer, a service started on a due day mails shortly after start, not an hour later', async () => {
    const schema = randomSchema('t_classes');
    const before = await startHarness({ schema, now: () => at('2030-03-12'), env: NO_TIMER });
    let hourly: Harness | undefined;
    try {
      const t = await before.teacher();
      await classWithMembers(before, t, 'Auto Start', ['start.a@example.org']);
      await before.stop();
      // No AUTO_REMINDER_INTERVAL_MS: the default period of one hour.
      hourly = await startHarness({ schema, now: () => at('2030-03-12') });
      const started = Date.now();
      const h1 = hourly;
      await h1.waitFor(async () => (await mailsTo(h1, 'start.a@example.org')).length > 0, 20_000);
      expect(Date.now() - started).toBeLessThan(20_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mailsTo(h1, 'start.a@example.org')).toHaveLength(1);
    } finally {
      await hourly?.stop();
      await dropSchema(schema);
    }
  });

  it('berlinHour reads the wall clock of Europe/Berlin', () => {
    expect(berlinHour(new Date('2026-12-24T07:30:00Z'))).toBe(8);
    expect(berlinHour(new Date('2026-07-01T07:30:00Z'))).toBe(9);
  });
});

describe('automatic reminders: exactly once with two replicas and across a restart', () => {
  it('two instances on one schema, passes run concurrently many times: one mail per member and due day', async () => {
    const schema = randomSchema('t_classes');
    const a = await startHarness({ schema, now, env: NO_TIMER });
    const b = await startHarness({ schema, now, env: NO_TIMER });
    try {
      const t = await a.teacher();
      const emails = Array.from({ length: 6 }, (_, i) => `zwei.${i}@example.org`);
      await classWithMembers(a, t, 'Auto Zwei A', emails.slice(0, 3));
      await classWithMembers(a, t, 'Auto Zwei B', emails.slice(3));
      // b's availability stub must know the member with times too
      for (const [id, times] of a.availability!.memberTimes) b.availability!.memberTimes.set(id, times);
      const perMember = async () => Promise.all(emails.map(async (e) => (await mailsTo(a, e)).length));

      // day, mails per member so far, new mails that day
      for (const [day, expected, fresh] of [
        ['2030-03-12', 1, 6],
        ['2030-03-13', 1, 0],
        ['2030-03-14', 2, 6],
        ['2030-03-15', 2, 0],
      ] as const) {
        clock = at(day);
        let sent = 0;
        for (let round = 0; round < 5; round++) {
          const results = await Promise.all([a, b, a, b].map((x) => x.svc.autoReminders.runOnce()));
          sent += results.reduce<number>((n, r) => n + (r ?? 0), 0);
        }
        expect(sent, day).toBe(fresh);
        expect(await perMember(), day).toEqual(emails.map(() => expected));
      }
      expect(await mailsTo(a, 'autozweia.fleissig@example.org')).toHaveLength(0);

      // The teacher's button on one replica and the job on the other, at the same time: still one mail per member and day.
      const { c } = await classWithMembers(a, t, 'Auto Zwei C', ['zwei.c@example.org']);
      for (const [id, times] of a.availability!.memberTimes) b.availability!.memberTimes.set(id, times);
      clock = at('2030-03-14');
      const asB = { ...t, cookie: await b.issuer.cookie({ userId: t.userId, role: 'teacher', email: t.email, name: t.name }) };
      const [manual, auto] = await Promise.all([b.call('POST', `/api/classes/${c.class_id}/remind`, asB), a.svc.autoReminders.runOnce()]);
      expect(manual.status).toBe(200);
      expect(manual.body.recipient_count + (auto ?? 0)).toBe(1);
      expect(await mailsTo(a, 'zwei.c@example.org')).toHaveLength(1);
    } finally {
      await b.stop();
      await a.stop();
      await dropSchema(schema);
    }
  });

  it('while another replica holds the job lock, a pass is skipped; after it is released, the pass runs', async () => {
    const schema = randomSchema('t_classes');
    const a = await startHarness({ schema, now, env: NO_TIMER });
    const other = new pg.Client({ connectionString: inject('databaseUrl') });
    await other.connect();
    try {
      const t = await a.teacher();
      await classWithMembers(a, t, 'Auto Sperre', ['sperre.a@example.org']);
      clock = at('2030-03-12');
      await other.query('SELECT pg_advisory_lock(hashtext($1))', [`${schema}:auto-reminders`]);
      expect(await a.svc.autoReminders.runOnce()).toBeNull();
      expect(await mailsTo(a, 'sperre.a@example.org')).toHaveLength(0);
      await other.query('SELECT pg_advisory_unlock(hashtext($1))', [`${schema}:auto-reminders`]);
      expect(await a.svc.autoReminders.runOnce()).toBe(1);
      expect(await mailsTo(a, 'sperre.a@example.org')).toHaveLength(1);
    } finally {
      await other.end();
      await a.stop();
      await dropSchema(schema);
    }
  });

  it('a restarted service on the same schema does not mail again the same day; the next due day still mails', async () => {
    const schema = randomSchema('t_classes');
    const first = await startHarness({ schema, now, env: NO_TIMER });
    let firstRunning = true;
    let second: Harness | undefined;
    try {
      const t = await first.teacher();
      await classWithMembers(first, t, 'Auto Neustart', ['neustart.a@example.org']);
      clock = at('2030-03-12');
      expect(await first.svc.autoReminders.runOnce()).toBe(1);
      await first.stop();
      firstRunning = false;

      second = await startHarness({ schema, now, env: NO_TIMER });
      for (const [id, times] of first.availability!.memberTimes) second.availability!.memberTimes.set(id, times);
      expect(await second.svc.autoReminders.runOnce()).toBe(0);
      expect(await mailsTo(second, 'neustart.a@example.org')).toHaveLength(1);
      clock = at('2030-03-14');
      expect(await second.svc.autoReminders.runOnce()).toBe(1);
      expect(await second.svc.autoReminders.runOnce()).toBe(0);
      expect(await mailsTo(second, 'neustart.a@example.org')).toHaveLength(2);
    } finally {
      if (firstRunning) await first.stop();
      await second?.stop();
      await dropSchema(schema);
    }
  });
});
