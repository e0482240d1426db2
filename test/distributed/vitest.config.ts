import { defineConfig } from 'vitest/config';

// `npm run test:distributed`: a real Kafka broker, the machine's PostgreSQL and Redis, and (stack.test.ts)
// every service as its own OS process. Files run one after another: they share one broker and the
// whole-stack file starts many processes on a small machine.
export default defineConfig({
  test: {
    name: 'distributed',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
