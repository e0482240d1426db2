import { randomUUID } from 'node:crypto';
import { AppError, callUnary, grpc } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';
import { testServiceClient } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness } from './helpers.js';

// Started without the availability neighbour: the service must work (and the member list load) without it.
let h: Harness;
let client: classesV1.ClassesServiceClient;
let teacher: Actor;

const call = <Req, Res>(
  method: (req: Req, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: (e: grpc.ServiceError | null, r: Res) => void) => unknown,
  req: Req,
) => callUnary<Req, Res>(method.bind(client) as never, client, req);
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'OK';
  } catch (e) {
    return (e as AppError).code;
  }
};

beforeAll(async () => {
  h = await startHarness({ availability: false });
  client = testServiceClient(classesV1.ClassesServiceClient, `127.0.0.1:${h.svc.grpcPort}`, 'classes');
  teacher = await h.teacher({ name: 'Fanny Hensel', institution: { id: 'udk', name: 'UdK Berlin' } });
});
afterAll(async () => {
  client?.close();
  await h?.stop();
});

describe('without the availability service', () => {
  it('the member list still loads with empty times', async () => {
    const c = await createClass(h, teacher);
    await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt' }]);
    const res = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
    expect(res.status).toBe(200);
    expect(res.body.members[0]).toMatchObject({
      name: 'Anna Alt',
      available_times: {},
      available_times_user_input: {},
      available_times_user_input_last_modified: null,
    });
  });
});

describe('gRPC ClassesService', () => {
  it('GetClass: class info with teacher name and institution; owner check', async () => {
    const c = await createClass(h, teacher, 'Cello');
    const res = await call(client.getClass, { classId: c.class_id, teacherId: teacher.userId });
    expect(res.classInfo).toEqual({
      classId: c.class_id,
      name: 'Cello',
      description: 'Wintersemester',
      isGroup: false,
      registerShortcut: c.register_shortcut,
      teacherId: teacher.userId,
      teacherName: 'Fanny Hensel',
      institutionName: 'UdK Berlin',
      deadline: '',
      allowLateChanges: false,
      teacherEmail: teacher.email.toLowerCase(),
    });
    expect((await call(client.getClass, { classId: c.class_id, teacherId: '' })).classInfo?.classId).toBe(c.class_id);
    expect(await codeOf(call(client.getClass, { classId: c.class_id, teacherId: randomUUID() }))).toBe('NOT_FOUND');
    expect(await codeOf(call(client.getClass, { classId: randomUUID(), teacherId: '' }))).toBe('NOT_FOUND');
    expect(await codeOf(call(client.getClass, { classId: 'nope', teacherId: '' }))).toBe('NOT_FOUND');
  });

  it('ListMembers, GetMember and GetClassByShortcut', async () => {
    const c = await createClass(h, teacher);
    const [m1, m2] = await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt', email: 'anna@example.org', duration: 45 }, { name: 'Ben Bart' }]);
    const list = await call(client.listMembers, { classId: c.class_id, teacherId: teacher.userId });
    expect(list.members.map((m) => [m.memberId, m.name, m.email, m.duration, m.userId])).toEqual([
      [m1!.member_id, 'Anna Alt', 'anna@example.org', 45, ''],
      [m2!.member_id, 'Ben Bart', '', 30, ''],
    ]);
    expect(await codeOf(call(client.listMembers, { classId: c.class_id, teacherId: randomUUID() }))).toBe('NOT_FOUND');
    expect((await call(client.getMember, { classId: c.class_id, memberId: m1!.member_id })).member?.name).toBe('Anna Alt');
    const other = await createClass(h, teacher);
    expect(await codeOf(call(client.getMember, { classId: other.class_id, memberId: m1!.member_id }))).toBe('NOT_FOUND');
    expect((await call(client.getClassByShortcut, { registerShortcut: c.register_shortcut })).classInfo?.classId).toBe(c.class_id);
    expect(await codeOf(call(client.getClassByShortcut, { registerShortcut: 'qqqq-wwww-zzzz' }))).toBe('NOT_FOUND');
  });

  it('ListMemberships: the user’s memberships with class, teacher and institution', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher, 'Querflöte');
    await h.call('POST', '/api/students/join-class', s, { register_shortcut: c.register_shortcut, duration: 60 });
    const res = await call(client.listMemberships, { userId: s.userId });
    expect(res.memberships).toHaveLength(1);
    expect(res.memberships[0]!.member).toMatchObject({ classId: c.class_id, userId: s.userId, studentId: s.userId, duration: 60 });
    expect(res.memberships[0]!.classInfo).toMatchObject({ classId: c.class_id, name: 'Querflöte', teacherName: 'Fanny Hensel', institutionName: 'UdK Berlin' });
    expect((await call(client.listMemberships, { userId: randomUUID() })).memberships).toEqual([]);
  });

  it('ClassInfo carries the class deadline', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher, 'Fristflöte');
    await h.call('POST', '/api/students/join-class', s, { register_shortcut: c.register_shortcut, duration: 30 });
    const none = await call(client.listMemberships, { userId: s.userId });
    expect(none.memberships[0]!.classInfo).toMatchObject({ deadline: '', allowLateChanges: false });
    await h.call('PUT', `/api/classes/${c.class_id}/deadline`, teacher, { deadline: '2026-11-30', allow_late_changes: true });
    const set = await call(client.listMemberships, { userId: s.userId });
    expect(set.memberships[0]!.classInfo).toMatchObject({ deadline: '2026-11-30', allowLateChanges: true });
  });
});
