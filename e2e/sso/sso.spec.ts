import { expect, test, type Page } from '@playwright/test';

/**
 * University sign-in through a real Keycloak (started by `npm run test:sso` with e2e/sso/realm-stundenplan.json):
 * Chromium goes through Keycloak's own login form. The stack runs with PASSWORD_LOGIN=false.
 */
const issuer = process.env.SSO_ISSUER ?? '';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function signInAtKeycloak(page: Page, username: string, password: string) {
  await page.waitForURL(new RegExp(`^${escapeRe(issuer)}/protocol/openid-connect/auth`));
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
}

/** GET /api/me with the browser context's cookies. */
async function me(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await page.request.get('/api/me');
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

// A page the browser was sent to that answered an error: named in the test's output.
test.beforeEach(({ page }) => {
  page.on('response', (res) => {
    if (res.request().isNavigationRequest() && res.status() >= 400) console.log(`navigation ${res.url()} answered ${res.status()}`);
  });
});

test('a teacher signs in through Keycloak, lands on /scheduling, and Abmelden ends the session at Keycloak too', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Mit Hochschule Test anmelden' });
  await expect(button).toBeVisible();
  // Sign-in only through the university: no password form.
  await expect(page.getByRole('form', { name: 'Login' })).toHaveCount(0);
  await button.click();
  await signInAtKeycloak(page, 'prof.klang', 'Lehre-2026!');
  await page.waitForURL((url) => url.pathname.startsWith('/scheduling'));
  expect(await me(page)).toMatchObject({ status: 200, body: { role: 'teacher', email: 'klang@hochschule-test.de', username: 'Clara Klang' } });

  await page.getByRole('button', { name: 'Benutzermenü von Clara Klang' }).click();
  // RP-initiated logout: through Keycloak's end-session endpoint (with the ID token hint) and back to the home page.
  const atIssuer = page.waitForResponse((res) => res.url().startsWith(`${issuer}/protocol/openid-connect/logout`) && res.request().isNavigationRequest());
  await page.getByRole('button', { name: 'Abmelden' }).click();
  const logoutAnswer = await atIssuer;
  expect(new URL(logoutAnswer.url()).searchParams.get('id_token_hint')).toBeTruthy();
  // Keycloak ends its session and sends the browser straight back (no confirmation page: the ID token hint names the session).
  expect(logoutAnswer.status()).toBe(302);
  await page.waitForURL((url) => !url.href.startsWith(issuer) && url.pathname === '/', { timeout: 30_000 });
  await expect.poll(async () => (await me(page)).status).toBe(401);
  // The session at Keycloak is gone as well: signing in again asks for the password.
  await page.goto('/api/auth/oidc/login');
  await page.waitForURL(new RegExp(`^${escapeRe(issuer)}/protocol/openid-connect/auth`));
  await expect(page.locator('#password')).toBeVisible();
});

test('a student signs in from the home page through Keycloak and lands on /student', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Mit Hochschule Test anmelden' }).click();
  await signInAtKeycloak(page, 'studi.ton', 'Studium-2026!');
  await page.waitForURL((url) => url.pathname === '/student');
  expect(await me(page)).toMatchObject({ status: 200, body: { role: 'student', email: 'ton@stud.hochschule-test.de', username: 'Felix Ton' } });
});

test('someone without a teacher or student affiliation gets the German page and no account', async ({ page }) => {
  await page.goto('/register');
  const button = page.getByRole('link', { name: 'Mit Hochschule Test anmelden' });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Passwort')).toHaveCount(0);
  await button.click();
  await signInAtKeycloak(page, 'gast.hoerer', 'Gast-2026!');
  await expect(page.getByRole('alert')).toHaveText(/weder als Lehrende\*n noch als Studierende\*n/);
  await expect(page.getByRole('heading', { name: 'Anmeldung nicht möglich' })).toBeVisible();
  expect((await me(page)).status).toBe(401);
});

test('a student whose address the university has not verified gets the German page and no account', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mit Hochschule Test anmelden' }).click();
  await signInAtKeycloak(page, 'studi.offen', 'Offen-2026!');
  await expect(page.getByRole('alert')).toHaveText(/^Deine Hochschule hat deine E-Mail-Adresse nicht bestätigt\./);
  await expect(page.getByRole('heading', { name: 'Anmeldung nicht möglich' })).toBeVisible();
  expect((await me(page)).status).toBe(401);
});

test('PASSWORD_LOGIN=false: password login, registration and reset answer 403 with the German text', async ({ page }) => {
  await page.goto('/');
  const answers = await page.evaluate(async () => {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`/api/auth/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { path, status: res.status, body: (await res.json()) as unknown };
    };
    return Promise.all([
      post('login', { email: 'klang@hochschule-test.de', password: 'Lehre-2026!' }),
      post('register', { email: 'neu@hochschule-test.de', password: 'geheim123', name: 'Neue Person', role_id: 2 }),
      post('forgot-password', { email: 'klang@hochschule-test.de' }),
    ]);
  });
  for (const a of answers) {
    expect(a, a.path).toMatchObject({ status: 403, body: { detail: 'Die Anmeldung erfolgt über den Hochschul-Login.' } });
  }
});
