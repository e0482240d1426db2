import { afterAll, beforeAll } from 'vitest';
import { dropSchemas, sql, startAuth, startClassesStub, type StubClasses, type TestAuth } from './helpers.js';

/** Shared set-up of the registration tests: an auth service with a classes stub holding one class and two members. */
export let auth: TestAuth;
export let stub: StubClasses;
export let hmtm: { id: string; name: string; students_mail: string; teachers_mail: string };
export const schemas: string[] = [];

export const CLASS_ID = '6f1f7c5e-3a7b-4c1e-9d2a-1b2c3d4e5f60';
export const MEMBER_ID = '0b8f2f2e-6a5d-4f3c-8b1a-9e8d7c6b5a40';
export const LINKED_MEMBER_ID = '1c9f3f3e-7b6d-4e4c-9c2b-0f9e8d7c6b51';

/** The class behind the code 'blau-hund-tanz' (the classes stub answers it). */
export const KLAVIER_CLASS = {
  classId: CLASS_ID,
  name: 'Klavier Hauptfach',
  description: 'Montags',
  isGroup: false,
  registerShortcut: 'blau-hund-tanz',
  teacherId: '5a5a5a5a-1111-4222-8333-444455556666',
  teacherName: 'Prof. Clara Schumann',
  institutionName: 'Hochschule für Musik und Theater München',
  deadline: '',
  allowLateChanges: false,
  teacherEmail: '',
  school: undefined,
};

export let counter = 0;
export const uniq = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}`;

export function body(overrides: Record<string, unknown> = {}) {
  return {
    email: `${uniq()}@example.org`,
    password: 'geheim123',
    name: 'Erika Mustermann',
    registerShortcut: null,
    role_id: 2,
    institution_id: null,
    duration: null,
    memberId: null,
    ...overrides,
  };
}

export async function register(overrides: Record<string, unknown> = {}) {
  return auth.call<{ message?: string; detail?: string }>('POST', '/api/auth/register', { body: body(overrides) });
}

export async function userRow(email: string) {
  const rows = await sql<{
    id: string;
    email: string;
    name: string;
    password_hash: string;
    role_id: number;
    institution_id: string | null;
    duration: number | null;
    email_confirmed_at: Date | null;
  }>(`SELECT * FROM "${auth.schema}".users WHERE email = $1`, [email]);
  return rows[0];
}

export async function userCount(email: string): Promise<number> {
  return (await sql(`SELECT 1 FROM "${auth.schema}".users WHERE email = $1`, [email])).length;
}

/** Registers the set-up and clean-up hooks; call once at the top of a test file. */
export function useRegistration(): void {
  beforeAll(async () => {
    stub = await startClassesStub();
    stub.classes.set('blau-hund-tanz', KLAVIER_CLASS);
    stub.members.set(MEMBER_ID, {
      memberId: MEMBER_ID,
      classId: CLASS_ID,
      userId: '',
      studentId: '',
      name: 'Max Muster',
      email: 'max@example.org',
      duration: 45,
      frequency: 'weekly',
      needs: undefined,
      siteIds: undefined,
      family: '',
    });
    stub.members.set(LINKED_MEMBER_ID, {
      memberId: LINKED_MEMBER_ID,
      classId: CLASS_ID,
      userId: '9d9d9d9d-1111-4222-8333-444455556666',
      studentId: '',
      name: 'Vergeben Person',
      email: '',
      duration: 30,
      frequency: 'weekly',
      needs: undefined,
      siteIds: undefined,
      family: '',
    });
    auth = await startAuth({ CLASSES_SERVICE_ADDR: stub.addr });
    schemas.push(auth.schema);
    const list = await auth.call<(typeof hmtm)[]>('GET', '/api/institutions');
    hmtm = list.body.find((i) => i.name === 'Hochschule für Musik und Theater München')!;
  });
  afterAll(async () => {
    await auth?.svc.stop();
    await stub?.close();
    await dropSchemas(schemas);
  });
}
