import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** One entry of the local outbox (/dev/mail.json, embedded mode). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
}

/** The outbox for one address, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`);
  expect(res.ok(), `GET /dev/mail.json answered ${res.status()}`).toBeTruthy();
  return ((await res.json()) as OutboxMail[]).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits until `count` mails to `to` whose subject matches have arrived (mails travel through the
 * event path, so they show up a moment after the click) and answers the newest.
 */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp, count = 1): Promise<OutboxMail> {
  let found: OutboxMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).filter((m) => subject.test(m.subject));
        return found.length;
      },
      { message: `mail to ${to} matching ${subject}`, timeout: 15_000, intervals: [100, 200, 300, 500] },
    )
    .toBeGreaterThanOrEqual(count);
  return found[0]!;
}

/**
 * Reads the mail like a person would: opens the outbox page /dev/mail (filtered to the address),
 * finds the newest mail with that subject and clicks the link that leads to `pathPart`.
 */
export async function followMailLink(page: Page, to: string, subject: RegExp, pathPart: string, count = 1): Promise<string> {
  await waitForMail(page.request, to, subject, count);
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Postausgang (Entwicklung)' })).toBeVisible();
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await expect(mail).toContainText(to);
  const link = mail.getByRole('link', { name: new RegExp(pathPart.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) }).first();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href, 'the mail links to this deployment').toContain(new URL(page.url()).origin + pathPart);
  await link.click();
  return href;
}
