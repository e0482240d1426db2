import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

/**
 * What the browser suites share: one worker, German locale and Berlin time, the machine's Chromium, a
 * retry on CI only. Each suite names its folder, port, timeouts and global set-up.
 */
export function e2eConfig(o: { port: number; timeout: number; expectTimeout: number } & Pick<PlaywrightTestConfig, 'testDir' | 'testMatch' | 'globalSetup'>) {
  return defineConfig({
    testDir: o.testDir,
    ...(o.testMatch ? { testMatch: o.testMatch } : {}),
    timeout: o.timeout,
    expect: { timeout: o.expectTimeout },
    fullyParallel: false,
    workers: 1,
    // On CI a failed test gets one more try; one that then passes counts as passed but is named as flaky
    // at the end of `npm test` (scripts/test.js), so it is seen and mended, not hidden.
    retries: process.env.CI ? 1 : 0,
    reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
    globalSetup: o.globalSetup,
    use: {
      baseURL: `http://localhost:${o.port}`,
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      trace: 'off',
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
      },
    },
    projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  });
}
