import { callUnary, grpc } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { privacyV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Harness } from './helpers.js';

/** PersonalDataService (the classes service's part of a copy of one's data): internal callers only, the person's own data only. */

let h: Harness;
let client: privacyV1.PersonalDataServiceClient;
beforeAll(async () => {
  h = await startHarness();
  client = testServiceClient(privacyV1.PersonalDataServiceClient, `127.0.0.1:${h.svc.grpcPort}`, 'classes');
});
afterAll(async () => {
  client?.close();
  await h?.stop();
});

const ask = async (userId: string, role: 'teacher' | 'student') =>
  JSON.parse((await callUnary(client.exportPersonalData.bind(client), client, { userId, email: 'x@example.org', role, memberIds: [] })).json) as {
    memberships: { class_id: string; name: string; teacher_name: string | null }[];
    classes: { name: string; members: { name: string; email: string | null; registered: boolean }[] }[];
  };

describe('PersonalDataService.ExportPersonalData', () => {
  it('refuses a caller without a service token (UNAUTHENTICATED) before reading anything', async () => {
    const anonymous = new privacyV1.PersonalDataServiceClient(`127.0.0.1:${h.svc.grpcPort}`, grpc.credentials.createInsecure());
    try {
      const err = await new Promise<grpc.ServiceError>((resolve) =>
        anonymous.exportPersonalData({ userId: '00000000-0000-4000-8000-000000000000', email: 'x@example.org', role: 'student', memberIds: [] }, (e) =>
          resolve(e!),
        ),
      );
      expect(err.code).toBe(grpc.status.UNAUTHENTICATED);
    } finally {
      anonymous.close();
    }
  });

  it("answers a student's own memberships, and a teacher's classes with their members; nobody else's", async () => {
    const teacher = await h.teacher({ name: 'Clara Teil' });
    const other = await h.teacher({ name: 'Otto Fremd' });
    const mine = await createClass(h, teacher, 'Teil Klavier');
    const foreign = await createClass(h, other, 'Fremd Geige');
    const student = await h.student({ name: 'Sina Selbst' });
    const classmate = await h.student({ name: 'Mara Mitschuelerin' });
    for (const s of [student, classmate]) {
      expect((await h.call('POST', '/api/students/join-class', s, { register_shortcut: mine.register_shortcut, duration: 45 })).status).toBe(200);
    }
    await addMembers(h, teacher, mine.class_id, [{ name: 'Olaf Ohne', email: 'olaf.ohne@example.org' }]);
    await addMembers(h, other, foreign.class_id, [{ name: 'Fritz Fremd', email: 'fritz.fremd@example.org' }]);

    const own = await ask(student.userId, 'student');
    expect(own.memberships).toEqual([expect.objectContaining({ class_id: mine.class_id, name: 'Sina Selbst', teacher_name: 'Clara Teil' })]);
    expect(own.classes).toEqual([]);
    expect(JSON.stringify(own)).not.toMatch(/Mara|Olaf|olaf\.ohne|Fritz|Geige/);

    const teacherPart = await ask(teacher.userId, 'teacher');
    expect(teacherPart.classes.map((c) => c.name)).toEqual(['Teil Klavier']);
    expect(teacherPart.classes[0]!.members.map((m) => [m.name, m.registered]).sort()).toEqual([
      ['Mara Mitschuelerin', true],
      ['Olaf Ohne', false],
      ['Sina Selbst', true],
    ]);
    expect(JSON.stringify(teacherPart)).not.toMatch(/Fritz|Geige/);
  });
});
