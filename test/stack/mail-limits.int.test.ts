import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, mails, startTestStack, uniqueEmail, waitForMail } from './helpers.js';

/**
 * docs/product/limits.md "Mails per recipient": registering with a stranger's address and pressing
 * 'Bestätigungs-Link erneut senden' again and again mails that stranger at most the daily limit; the caller
 * (auth) asks the notification service, which counts every mail, and answers 429 in German.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  // Own ports: others run the stack suites on theirs. A limit of 3 keeps the test short.
  stack = await startTestStack(inject('databaseUrl'), { port: 21880, portOffset: 15900, env: { MAIL_RECIPIENT_LIMIT_PER_DAY: '3' } });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('mail to strangers', () => {
  it("'resend confirmation' stops at the stranger's daily limit with a German 429, and no further mail goes out", async () => {
    const stranger = uniqueEmail('fremd');
    const c = new Client(stack.base);
    const password = 'Sicher123!';
    const reg = await c.post('/api/auth/register', { email: stranger, password, name: 'Mallory Muster', role_id: 2, institution_id: null, duration: null });
    expect(reg.status).toBe(201);
    await waitForMail(stack.base, stranger, /Bitte bestätige/);
    for (let i = 0; i < 2; i++) {
      const again = await c.post('/api/auth/resend-confirmation', { email: stranger, password });
      expect(again.status).toBe(200);
    }
    // The delivery counts asynchronously: wait until all three are out before the fourth is asked for.
    const sent = async () => (await mails(stack.base)).filter((m) => m.to.toLowerCase() === stranger.toLowerCase()).length;
    for (let t = 0; t < 100 && (await sent()) < 3; t++) await new Promise((r) => setTimeout(r, 100));
    expect(await sent()).toBe(3);

    const refused = await c.post<{ detail: string; wait_time: number }>('/api/auth/resend-confirmation', { email: stranger, password });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('An diese Adresse wurden heute schon zu viele E-Mails geschickt. Bitte versuche es morgen noch einmal.');
    expect(refused.body.wait_time).toBeGreaterThan(0);
    expect(refused.body.wait_time).toBeLessThanOrEqual(25 * 3600);
    await new Promise((r) => setTimeout(r, 500));
    expect(await sent()).toBe(3);
  });
});
