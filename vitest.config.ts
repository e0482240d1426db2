import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { onReact, preactAliases } from './web/vite.config.ts';

const moduleFile = (file: string) => fileURLToPath(new URL(`./node_modules/${file}`, import.meta.url));
/**
 * The web tests run on what the build ships: Preact (docs/adr/0012-preact-first-load.md), or React with
 * WEB_ON_REACT=1 (as the build). On Preact the libraries that import react are taken as ES modules (Node's condition would pick
 * CommonJS, which Vitest loads without the aliases) and inlined, so that the aliases reach them.
 */
const preactTestAliases = [
  ...preactAliases,
  { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
  { find: /^react-router-dom$/, replacement: moduleFile('react-router-dom/dist/index.mjs') },
  { find: /^react-router$/, replacement: moduleFile('react-router/dist/development/index.mjs') },
  { find: /^react-router\/dom$/, replacement: moduleFile('react-router/dist/development/dom-export.mjs') },
  ...['core', 'utilities', 'accessibility'].map((name) => ({
    find: new RegExp(`^@dnd-kit/${name}$`),
    replacement: moduleFile(`@dnd-kit/${name}/dist/${name}.esm.js`),
  })),
];
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
      ...['auth', 'classes', 'availability', 'scheduling-solver', 'document', 'notification'].map((s) => ({
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
        // On preact/compat as the build (docs/adr/0012-preact-first-load.md); WEB_ON_REACT=1: on React.
        ...(!onReact && { resolve: { alias: preactTestAliases } }),
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...(!onReact && { server: { deps: { inline: [/react-router/, /@testing-library\/react/, /@tanstack\/react-query/, /@dnd-kit/] } } }),
        },
      },
      { test: { name: 'deploy', root: 'deploy', include: ['**/*.test.ts'] } },
      { test: { name: 'stack', root: 'test/stack', globalSetup: [DB_SETUP], include: ['**/*.int.test.ts'], testTimeout: 60000, hookTimeout: 180000 } },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'], testTimeout: 60000 } },
    ],
  },
});
