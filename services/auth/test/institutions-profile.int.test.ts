import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages.js';
import { start } from '../src/main.js';
import {
  closedPort,
  client,
  databaseUrl,
  dropSchemas,
  randomSchema,
  registerConfirmed,
  startAuth,
  startClassesStub,
  type StubClasses,
  type TestAuth,
} from './helpers.js';

/** GET institutions, get-institution-mail-endings/{id}, the seed, and GET profile (memberships over gRPC). */

let auth: TestAuth;
let stub: StubClasses;
const schemas: string[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-auth-inst-'));

interface Institution {
  id: string;
  name: string;
  students_mail: string | null;
  teachers_mail: string | null;
}

beforeAll(async () => {
  stub = await startClassesStub();
  auth = await startAuth({ CLASSES_SERVICE_ADDR: stub.addr });
  schemas.push(auth.schema);
});

afterAll(async () => {
  await auth?.svc.stop();
  await stub?.close();
  await dropSchemas(schemas);
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const email = (p = 'prof') => `${p}${Date.now().toString(36)}${n++}@example.org`;

describe('institutions', () => {
  it('lists the seeded institutions with their mail domains, sorted by name', async () => {
    const res = await auth.call<Institution[]>('GET', '/api/institutions');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(4);
    expect(res.body).toContainEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Hochschule für Musik und Theater München',
      students_mail: 'stud.hmtm.de',
      teachers_mail: 'hmtm.de',
    });
    const names = res.body.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers the mail endings of one institution; 404 unknown, 400 not a UUID', async () => {
    const [first] = (await auth.call<Institution[]>('GET', '/api/institutions')).body;
    const res = await auth.call('GET', `/api/get-institution-mail-endings/${first!.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ students_mail: first!.students_mail, teachers_mail: first!.teachers_mail });
    const unknown = await auth.call('GET', '/api/get-institution-mail-endings/7d7d7d7d-1111-4222-8333-444455556666');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: MSG.institutionNotFound });
    const bad = await auth.call('GET', `/api/get-institution-mail-endings/${encodeURIComponent("1' OR '1'='1")}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: MSG.invalidInstitutionId });
  });

  it('seeds idempotently at every start: same ids, changed domains updated, new names added, nothing deleted', async () => {
    const schema = randomSchema();
    schemas.push(schema);
    const env = {
      DATABASE_URL: databaseUrl(),
      DB_SCHEMA: schema,
      PORT: '0',
      GRPC_PORT: '0',
      SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
      LOG_LEVEL: 'silent',
      CLASSES_SERVICE_ADDR: `127.0.0.1:${await closedPort()}`,
    };
    const first = await start(env);
    const before = (await client(`http://127.0.0.1:${first.httpPort}`)<Institution[]>('GET', '/api/institutions')).body;
    await first.stop();

    const again = await start(env);
    const same = (await client(`http://127.0.0.1:${again.httpPort}`)<Institution[]>('GET', '/api/institutions')).body;
    await again.stop();
    expect(same).toEqual(before);

    const file = path.join(dir, 'institutions.json');
    writeFileSync(
      file,
      JSON.stringify({
        institutions: [
          { name: 'Hochschule für Musik und Theater München', students_mail: '@Studierende.HMTM.de', teachers_mail: 'hmtm.de' },
          { name: 'Hochschule für Musik Karlsruhe', students_mail: 'stud.hfm-karlsruhe.de', teachers_mail: null },
        ],
      }),
    );
    const changed = await start({ ...env, INSTITUTIONS_FILE: file });
    const after = (await client(`http://127.0.0.1:${changed.httpPort}`)<Institution[]>('GET', '/api/institutions')).body;
    await changed.stop();
    const hmtmBefore = before.find((i) => i.name.includes('München'))!;
    expect(after.find((i) => i.name.includes('München'))).toEqual({ ...hmtmBefore, students_mail: 'studierende.hmtm.de' });
    expect(after.find((i) => i.name === 'Hochschule für Musik Karlsruhe')).toMatchObject({ students_mail: 'stud.hfm-karlsruhe.de', teachers_mail: null });
    expect(after).toHaveLength(before.length + 1);
  });

  it('refuses to start with a broken institutions file', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify({ institutions: [{ students_mail: 'x.de' }] }));
    const schema = randomSchema();
    schemas.push(schema);
    await expect(
      start({
        DATABASE_URL: databaseUrl(),
        DB_SCHEMA: schema,
        PORT: '0',
        GRPC_PORT: '0',
        SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
        LOG_LEVEL: 'silent',
        INSTITUTIONS_FILE: file,
      }),
    ).rejects.toThrow(/institutions\.0\.name/);
  });
});

