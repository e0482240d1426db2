import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The whole product (embedded mode) signing in only through the Keycloak that scripts/test-sso.js started. */
export default async function globalSetup() {
  const issuer = process.env.SSO_ISSUER;
  if (!issuer) throw new Error('SSO_ISSUER is not set: run the university sign-in tests with `npm run test:sso`');
  const port = Number(process.env.E2E_PORT ?? 19180);
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sp-sso-'));
  const { startStack } = await import('../../scripts/stack.js');
  const stack = await startStack({
    port,
    portOffset: Number(process.env.E2E_PORT_OFFSET ?? 11400),
    pgPortRange: [16500, 16999],
    dataDir,
    durable: false,
    log: () => {},
    env: {
      LOG_LEVEL: 'error',
      LOGIN_LIMIT_PER_IP: '1000',
      REGISTER_LIMIT_PER_IP: '1000',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: process.env.SSO_CLIENT_ID ?? 'stundenplan',
      OIDC_CLIENT_SECRET: process.env.SSO_CLIENT_SECRET ?? 'sso-test-secret',
      OIDC_ROLE_CLAIM: 'eduPersonAffiliation',
      OIDC_TEACHER_VALUES: 'faculty,staff',
      OIDC_STUDENT_VALUES: 'student',
      OIDC_LABEL: 'Hochschule Test',
      PASSWORD_LOGIN: 'false',
    },
  });
  return async () => {
    await stack.stop();
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
}
