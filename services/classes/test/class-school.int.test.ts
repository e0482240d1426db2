import { randomUUID } from 'node:crypto';
import { callUnary, grpc } from '@stundenplan/base';
import { testServiceClient, testServiceTokenVerifier } from '@stundenplan/base/testing';
import { classesV1, schoolV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness, type Json } from './helpers.js';

/** A tiny real school service: one school whose teachers and sites the test names; service tokens checked. */
class SchoolStub {
  readonly server = new grpc.Server();
  readonly schoolId = randomUUID();
  readonly sites: string[] = [randomUUID(), randomUUID()];
  readonly teachers = new Set<string>();
  private readonly verify = testServiceTokenVerifier('school');

  async start(): Promise<string> {
    this.server.addService(schoolV1.SchoolServiceService, {
      addAdministrator: (_call: unknown, cb: grpc.sendUnaryData<unknown>) => cb({ code: grpc.status.UNIMPLEMENTED }),
      checkClassSchool: (
        call: grpc.ServerUnaryCall<schoolV1.CheckClassSchoolRequest, schoolV1.CheckClassSchoolResponse>,
        cb: grpc.sendUnaryData<schoolV1.CheckClassSchoolResponse>,
      ) => {
        this.verify(call.metadata).then(
          () => {
            const req = call.request;
            if (req.schoolId !== this.schoolId || !this.teachers.has(req.teacherId)) {
              const metadata = new grpc.Metadata();
              metadata.set('detail-json', JSON.stringify('Schule nicht gefunden.'));
              return cb({ code: grpc.status.NOT_FOUND, details: 'not found', metadata });
            }
            cb(null, { schoolName: 'Musikschule Neuburg', unknownSiteIds: req.siteIds.filter((s) => !this.sites.includes(s)) });
          },
          () => cb({ code: grpc.status.UNAUTHENTICATED, details: 'no token' }),
        );
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    return `127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.tryShutdown(() => r()));
  }
}

let h: Harness;
let school: SchoolStub;
let teacher: Actor;
let other: Actor;
let classId: string;
let memberId: string;

beforeAll(async () => {
  school = new SchoolStub();
  const addr = await school.start();
  h = await startHarness({ availability: true, env: { SCHOOL_SERVICE_ADDR: addr } });
  teacher = await h.teacher({ name: 'Sabine Keller' });
  other = await h.teacher({ name: 'Andere Lehrkraft' });
  school.teachers.add(teacher.userId);
  classId = (await createClass(h, teacher)).class_id;
  memberId = (await addMembers(h, teacher, classId, [{ name: 'Lena Vogel', email: 'lena@example.org' }]))[0]!.member_id;
});

afterAll(async () => {
  await h?.stop();
  await school?.stop();
});

const path = () => `/api/classes/${classId}/school`;

describe('GET|PUT /api/classes/{classId}/school', () => {
  it('starts without a school; a member’s needs, sites and family start null', async () => {
    expect(await h.call('GET', path(), teacher)).toMatchObject({ status: 200, body: { school_id: null, sites: [], needs: [] } });
    const list = await h.call('GET', `/api/classes/${classId}/members`, teacher);
    expect(list.body.members[0]).toMatchObject({ needs: null, sites: null, family: null });
  });

  it('refuses member sites while the class has no school', async () => {
    expect(await h.call('PUT', `/api/classes/${classId}/members/${memberId}/update`, teacher, { sites: [school.sites[0]] })).toMatchObject({
      status: 400,
      body: { detail: 'Lege zuerst die Schule der Klasse fest, dann die Standorte einzelner Studierender.' },
    });
  });

  it('saves the school, its sites and needs; refuses bad input in German', async () => {
    const saved = await h.call('PUT', path(), teacher, {
      school_id: school.schoolId,
      sites: [school.sites[0], school.sites[0]],
      needs: [' grand_piano ', 'grand_piano'],
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { school_id: school.schoolId, sites: [school.sites[0]], needs: ['grand_piano'], message: 'Schule der Klasse gespeichert' },
    });
    expect((await h.call('GET', path(), teacher)).body).toEqual({ school_id: school.schoolId, sites: [school.sites[0]], needs: ['grand_piano'] });

    const unknownSite = randomUUID();
    const refusals: [unknown, number, string][] = [
      [{}, 400, 'Bitte wähle eine Schule (school_id) oder gib null an.'],
      [{ school_id: 5 }, 400, 'Bitte wähle eine Schule (school_id) oder gib null an.'],
      [{ school_id: school.schoolId, sites: 'x' }, 400, 'Die Standorte müssen als Liste von Standort-Ids angegeben werden (höchstens 50).'],
      [{ school_id: school.schoolId, sites: [unknownSite] }, 400, `Unbekannter Standort: „${unknownSite}“.`],
      [{ school_id: school.schoolId, needs: 'piano' }, 400, 'Die benötigte Ausstattung muss als Liste von Merkmalen angegeben werden (höchstens 20).'],
      [{ school_id: school.schoolId, needs: [''] }, 400, 'Ungültiges Ausstattungsmerkmal: „“ (1 bis 40 Zeichen).'],
      [{ school_id: randomUUID() }, 404, 'Schule nicht gefunden.'],
      [{ school_id: 'keine-id' }, 404, 'Schule nicht gefunden.'],
    ];
    for (const [body, status, detail] of refusals)
      expect(await h.call('PUT', path(), teacher, body), JSON.stringify(body)).toMatchObject({ status, body: { detail } });
    // Nothing saved was lost.
    expect((await h.call('GET', path(), teacher)).body.needs).toEqual(['grand_piano']);
  });

  it('answers only the class’s teacher', async () => {
    expect((await h.call('GET', path(), other)).status).toBe(404);
    expect((await h.call('PUT', path(), other, { school_id: null })).status).toBe(404);
    expect((await h.call('GET', path(), null)).status).toBe(401);
  });

  it('sets a member’s needs, sites and family through the member update and reads them back in the list', async () => {
    const updated = await h.call('PUT', `/api/classes/${classId}/members/${memberId}/update`, teacher, {
      needs: ['organ'],
      sites: [school.sites[1]],
      family: ' Familie Vogel ',
    });
    expect(updated).toMatchObject({ status: 200, body: { member_id: memberId, needs: ['organ'], sites: [school.sites[1]], family: 'Familie Vogel' } });
    const list = await h.call('GET', `/api/classes/${classId}/members`, teacher);
    expect(list.body.members.find((m: Json) => m.member_id === memberId)).toMatchObject({
      needs: ['organ'],
      sites: [school.sites[1]],
      family: 'Familie Vogel',
    });

    const refusals: [unknown, string][] = [
      [{ sites: [randomUUID()] }, 'Unbekannter Standort'],
      [{ needs: ['x'.repeat(41)] }, 'Ungültiges Ausstattungsmerkmal'],
      [{ needs: 'organ' }, 'Die benötigte Ausstattung muss als Liste von Merkmalen angegeben werden (höchstens 20).'],
      [{ family: 'x'.repeat(101) }, 'Die Familie darf höchstens 100 Zeichen lang sein.'],
      [{ family: 7 }, 'Die Familie darf höchstens 100 Zeichen lang sein.'],
    ];
    for (const [body, detail] of refusals) {
      const res = await h.call('PUT', `/api/classes/${classId}/members/${memberId}/update`, teacher, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toContain(detail);
    }
    const back = await h.call('PUT', `/api/classes/${classId}/members/${memberId}/update`, teacher, { needs: null, sites: null, family: '' });
    expect(back.body).toMatchObject({ needs: null, sites: null, family: null });
  });

  it('removes the school with null', async () => {
    expect((await h.call('PUT', path(), teacher, { school_id: null })).body).toEqual({
      school_id: null,
      sites: [],
      needs: [],
      message: 'Die Klasse hat keine Schule mehr',
    });
  });
});

describe('gRPC: ClassInfo.school and a member’s needs, sites and family', () => {
  it('answers them in GetClass, ListMembers, GetMember and ListMemberships; absent without a school or own values', async () => {
    const client = testServiceClient(classesV1.ClassesServiceClient, `127.0.0.1:${h.svc.grpcPort}`, 'classes');
    const call = <Req, Res>(
      method: (req: Req, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: (e: grpc.ServiceError | null, r: Res) => void) => unknown,
      req: Req,
    ) => callUnary<Req, Res>(method.bind(client) as never, client, req);
    try {
      const c = (await createClass(h, teacher)).class_id;
      const [plain, own] = await addMembers(h, teacher, c, [{ name: 'Paul Plain' }, { name: 'Olga Own', email: 'olga@example.org' }]);
      const noSchool = await call(client.getClass, { classId: c, teacherId: teacher.userId });
      expect(noSchool.classInfo?.school).toBeUndefined();

      await h.call('PUT', `/api/classes/${c}/school`, teacher, { school_id: school.schoolId, sites: [school.sites[0]], needs: ['grand_piano'] });
      await h.call('PUT', `/api/classes/${c}/members/${own!.member_id}/update`, teacher, { needs: ['organ'], sites: [school.sites[1]], family: 'Familie Own' });
      const info = await call(client.getClass, { classId: c, teacherId: teacher.userId });
      expect(info.classInfo?.school).toEqual({ schoolId: school.schoolId, siteIds: [school.sites[0]], needs: ['grand_piano'] });

      const list = await call(client.listMembers, { classId: c, teacherId: teacher.userId });
      const byId = new Map(list.members.map((m) => [m.memberId, m]));
      expect(byId.get(plain!.member_id)).toMatchObject({ family: '' });
      expect(byId.get(plain!.member_id)?.needs).toBeUndefined();
      expect(byId.get(plain!.member_id)?.siteIds).toBeUndefined();
      expect(byId.get(own!.member_id)).toMatchObject({ needs: { values: ['organ'] }, siteIds: { values: [school.sites[1]] }, family: 'Familie Own' });

      const one = await call(client.getMember, { memberId: own!.member_id, classId: c });
      expect(one.member).toMatchObject({ needs: { values: ['organ'] }, siteIds: { values: [school.sites[1]] }, family: 'Familie Own' });

      // An empty own list stays a list (no site, no equipment), not "the class's".
      await h.call('PUT', `/api/classes/${c}/members/${plain!.member_id}/update`, teacher, { needs: [] });
      const empty = await call(client.getMember, { memberId: plain!.member_id, classId: c });
      expect(empty.member?.needs).toEqual({ values: [] });

      const student = await h.student();
      const shortcut = (await call(client.getClass, { classId: c, teacherId: '' })).classInfo!.registerShortcut;
      await h.call('POST', '/api/students/join-class', student, { register_shortcut: shortcut, duration: 45 });
      const memberships = await call(client.listMemberships, { userId: student.userId });
      expect(memberships.memberships).toHaveLength(1);
      expect(memberships.memberships[0]!.classInfo?.school).toEqual({ schoolId: school.schoolId, siteIds: [school.sites[0]], needs: ['grand_piano'] });
      expect(memberships.memberships[0]!.member?.needs).toBeUndefined();
    } finally {
      client.close();
    }
  });
});
