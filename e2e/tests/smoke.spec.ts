import { expect, test } from '@playwright/test';

test('the home page shows the brand in three words and the footer with this year', async ({ page }) => {
  await page.goto('/');
  const brand = page.getByRole('navigation').first();
  await expect(brand).toContainText('Intelligenter');
  await expect(brand).toContainText('Stundenplan');
  await expect(brand).toContainText('Assistent');
  const footer = page.locator('footer');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer.getByRole('link', { name: 'Impressum' })).toBeVisible();
});

test('an unknown page says it does not exist', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByText(/existiert nicht/)).toBeVisible();
});
