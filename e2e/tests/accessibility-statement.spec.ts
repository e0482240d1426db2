import { expect, test, type Page } from '@playwright/test';
import { atPath, uniqueEmail } from '../helpers/accounts.js';
import { axeViolations } from '../helpers/axe.js';
import { waitForMail } from '../helpers/mail.js';

/**
 * Issue 28 items 4: the Erklärung zur Barrierefreiheit at /barrierefreiheit, reached from the footer,
 * passes axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) at phone and desktop width, and a report sent with
 * its form 'Barriere melden' reaches the operator where contact messages arrive (CONTACT_TO, default
 * kontakt@stundenplan.local; in the local outbox /dev/mail).
 */

const CONTACT_TO = 'kontakt@stundenplan.local';

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
}

for (const { name, viewport } of [
  { name: 'Handy', viewport: { width: 375, height: 740 } },
  { name: 'Desktop', viewport: { width: 1280, height: 900 } },
]) {
  test(`Barrierefreiheit: die Erklärung besteht axe-core (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Barrierefreiheit' }).click();
    await expect(page).toHaveURL(atPath('/barrierefreiheit'));
    await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
    await expect(page.getByText(/zuletzt am \d{1,2}\. \p{L}+ \d{4} geprüft/u)).toBeVisible();
    await expectNoAxeViolations(page);

    // The form with its messages shown is checked too.
    const form = page.getByRole('form', { name: 'Barriere melden' });
    await form.getByRole('button', { name: 'Barriere melden' }).click();
    await expect(form.getByText('Bitte fülle alle Felder aus.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('Barrierefreiheit: eine gemeldete Barriere kommt an, wo Kontaktnachrichten ankommen', async ({ page, request }) => {
  const where = `Deine Zeiten ${Date.now()}`;
  const email = uniqueEmail('barriere');
  await page.goto('/barrierefreiheit');
  const form = page.getByRole('form', { name: 'Barriere melden' });
  await form.getByLabel('Wo bist du auf die Barriere gestoßen?').fill(where);
  await form.getByLabel('Beschreibung').fill('Mit dem Screenreader höre ich nur „Schaltfläche“.');
  await form.getByLabel('Name').fill('Clara Wieck');
  await form.getByLabel('E-Mail').fill(email);
  await form.getByRole('button', { name: 'Barriere melden' }).click();
  await expect(form.getByText('Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.')).toBeVisible();

  const mail = await waitForMail(request, CONTACT_TO, new RegExp(`^\\[Kontakt – Fehlermeldung\\] Barriere melden: ${where}$`));
  expect(mail.text).toContain('Neue Nachricht über das Kontaktformular des Stundenplan-Assistenten.');
  expect(mail.text).toContain(`E-Mail: ${email}`);
  expect(mail.text).toContain('Mit dem Screenreader höre ich nur „Schaltfläche“.');
});
