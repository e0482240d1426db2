import { defineConfig } from 'vitest/config';

const DB_SETUP = new URL('./test/global-db.ts', import.meta.url).pathname;

// One Vitest run over every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'timegrid', root: 'packages/timegrid', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'base',
          root: 'packages/base',
          globalSetup: [DB_SETUP],
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'gateway',
          root: 'gateway',
          globalSetup: [DB_SETUP],
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      ...['auth', 'classes', 'availability', 'scheduling-solver', 'document', 'notification', 'lessons', 'school'].map((s) => ({
        test: {
          name: s,
          root: `services/${s}`,
          globalSetup: [DB_SETUP],
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      })),
      {
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      { test: { name: 'deploy', root: 'deploy', include: ['**/*.test.ts'] } },
      { test: { name: 'stack', root: 'test/stack', globalSetup: [DB_SETUP], include: ['**/*.int.test.ts'], testTimeout: 60000, hookTimeout: 180000 } },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'], testTimeout: 60000 } },
    ],
  },
});