describe('GET /api/profile', () => {
  it('needs a session', async () => {
    expect((await auth.call('GET', '/api/profile')).status).toBe(401);
  });

  it('answers a teacher profile with no memberships', async () => {
    const address = email();
    const { cookie, userId } = await registerConfirmed(auth, { email: address, name: 'Clara Schumann', role_id: 2 });
    const res = await auth.call('GET', '/api/profile', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: userId,
      name: 'Clara Schumann',
      email: address,
      role: 'teacher',
      role_id: 2,
      duration: null,
      classes: [],
      institution: null,
    });
  });

  it('answers a student profile with the memberships of the classes service in the SPEC shape', async () => {
    const address = email();
    const { cookie, userId } = await registerConfirmed(auth, { email: address, name: 'Robert Schumann', role_id: 1, duration: 60 });
    stub.memberships.set(userId, [
      {
        member: {
          memberId: 'm-1',
          classId: 'c-1',
          userId,
          studentId: userId,
          name: 'Robert Schumann',
          email: address,
          duration: 45,
          frequency: 'weekly',
          needs: undefined,
          siteIds: undefined,
          family: '',
        },
        classInfo: {
          classId: 'c-1',
          name: 'Klavier',
          description: '',
          isGroup: false,
          registerShortcut: 'a-b-c',
          teacherId: 't',
          teacherName: 'Prof. Wieck',
          institutionName: 'HMTM',
          deadline: '2026-12-24',
          allowLateChanges: true,
          teacherEmail: '',
          school: undefined,
        },
      },
      {
        member: {
          memberId: 'm-2',
          classId: 'c-2',
          userId,
          studentId: '',
          name: 'Robert Schumann',
          email: address,
          duration: 30,
          frequency: 'weekly',
          needs: undefined,
          siteIds: undefined,
          family: '',
        },
        classInfo: {
          classId: 'c-2',
          name: 'Kammermusik',
          description: '',
          isGroup: false,
          registerShortcut: 'd-e-f',
          teacherId: 't2',
          teacherName: '',
          institutionName: '',
          deadline: '',
          allowLateChanges: false,
          teacherEmail: '',
          school: undefined,
        },
      },
    ]);
    const res = await auth.call('GET', '/api/profile', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Robert Schumann', email: address, role: 'student', role_id: 1, duration: 60 });
    expect((res.body as { classes: unknown[] }).classes).toEqual([
      {
        duration: 45,
        member_id: 'm-1',
        student_id: userId,
        class_id: 'c-1',
        classes: { name: 'Klavier', class_id: 'c-1' },
        teacher_name: 'Prof. Wieck',
        institution: 'HMTM',
        deadline: '2026-12-24',
        allow_late_changes: true,
      },
      {
        duration: 30,
        member_id: 'm-2',
        student_id: null,
        class_id: 'c-2',
        classes: { name: 'Kammermusik', class_id: 'c-2' },
        teacher_name: null,
        institution: null,
        deadline: null,
        allow_late_changes: false,
      },
    ]);
    expect(stub.calls.filter((c) => c.method === 'ListMemberships').at(-1)!.request).toEqual({ userId });
  });

  it('still answers (classes: []) when the classes service is down', async () => {
    const down = await startAuth();
    schemas.push(down.schema);
    try {
      const { cookie } = await registerConfirmed(down, { email: email(), role_id: 1, duration: 30 });
      const res = await down.call('GET', '/api/profile', { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'student', classes: [] });
    } finally {
      await down.svc.stop();
    }
  });
});
