import { e2eConfig } from '../playwright.shared.js';

/** The university sign-in against a real Keycloak (npm run test:sso starts Keycloak and sets SSO_ISSUER). */
export default e2eConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  port: Number(process.env.E2E_PORT ?? 19180),
  timeout: 120_000,
  expectTimeout: 20_000,
  globalSetup: './global-setup.ts',
});
