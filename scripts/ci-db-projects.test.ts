// .ci/run runs the Vitest projects that use a database a second time, against the machine's PostgreSQL and Redis.
// Its list must name exactly the projects with the database setup (vitest.config.ts), so that a new service's
// tests are not left out of that stage.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Project {
  test: { name: string; globalSetup?: string[] };
}

describe('.ci/run: the machine-database stage', () => {
  it('names every Vitest project with the database setup, and no other', () => {
    const projects = (config.test?.projects ?? []) as Project[];
    const withDb = projects.filter((p) => p.test.globalSetup?.some((f) => f.endsWith('test/global-db.ts'))).map((p) => p.test.name);
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    const list = /for p in ([\w -]+); do db_projects\+=/.exec(ci);
    expect(list, 'the project list in .ci/run').not.toBeNull();
    expect(list![1]!.trim().split(/\s+/).sort()).toEqual(withDb.sort());
    expect(withDb.length).toBeGreaterThan(5);
  });
});
