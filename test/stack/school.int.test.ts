import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, createClass, linkFrom, startTestStack, waitForMail } from './helpers.js';

/**
 * The school through the gateway with every service (docs/product/school.md): the operator's command makes the first
 * administrator, who describes two sites 25 minutes apart and four rooms; a teacher of the school reads them and sets
 * where a class teaches and what its members need; a teacher of another institution gets 404 on every school route.
 */

// Own ports: others run the stack suites on theirs (gateway 21780, services 21781-21798).
const PORT = 21780;
const OFFSET = 13700;
const COMMAND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/school-admin.js');

interface Institution {
  id: string;
  name: string;
  teachers_mail: string | null;
}

/** Registers a teacher of an institution (an address at its teachers' domain), confirms and logs in. */
async function teacherOf(base: string, institution: Institution, name: string): Promise<Client> {
  const c = new Client(base);
  const email = `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 6)}@${institution.teachers_mail}`;
  const reg = await c.post('/api/auth/register', { email, password: 'Sicher123!', name, role_id: 2, institution_id: institution.id, duration: null });
  if (reg.status >= 300) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  const token = new URL(linkFrom(await waitForMail(base, email, /bestätig/i), '/confirm-email')).searchParams.get('token');
  expect((await c.post('/api/auth/confirm-email', { token })).status).toBe(200);
  expect((await c.post('/api/auth/login', { email, password: 'Sicher123!' })).status).toBe(200);
  (c as Client & { email: string }).email = email;
  return c;
}

