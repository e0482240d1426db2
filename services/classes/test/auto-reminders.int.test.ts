import { berlinToday } from '@stundenplan/timegrid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinHour } from '../src/domain/auto-reminders.js';
import { addMembers, createClass, startHarness, type Actor, type Harness, type Json } from './helpers.js';

/** Issue 16: automatic reminders 3 and 1 days before the deadline (the service's own timer, here every 200 ms from 0 o'clock). */

let h: Harness;
let teacher: Actor;

beforeAll(async () => {
  h = await startHarness({ availability: true, env: { AUTO_REMINDER_INTERVAL_MS: '200', AUTO_REMINDER_FROM_HOUR: '0' } });
  teacher = await h.teacher({ name: 'Clara Auto' });
});
afterAll(async () => h?.stop());

const DAY_MS = 86_400_000;
const ahead = (days: number) => berlinToday(new Date(Date.now() + days * DAY_MS));
const mailsTo = async (to: string): Promise<Json[]> => (await h.outbox('mail.requested.v1')).filter((m) => m.to === to);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function classWithDeadline(name: string, days: number, email: string) {
  const c = await createClass(h, teacher, name);
  await addMembers(h, teacher, c.class_id, [{ name: `${name} Person`, email }]);
  expect((await h.call('PUT', `/api/classes/${c.class_id}/deadline`, teacher, { deadline: ahead(days) })).status).toBe(200);
  return c;
}

describe('automatic reminders', () => {
  it('remind members without times 3 and 1 days before the deadline, once a day; not 2 days before, not after', async () => {
    await classWithDeadline('Auto Drei', 3, 'auto.drei@example.org');
    await classWithDeadline('Auto Eins', 1, 'auto.eins@example.org');
    await classWithDeadline('Auto Zwei', 2, 'auto.zwei@example.org');
    await classWithDeadline('Auto Vorbei', -1, 'auto.vorbei@example.org');
    const until = Date.now() + 10_000;
    while ((await mailsTo('auto.drei@example.org')).length === 0 || (await mailsTo('auto.eins@example.org')).length === 0) {
      if (Date.now() > until) throw new Error('no automatic reminder');
      await sleep(100);
    }
    const [mail] = await mailsTo('auto.drei@example.org');
    expect(mail.subject).toBe('Erinnerung: Trag deine Zeiten für „Auto Drei“ ein');
    expect(mail.text).toContain(`Bitte trage deine Zeiten bis ${ahead(3).split('-').reverse().join('.')} ein, damit Clara Auto`);
    // Several more runs of the timer: still one mail each, none for the others.
    await sleep(800);
    expect(await mailsTo('auto.drei@example.org')).toHaveLength(1);
    expect(await mailsTo('auto.eins@example.org')).toHaveLength(1);
    expect(await mailsTo('auto.zwei@example.org')).toHaveLength(0);
    expect(await mailsTo('auto.vorbei@example.org')).toHaveLength(0);
  });

  it('berlinHour reads the wall clock of Europe/Berlin', () => {
    expect(berlinHour(new Date('2026-12-24T07:30:00Z'))).toBe(8);
    expect(berlinHour(new Date('2026-07-01T07:30:00Z'))).toBe(9);
  });
});
