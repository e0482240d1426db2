// The layer rules of eslint.config.js (docs/architecture.md, "Inside a service") fire: each forbidden import,
// linted as if it stood in that folder, is refused, and the allowed direction passes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Only the import rule; without type information, so that a file that does not exist can be linted.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

/** The messages of `no-restricted-imports` for `code` as the file `file` (relative to the root). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer rules', () => {
  it.each([
    ['services/classes/src/http/x-routes.ts', "import { findClass } from '../data/class-repository.js';"],
    ['services/classes/src/grpc/x-server.ts', "import { PrismaClient } from '../generated/prisma/client.js';"],
    ['services/classes/src/domain/x.ts', "import { router } from '../http/class-routes.js';"],
    ['services/classes/src/data/x.ts', "import { addMember } from '../domain/add-member.js';"],
    ['services/classes/src/clients/x.ts', "import { addMember } from '../domain/add-member.js';"],
  ])('%s: %s is refused', async (file, code) => {
    expect(await refusals(file, code)).toEqual([expect.stringContaining('no-restricted-imports')]);
  });

  it.each(['auth', 'availability', 'classes', 'scheduling-solver', 'notification', 'lessons'])('%s: http/ does not import clients/', async (service) => {
    const messages = await refusals(`services/${service}/src/http/x-routes.ts`, "import { CLASSES_MSG } from '../clients/classes-client.js';");
    expect(messages).toEqual([expect.stringContaining('gRPC clients of other services are reached through it')]);
  });

  it('http/ still may not import data/ where the clients rule applies', async () => {
    expect(await refusals('services/auth/src/http/x-routes.ts', "import { x } from '../data/x.js';")).toEqual([
      expect.stringContaining('repositories are reached through it'),
    ]);
  });

  it('grpc/ does not import clients/ either', async () => {
    expect(await refusals('services/classes/src/grpc/x-server.ts', "import { x } from '../clients/x-client.js';")).toEqual([
      expect.stringContaining('gRPC clients of other services are reached through it'),
    ]);
  });

  // The target as a path inside the service's src/, imported relatively from the file.
  it.each([
    ['services/notification/src/mail/x.ts', 'domain/deps.js'],
    ['services/availability/src/calendar/x.ts', 'domain/import-calendar.js'],
    ['services/document/src/csv/x.ts', 'http/csv-routes.js'],
    ['services/document/src/pdf/x.ts', 'data/x.js'],
    ['services/scheduling-solver/src/solver/x.ts', 'domain/solver-port.js'],
    ['services/scheduling-solver/src/solver/engine/x.ts', 'domain/solver-port.js'],
    ['services/scheduling-solver/src/solver/runtime/x.ts', 'clients/classes-client.js'],
    ['services/scheduling-solver/src/solver/fixes/x.ts', 'events/consumers.js'],
  ])('adapter folder %s may not import src/%s', async (file, target) => {
    const src = file.slice(0, file.indexOf('/src/') + '/src/'.length);
    const specifier = path.posix.relative(path.posix.dirname(file), src + target);
    expect(await refusals(file, `import { x } from '${specifier}';`)).toEqual([expect.stringContaining('are leaves')]);
  });

  it('allowed directions pass: the domain imports an adapter, an adapter imports its own folder and the config type, data/ imports domain types', async () => {
    expect(await refusals('services/scheduling-solver/src/domain/x.ts', "import type { Plan } from '../solver/types.js';")).toEqual([]);
    expect(await refusals('services/scheduling-solver/src/solver/fixes/x.ts', "import { buildInstance } from '../engine/instance.js';")).toEqual([]);
    expect(await refusals('services/document/src/pdf/x.ts', "import type { Config } from '../config.js';")).toEqual([]);
    expect(await refusals('services/classes/src/data/x.ts', "import type { Member } from '../domain/types.js';")).toEqual([]);
  });
});