/** The operator's command against the embedded stack: its port offset and its data folder (the services' key). */
function schoolAdmin(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [COMMAND, ...args],
      { env: { ...process.env, SP_PORT_OFFSET: String(OFFSET), SP_DATA_DIR: dataDir, SCHOOL_SERVICE_ADDR: '', SERVICE_TOKEN_KEY: '' } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** Every school route with a harmless body, for the outsider's 404s. */
function schoolRoutes(schoolId: string, site: string, room: string, email: string): [string, string, unknown?][] {
  return [
    ['GET', `/api/schools/${schoolId}/admins`],
    ['POST', `/api/schools/${schoolId}/admins`, { email }],
    ['GET', `/api/schools/${schoolId}/sites`],
    ['POST', `/api/schools/${schoolId}/sites`, { name: 'X' }],
    ['PUT', `/api/schools/${schoolId}/sites/${site}`, { name: 'X' }],
    ['DELETE', `/api/schools/${schoolId}/sites/${site}`],
    ['GET', `/api/schools/${schoolId}/travel`],
    ['PUT', `/api/schools/${schoolId}/travel`, { travel: [] }],
    ['GET', `/api/schools/${schoolId}/equipment`],
    ['GET', `/api/schools/${schoolId}/rooms`],
    ['POST', `/api/schools/${schoolId}/rooms`, { name: 'X', site_id: site }],
    ['PUT', `/api/schools/${schoolId}/rooms/${room}`, { name: 'X', site_id: site }],
    ['DELETE', `/api/schools/${schoolId}/rooms/${room}`],
    ['GET', `/api/schools/${schoolId}/room-bookings`],
  ];
}

interface BookingsContext {
  stack: { base: string };
  music: Institution;
  office: Client;
  teacher: Client;
  schoolId: string;
  sites: Record<string, string>;
  rooms: Record<string, { id: string; site_id: string }>;
  planned: { classId: string; lena: string; paul: string };
}

/** A sent plan books its rooms (docs/product/school.md "Room bookings"): names from the real auth and classes services. */
async function sentPlanBooksRooms({ stack, music, office, teacher, schoolId, sites, rooms, planned }: BookingsContext): Promise<void> {
  // No plan was sent yet: no room is booked (docs/product/school.md "Room bookings").
  expect(await teacher.get(`/api/schools/${schoolId}/room-bookings?site_id=${sites['Hauptstelle']}&day=0`)).toMatchObject({
    status: 200,
    body: { bookings: [] },
  });
  expect(await teacher.get(`/api/schools/${schoolId}/room-bookings?day=7`)).toMatchObject({
    status: 400,
    body: { detail: 'Der Tag muss eine ganze Zahl von 0 (Montag) bis 6 (Sonntag) sein.' },
  });

  // The plan as the notification service publishes it when sent (schedule.sent.v1), on the embedded stack's bus.
  const { sharedInProcessBus, Topic } = await import('../../packages/base/dist/index.js');
  const me = (await teacher.get<{ user_id: string }>('/api/me')).body;
  const room = (name: string) => ({ id: rooms[name]!.id, name, site_id: rooms[name]!.site_id, site_name: 'Hauptstelle' });
  const bus = sharedInProcessBus();
  await bus.publish({
    id: randomUUID(),
    topic: Topic.ScheduleSent,
    key: planned.classId,
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: {
      sending_id: randomUUID(),
      class_id: planned.classId,
      teacher_id: me.user_id,
      schedule_id: randomUUID(),
      lessons: {
        [planned.lena]: [{ day: 0, start: 36, end: 39, week: null, room: room('Flügelraum 1.01') }],
        [planned.paul]: [{ day: 0, start: 40, end: 42, week: null, room: room('Flügelraum 1.01') }],
      },
      from: '2026-09-01',
      until: '2099-07-31',
      informed_member_ids: null,
      sent_at: new Date().toISOString(),
    },
  });
  await bus.drain();
  const path = `/api/schools/${schoolId}/room-bookings?site_id=${sites['Hauptstelle']}`;
  const expected = (names: boolean) => [
    {
      room_id: rooms['Flügelraum 1.01']!.id,
      day: 0,
      start: '9.00',
      end: '9.45',
      week: null,
      teacher_name: 'Sabine Keller',
      class_id: planned.classId,
      ...(names ? { student_name: 'Lena Vogel' } : {}),
    },
    {
      room_id: rooms['Flügelraum 1.01']!.id,
      day: 0,
      start: '10.00',
      end: '10.30',
      week: null,
      teacher_name: 'Sabine Keller',
      class_id: planned.classId,
      ...(names ? { student_name: 'Paul Vogel' } : {}),
    },
  ];
  expect(await office.get(path)).toEqual(expect.objectContaining({ status: 200, body: { bookings: expected(true) } }));
  expect((await teacher.get(path)).body).toEqual({ bookings: expected(true) });
  const colleague = await teacherOf(stack.base, music, 'Karl Kollege');
  expect((await colleague.get(path)).body).toEqual({ bookings: expected(false) });
  // A booked room is not deleted.
  expect(await office.del(`/api/schools/${schoolId}/rooms/${rooms['Flügelraum 1.01']!.id}`)).toMatchObject({ status: 409 });
}

/** The copy of one's data (GET /api/me/export) has the school service's part: the school, the teacher's room bookings. */
async function copiesNameSchoolAndBookings({
  office,
  teacher,
  music,
  schoolId,
  planned,
}: Pick<BookingsContext, 'teacher' | 'music' | 'schoolId' | 'planned'> & { office: Client & { email: string } }) {
  type SchoolPart = { school: { administrations: Record<string, unknown>[]; room_bookings: Record<string, unknown>[] } };
  const mine = await office.get<SchoolPart>('/api/me/export');
  expect(mine.status).toBe(200);
  expect(mine.body.school.administrations).toEqual([
    expect.objectContaining({ school_id: schoolId, school_name: music.name, name: 'Olga Office', email: office.email }),
  ]);
  const theirs = await teacher.get<SchoolPart>('/api/me/export');
  expect(theirs.status).toBe(200);
  expect(theirs.body.school.administrations).toEqual([]);
  const booked = { school_id: schoolId, class_id: planned.classId, room_name: 'Flügelraum 1.01', site_name: 'Hauptstelle', day: 0, week: null };
  expect(theirs.body.school.room_bookings).toEqual([
    { ...booked, start: '9.00', end: '9.45', from: '2026-09-01', until: '2099-07-31' },
    { ...booked, start: '10.00', end: '10.30', from: '2026-09-01', until: '2099-07-31' },
  ]);
  for (const pupil of [planned.lena, planned.paul]) expect(JSON.stringify(theirs.body.school)).not.toContain(pupil);
}

describe('the school through the gateway', () => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  let music: Institution;
  let office: Client & { email: string };
  let teacher: Client;
  let stranger: Client;
  let schoolId = '';
  const sites: Record<string, string> = {};
  const rooms: Record<string, { id: string; site_id: string; equipment: string[]; times: unknown }> = {};
  let planned: { classId: string; lena: string; paul: string } | undefined;

  beforeAll(async () => {
    stack = await startTestStack(inject('databaseUrl'), { port: PORT, portOffset: OFFSET });
    const institutions = (await new Client(stack.base).get<Institution[]>('/api/institutions')).body;
    music = institutions[0]!;
    office = (await teacherOf(stack.base, music, 'Olga Office')) as Client & { email: string };
    teacher = await teacherOf(stack.base, music, 'Sabine Keller');
    stranger = await teacherOf(stack.base, institutions[1]!, 'Fremde Lehrkraft');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('the operator makes the first administrator; unknown institution or account: exit code 1', async () => {
    const unknown = await schoolAdmin(stack.dataDir, ['--institution', randomUUID(), '--email', office.email]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^Keine Einrichtung mit der Id „.+“ gefunden\.\n$/);
    const nobody = await schoolAdmin(stack.dataDir, ['--institution', music.id, '--email', 'niemand@hmtm.de']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr.trim()).toBe('Kein Konto mit der E-Mail-Adresse „niemand@hmtm.de“ gefunden.');
    const made = await schoolAdmin(stack.dataDir, ['--institution', music.id, '--email', office.email]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout.trim()).toBe(`Olga Office (${office.email}) gehört jetzt zur Schulverwaltung von „${music.name}“ (Schul-Id ${music.id}).`);
    schoolId = music.id;
    expect((await office.get('/api/schools/mine')).body).toEqual({ schools: [{ id: schoolId, name: music.name, role: 'admin' }] });
    expect((await teacher.get('/api/schools/mine')).body).toEqual({ schools: [{ id: schoolId, name: music.name, role: 'teacher' }] });
    expect((await stranger.get('/api/schools/mine')).body).toEqual({ schools: [] });
  });

  it('the administrator describes two sites 25 minutes apart and four rooms', async () => {
    for (const name of ['Hauptstelle', 'Grundschule Nord']) {
      const res = await office.post<{ site: { id: string } }>(`/api/schools/${schoolId}/sites`, { name, address: `${name}, Neuburg` });
      expect(res.status).toBe(201);
      sites[name] = res.body.site.id;
    }
    const travel = await office.put<{ travel: unknown[] }>(`/api/schools/${schoolId}/travel`, {
      travel: [{ from: sites['Hauptstelle'], to: sites['Grundschule Nord'], minutes: 25 }],
    });
    expect(travel.status).toBe(200);
    expect(travel.body.travel).toEqual([{ from: expect.any(String), to: expect.any(String), minutes: 25 }]);

    const afternoon = Object.fromEntries(
      ['0', '1', '2', '3', '4'].map((d) => [d, Array.from({ length: 32 }, (_, i) => `${14 + Math.floor(i / 4)}.${String((i % 4) * 15).padStart(2, '0')}`)]),
    );
    const wanted = [
      { name: 'Flügelraum 1.01', site_id: sites['Hauptstelle'], equipment: ['grand_piano'], capacity: 2 },
      { name: 'Flügelraum 1.02', site_id: sites['Hauptstelle'], equipment: ['grand_piano'], capacity: 2 },
      { name: 'Raum 1.03', site_id: sites['Hauptstelle'], equipment: [], capacity: 4 },
      { name: 'Musikraum Nord', site_id: sites['Grundschule Nord'], equipment: ['grand_piano'], capacity: 20, times: afternoon },
    ];
    for (const room of wanted) {
      const res = await office.post<{ room: (typeof rooms)[string] }>(`/api/schools/${schoolId}/rooms`, room);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      rooms[room.name] = res.body.room;
    }
    expect(rooms['Flügelraum 1.01']!.equipment).toEqual(['grand_piano', 'piano']);
    expect(rooms['Musikraum Nord']!.times).toEqual(afternoon);
    expect(rooms['Raum 1.03']!.times).toBeNull();

    // The school's teacher reads, and may not change.
    const read = await teacher.get<{ rooms: { name: string }[] }>(`/api/schools/${schoolId}/rooms`);
    expect(read.body.rooms.map((r) => r.name)).toEqual(['Musikraum Nord', 'Flügelraum 1.01', 'Flügelraum 1.02', 'Raum 1.03']);
    expect((await teacher.get(`/api/schools/${schoolId}/travel`)).body).toMatchObject({ default_minutes: 30 });
    expect(await teacher.post(`/api/schools/${schoolId}/sites`, { name: 'X' })).toMatchObject({
      status: 403,
      body: { detail: 'Nur die Schulverwaltung darf das ändern.' },
    });
    expect(await office.del(`/api/schools/${schoolId}/sites/${sites['Grundschule Nord']}`)).toMatchObject({ status: 409 });
  });

  it('a teacher of the school sets where a class teaches and what its members need', async () => {
    const cls = await createClass(teacher, 'Klavier Hauptfach');
    const saved = await teacher.put(`/api/classes/${cls.class_id}/school`, {
      school_id: schoolId,
      sites: [sites['Hauptstelle'], sites['Grundschule Nord']],
      needs: ['grand_piano'],
    });
    expect(saved).toMatchObject({ status: 200, body: { school_id: schoolId, needs: ['grand_piano'], message: 'Schule der Klasse gespeichert' } });
    const added = await teacher.post<{ members: { member_id: string }[] }>(`/api/classes/${cls.class_id}/members/new`, {
      students: [
        { name: 'Lena Vogel', email: null, duration: 45 },
        { name: 'Paul Vogel', email: null, duration: 30 },
      ],
    });
    expect(added.status).toBe(201);
    const [lena, paul] = added.body.members;
    planned = { classId: cls.class_id, lena: lena!.member_id, paul: paul!.member_id };
    const upd = await teacher.put(`/api/classes/${cls.class_id}/members/${lena!.member_id}/update`, {
      needs: ['piano'],
      sites: [sites['Grundschule Nord']],
      family: 'Familie Vogel',
    });
    expect(upd).toMatchObject({ status: 200, body: { needs: ['piano'], sites: [sites['Grundschule Nord']], family: 'Familie Vogel' } });
    expect((await teacher.put(`/api/classes/${cls.class_id}/members/${paul!.member_id}/update`, { family: 'Familie Vogel' })).status).toBe(200);
    const list = await teacher.get<{ members: { name: string; needs: unknown; sites: unknown; family: unknown }[] }>(`/api/classes/${cls.class_id}/members`);
    expect(list.body.members.map(({ name, needs, sites: s, family }) => ({ name, needs, sites: s, family }))).toEqual([
      { name: 'Lena Vogel', needs: ['piano'], sites: [sites['Grundschule Nord']], family: 'Familie Vogel' },
      { name: 'Paul Vogel', needs: null, sites: null, family: 'Familie Vogel' },
    ]);
    // Another institution's teacher cannot put a class into this school.
    const own = await createClass(stranger, 'Fremde Klasse');
    expect(await stranger.put(`/api/classes/${own.class_id}/school`, { school_id: schoolId })).toMatchObject({
      status: 404,
      body: { detail: 'Schule nicht gefunden.' },
    });
  });

  it('a sent plan books its rooms: the office and the teacher see the pupil, a colleague only the teacher', async () => {
    await sentPlanBooksRooms({ stack, music, office, teacher, schoolId, sites, rooms, planned: planned! });
  });

  it('a copy of one’s data: the administrator’s names the school, the teacher’s their room bookings without the pupils', async () => {
    await copiesNameSchoolAndBookings({ office, teacher, music, schoolId, planned: planned! });
  });

  it('a teacher of another institution gets 404 on every school route', async () => {
    const site = sites['Hauptstelle']!;
    const room = rooms['Raum 1.03']!.id;
    const calls = schoolRoutes(schoolId, site, room, office.email);
    for (const [method, p, body] of calls) {
      expect(await stranger.call(method, p, body), `${method} ${p}`).toMatchObject({ status: 404, body: { detail: 'Schule nicht gefunden.' } });
    }
    // Nothing changed.
    expect((await office.get<{ rooms: unknown[] }>(`/api/schools/${schoolId}/rooms`)).body.rooms).toHaveLength(4);
    expect((await office.get<{ travel: unknown[] }>(`/api/schools/${schoolId}/travel`)).body.travel).toHaveLength(1);
  });

  it("a deleted account leaves the school's administrators", async () => {
    const helper = (await teacherOf(stack.base, music, 'Paula Pause')) as Client & { email: string };
    expect((await office.post(`/api/schools/${schoolId}/admins`, { email: helper.email })).status).toBe(201);
    const admins = async () => (await office.get<{ admins: { email: string }[] }>(`/api/schools/${schoolId}/admins`)).body.admins.map((a) => a.email);
    expect(await admins()).toContain(helper.email);
    expect((await helper.del('/api/me')).status).toBe(200);
    const until = Date.now() + 15_000;
    while ((await admins()).includes(helper.email) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await admins()).toEqual([office.email]);
  });
});
