import { e2eConfig } from './playwright.shared.js';

export default e2eConfig({
  testDir: './tests',
  port: Number(process.env.E2E_PORT ?? 18080),
  timeout: 60_000,
  expectTimeout: 10_000,
  globalSetup: './global-setup.ts',
});
