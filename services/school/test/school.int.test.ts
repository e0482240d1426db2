import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Json, type StubAccount } from './helpers.js';

const COMMAND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/school-admin.js');

/** Runs the operator's command against the service under test. */
function schoolAdmin(h: Harness, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [COMMAND, ...args],
      { env: { ...process.env, SCHOOL_SERVICE_ADDR: h.grpcAddr, SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let h: Harness;
let institution: string;
let admin: StubAccount;
let teacher: StubAccount;
let student: StubAccount;
let stranger: StubAccount;
let school: string;

beforeAll(async () => {
  h = await startHarness();
  institution = h.accounts.institution('Musikschule Neuburg');
  admin = h.accounts.account('teacher', institution, 'Olga Office');
  teacher = h.accounts.account('teacher', institution, 'Sabine Keller');
  student = h.accounts.account('student', institution, 'Lena Vogel');
  stranger = h.accounts.account('teacher', h.accounts.institution('Andere Hochschule'), 'Fremde Lehrkraft');
  school = institution;
});

afterAll(async () => {
  await h?.stop();
});

describe('the operator command npm run school-admin', () => {
  it('refuses an unknown institution and an unknown account with exit code 1 and a German message', async () => {
    const unknownInstitution = await schoolAdmin(h, ['--institution', '7d7d7d7d-1111-4222-8333-444455556666', '--email', admin.email]);
    expect(unknownInstitution.code).toBe(1);
    expect(unknownInstitution.stderr.trim()).toBe('Keine Einrichtung mit der Id „7d7d7d7d-1111-4222-8333-444455556666“ gefunden.');
    const unknownAccount = await schoolAdmin(h, ['--institution', institution, '--email', 'niemand@example.org']);
    expect(unknownAccount.code).toBe(1);
    expect(unknownAccount.stderr.trim()).toBe('Kein Konto mit der E-Mail-Adresse „niemand@example.org“ gefunden.');
    const studentAccount = await schoolAdmin(h, ['--institution', institution, '--email', student.email]);
    expect(studentAccount.code).toBe(1);
    expect(studentAccount.stderr.trim()).toBe(`Das Konto „${student.email}“ ist ein Studierendenkonto; die Schulverwaltung braucht ein Lehrkraftkonto.`);
    const noArgs = await schoolAdmin(h, []);
    expect(noArgs.code).toBe(1);
    expect(noArgs.stderr.trim()).toBe('Aufruf: npm run school-admin -- --institution <Id der Einrichtung> --email <E-Mail-Adresse>');
    // Nothing was made: the school does not exist for anybody yet.
    expect((await h.call('GET', '/api/schools/mine', admin)).body).toEqual({ schools: [] });
  });

  it('makes the first administrator and creates the school; a second run changes nothing', async () => {
    const first = await schoolAdmin(h, ['--institution', institution, '--email', admin.email.toUpperCase()]);
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe(`Olga Office (${admin.email}) gehört jetzt zur Schulverwaltung von „Musikschule Neuburg“ (Schul-Id ${institution}).`);
    const again = await schoolAdmin(h, ['--institution', institution, '--email', admin.email]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('gehört bereits zur Schulverwaltung');
  });

  it('refuses a call without a valid service token', async () => {
    const res = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [COMMAND, '--institution', institution, '--email', admin.email],
        { env: { ...process.env, SCHOOL_SERVICE_ADDR: h.grpcAddr, SERVICE_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64') } },
        (err, _stdout, stderr) => resolve({ code: err ? 1 : 0, stderr }),
      ),
    );
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('Der Schul-Dienst lehnt den Dienstschlüssel ab: Gib den SERVICE_TOKEN_KEY dieser Installation an.');
  });
});

describe('GET /api/schools/mine', () => {
  it('answers the administrator, the institution’s teacher, and nothing for others', async () => {
    expect((await h.call('GET', '/api/schools/mine', admin)).body).toEqual({ schools: [{ id: school, name: 'Musikschule Neuburg', role: 'admin' }] });
    expect((await h.call('GET', '/api/schools/mine', teacher)).body).toEqual({ schools: [{ id: school, name: 'Musikschule Neuburg', role: 'teacher' }] });
    expect((await h.call('GET', '/api/schools/mine', student)).body).toEqual({ schools: [] });
    expect((await h.call('GET', '/api/schools/mine', stranger)).body).toEqual({ schools: [] });
    expect((await h.call('GET', '/api/schools/mine')).status).toBe(401);
  });
});

describe('administrators', () => {
  it('an administrator adds another teacher’s account; teachers read; refusals in German', async () => {
    const colleague = h.accounts.account('teacher', institution, 'Anna Amt');
    expect(await h.call('POST', `/api/schools/${school}/admins`, teacher, { email: colleague.email })).toEqual({
      status: 403,
      body: { detail: 'Nur die Schulverwaltung darf das ändern.' },
    });
    expect(await h.call('POST', `/api/schools/${school}/admins`, admin, {})).toEqual({
      status: 400,
      body: { detail: 'Bitte gib die E-Mail-Adresse eines Lehrkraftkontos ein.' },
    });
    expect(await h.call('POST', `/api/schools/${school}/admins`, admin, { email: student.email })).toEqual({
      status: 400,
      body: { detail: `Zu „${student.email}“ gibt es kein Lehrkraftkonto.` },
    });
    const added = await h.call('POST', `/api/schools/${school}/admins`, admin, { email: colleague.email });
    expect(added).toEqual({
      status: 201,
      body: { admin: { user_id: colleague.userId, name: 'Anna Amt', email: colleague.email }, message: 'Zur Schulverwaltung hinzugefügt' },
    });
    const list = await h.call('GET', `/api/schools/${school}/admins`, teacher);
    expect(list.body.admins.map((a: Json) => a.name)).toEqual(['Anna Amt', 'Olga Office']);
    expect((await h.call('GET', '/api/schools/mine', colleague)).body.schools[0].role).toBe('admin');
  });
});

let main: Json;
let north: Json;

describe('sites and travel', () => {
  it('creates, lists, renames sites; refuses bad input and a taken name', async () => {
    const created = await h.call('POST', `/api/schools/${school}/sites`, admin, { name: ' Hauptstelle ', address: 'Marktplatz 1, 86633 Neuburg' });
    expect(created.status).toBe(201);
    main = created.body.site;
    expect(main).toEqual({ id: expect.any(String), name: 'Hauptstelle', address: 'Marktplatz 1, 86633 Neuburg' });
    north = (await h.call('POST', `/api/schools/${school}/sites`, admin, { name: 'Grundschule Nord' })).body.site;
    expect(north.address).toBe('');
    expect((await h.call('GET', `/api/schools/${school}/sites`, teacher)).body.sites.map((s: Json) => s.name)).toEqual(['Grundschule Nord', 'Hauptstelle']);

    const refusals: [unknown, number, string][] = [
      [{}, 400, 'Bitte gib einen Namen für den Standort ein (höchstens 100 Zeichen).'],
      [{ name: '   ' }, 400, 'Bitte gib einen Namen für den Standort ein (höchstens 100 Zeichen).'],
      [{ name: 'x'.repeat(101) }, 400, 'Bitte gib einen Namen für den Standort ein (höchstens 100 Zeichen).'],
      [{ name: 'A', address: 'x'.repeat(301) }, 400, 'Die Adresse darf höchstens 300 Zeichen lang sein.'],
      [{ name: 'A', address: 5 }, 400, 'Die Adresse darf höchstens 300 Zeichen lang sein.'],
      ['[1]', 400, 'Bitte gib einen Namen für den Standort ein (höchstens 100 Zeichen).'],
      [{ name: 'Hauptstelle' }, 409, 'Einen Standort „Hauptstelle“ gibt es schon.'],
    ];
    for (const [body, status, detail] of refusals)
      expect(await h.call('POST', `/api/schools/${school}/sites`, admin, body)).toEqual({ status, body: { detail } });

    const renamed = await h.call('PUT', `/api/schools/${school}/sites/${north.id}`, admin, { name: 'GS Nord', address: 'Nordweg 2' });
    expect(renamed).toEqual({ status: 200, body: { site: { id: north.id, name: 'GS Nord', address: 'Nordweg 2' } } });
    expect((await h.call('PUT', `/api/schools/${school}/sites/${north.id}`, admin, { name: 'Hauptstelle' })).status).toBe(409);
    expect(await h.call('PUT', `/api/schools/${school}/sites/${crypto.randomUUID()}`, admin, { name: 'X' })).toEqual({
      status: 404,
      body: { detail: 'Standort nicht gefunden.' },
    });
    expect((await h.call('PUT', `/api/schools/${school}/sites/${north.id}`, teacher, { name: 'X' })).status).toBe(403);
  });

  it('keeps travel minutes symmetric, each pair once; a missing pair counts as 30', async () => {
    expect((await h.call('GET', `/api/schools/${school}/travel`, teacher)).body).toEqual({ travel: [], default_minutes: 30 });
    const saved = await h.call('PUT', `/api/schools/${school}/travel`, admin, { travel: [{ from: north.id, to: main.id, minutes: 25 }] });
    const [a, b] = [main.id, north.id].sort();
    expect(saved).toEqual({ status: 200, body: { travel: [{ from: a, to: b, minutes: 25 }], default_minutes: 30 } });
    expect((await h.call('GET', `/api/schools/${school}/travel`, teacher)).body.travel).toEqual([{ from: a, to: b, minutes: 25 }]);

    const unknown = crypto.randomUUID();
    const refusals: [unknown, string][] = [
      [{}, 'Die Fahrzeiten müssen als Liste von Einträgen { from, to, minutes } angegeben werden.'],
      [{ travel: 'x' }, 'Die Fahrzeiten müssen als Liste von Einträgen { from, to, minutes } angegeben werden.'],
      [{ travel: [{ from: main.id, to: unknown, minutes: 10 }] }, `Unbekannter Standort in den Fahrzeiten: „${unknown}“.`],
      [{ travel: [{ from: main.id, to: main.id, minutes: 10 }] }, 'Eine Fahrzeit verbindet zwei verschiedene Standorte.'],
      [{ travel: [{ from: main.id, to: north.id, minutes: 241 }] }, 'Eine Fahrzeit muss eine ganze Zahl von 0 bis 240 Minuten sein.'],
      [{ travel: [{ from: main.id, to: north.id, minutes: 2.5 }] }, 'Eine Fahrzeit muss eine ganze Zahl von 0 bis 240 Minuten sein.'],
      [{ travel: [{ from: main.id, to: north.id, minutes: '5' }] }, 'Eine Fahrzeit muss eine ganze Zahl von 0 bis 240 Minuten sein.'],
      [
        {
          travel: [
            { from: main.id, to: north.id, minutes: 5 },
            { from: north.id, to: main.id, minutes: 5 },
          ],
        },
        'Die Fahrzeit zwischen zwei Standorten darf nur einmal angegeben werden.',
      ],
    ];
    for (const [body, detail] of refusals) expect(await h.call('PUT', `/api/schools/${school}/travel`, admin, body)).toEqual({ status: 400, body: { detail } });
    expect((await h.call('PUT', `/api/schools/${school}/travel`, teacher, { travel: [] })).status).toBe(403);
    // Nothing saved is lost by a refusal.
    expect((await h.call('GET', `/api/schools/${school}/travel`, admin)).body.travel).toEqual([{ from: a, to: b, minutes: 25 }]);
  });
});

describe('rooms', () => {
  let room: Json;

  it('creates rooms with equipment, capacity and times; teachers read them', async () => {
    const created = await h.call('POST', `/api/schools/${school}/rooms`, admin, {
      name: 'Raum 1.01',
      site_id: main.id,
      equipment: ['grand_piano', 'Notenständer', 'grand_piano'],
      capacity: 3,
    });
    expect(created.status).toBe(201);
    room = created.body.room;
    expect(room).toEqual({
      id: expect.any(String),
      name: 'Raum 1.01',
      site_id: main.id,
      equipment: ['grand_piano', 'Notenständer', 'piano'],
      capacity: 3,
      times: null,
    });
    const partner = await h.call('POST', `/api/schools/${school}/rooms`, admin, {
      name: 'Musikraum',
      site_id: north.id,
      times: { '0': ['14.00', '14.15', '14.00'], '1': null },
    });
    expect(partner.body.room).toMatchObject({ equipment: [], capacity: 1, times: { '0': ['14.00', '14.15'] } });
    const list = await h.call('GET', `/api/schools/${school}/rooms`, teacher);
    expect(list.body.rooms.map((r: Json) => r.name)).toEqual(['Musikraum', 'Raum 1.01']);
    const equipment = await h.call('GET', `/api/schools/${school}/equipment`, teacher);
    expect(equipment.body.equipment[0]).toEqual({ tag: 'grand_piano', label: 'Flügel', own: false });
    expect(equipment.body.equipment.at(-1)).toEqual({ tag: 'Notenständer', label: 'Notenständer', own: true });
    expect(equipment.body.equipment.map((e: Json) => e.label)).toEqual([
      'Flügel',
      'Klavier',
      'Flügel oder Klavier',
      'Orgel',
      'Cembalo',
      'Schlagzeug',
      'Harfe',
      'Verstärker',
      'Notenständer',
    ]);
  });

  it('refuses bad rooms in German', async () => {
    const ok = { name: 'R', site_id: main.id };
    const refusals: [unknown, number, string][] = [
      [{ site_id: main.id }, 400, 'Bitte gib einen Namen für den Raum ein (höchstens 100 Zeichen).'],
      [{ ...ok, name: ' ' }, 400, 'Bitte gib einen Namen für den Raum ein (höchstens 100 Zeichen).'],
      [{ name: 'R' }, 400, 'Bitte wähle einen Standort der Schule für den Raum.'],
      [{ ...ok, site_id: crypto.randomUUID() }, 400, 'Bitte wähle einen Standort der Schule für den Raum.'],
      [{ ...ok, equipment: 'grand_piano' }, 400, 'Die Ausstattung muss als Liste von Merkmalen angegeben werden (höchstens 20).'],
      [{ ...ok, equipment: ['x'.repeat(41)] }, 400, `Ungültiges Ausstattungsmerkmal: „${'x'.repeat(40)}“ (1 bis 40 Zeichen).`],
      [{ ...ok, equipment: [3] }, 400, 'Ungültiges Ausstattungsmerkmal: „3“ (1 bis 40 Zeichen).'],
      [
        { ...ok, equipment: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        400,
        'Die Ausstattung muss als Liste von Merkmalen angegeben werden (höchstens 20).',
      ],
      [{ ...ok, capacity: 0 }, 400, 'Die Kapazität muss eine ganze Zahl von 1 bis 1000 sein.'],
      [{ ...ok, capacity: 1.5 }, 400, 'Die Kapazität muss eine ganze Zahl von 1 bis 1000 sein.'],
      [{ ...ok, capacity: 'viel' }, 400, 'Die Kapazität muss eine ganze Zahl von 1 bis 1000 sein.'],
      [{ ...ok, times: [] }, 400, 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'],
      [{ ...ok, times: { '7': ['9.00'] } }, 400, 'Ungültiger Wochentag: "7"'],
      [{ ...ok, times: { '0': ['9.10'] } }, 400, 'Ungültige Zeitangabe: "9.10"'],
      [{ name: 'Raum 1.01', site_id: main.id }, 409, 'Einen Raum „Raum 1.01“ gibt es an diesem Standort schon.'],
    ];
    for (const [body, status, detail] of refusals)
      expect(await h.call('POST', `/api/schools/${school}/rooms`, admin, body), JSON.stringify(body)).toEqual({ status, body: { detail } });
    expect((await h.call('POST', `/api/schools/${school}/rooms`, teacher, ok)).status).toBe(403);
  });

  it('updates a room; a site with rooms is not deleted (409), one without is', async () => {
    const updated = await h.call('PUT', `/api/schools/${school}/rooms/${room.id}`, admin, {
      name: 'Raum 1.01',
      site_id: main.id,
      equipment: ['organ'],
      capacity: 10,
      times: null,
    });
    expect(updated).toEqual({ status: 200, body: { room: { ...room, equipment: ['organ'], capacity: 10 } } });
    expect((await h.call('PUT', `/api/schools/${school}/rooms/${crypto.randomUUID()}`, admin, { name: 'x', site_id: main.id })).body).toEqual({
      detail: 'Raum nicht gefunden.',
    });
    expect(await h.call('DELETE', `/api/schools/${school}/sites/${main.id}`, admin)).toEqual({
      status: 409,
      body: { detail: 'Der Standort „Hauptstelle“ hat noch einen Raum. Lösche zuerst die Räume oder ordne sie einem anderen Standort zu.' },
    });
    expect((await h.call('DELETE', `/api/schools/${school}/rooms/${room.id}`, teacher)).status).toBe(403);
    expect(await h.call('DELETE', `/api/schools/${school}/rooms/${room.id}`, admin)).toEqual({ status: 200, body: { message: 'Raum gelöscht' } });
    expect((await h.call('DELETE', `/api/schools/${school}/rooms/${room.id}`, admin)).status).toBe(404);
    expect(await h.call('DELETE', `/api/schools/${school}/sites/${main.id}`, admin)).toEqual({ status: 200, body: { message: 'Standort gelöscht' } });
    // Its travel times went with it.
    expect((await h.call('GET', `/api/schools/${school}/travel`, admin)).body.travel).toEqual([]);
  });
});

describe('who sees what', () => {
  it('answers 404 on every school route to another institution’s teacher, a student and an unknown school', async () => {
    const site = (await h.call('POST', `/api/schools/${school}/sites`, admin, { name: 'Zweigstelle' })).body.site;
    const room = (await h.call('POST', `/api/schools/${school}/rooms`, admin, { name: 'Z1', site_id: site.id })).body.room;
    const routes = (id: string): [string, string, unknown?][] => [
      ['GET', `/api/schools/${id}/admins`],
      ['POST', `/api/schools/${id}/admins`, { email: stranger.email }],
      ['GET', `/api/schools/${id}/sites`],
      ['POST', `/api/schools/${id}/sites`, { name: 'X' }],
      ['PUT', `/api/schools/${id}/sites/${site.id}`, { name: 'X' }],
      ['DELETE', `/api/schools/${id}/sites/${site.id}`],
      ['GET', `/api/schools/${id}/travel`],
      ['PUT', `/api/schools/${id}/travel`, { travel: [] }],
      ['GET', `/api/schools/${id}/equipment`],
      ['GET', `/api/schools/${id}/rooms`],
      ['POST', `/api/schools/${id}/rooms`, { name: 'X', site_id: site.id }],
      ['PUT', `/api/schools/${id}/rooms/${room.id}`, { name: 'X', site_id: site.id }],
      ['DELETE', `/api/schools/${id}/rooms/${room.id}`],
    ];
    for (const who of [stranger, student]) {
      for (const [method, path, body] of routes(school)) {
        expect(await h.call(method, path, who, body), `${method} ${path}`).toEqual({ status: 404, body: { detail: 'Schule nicht gefunden.' } });
      }
    }
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      for (const [method, path, body] of routes(id)) expect((await h.call(method, path, admin, body)).status, `${method} ${path}`).toBe(404);
    }
    for (const [method, path, body] of routes(school)) expect((await h.call(method, path, undefined, body)).status).toBe(401);
    // Nothing changed.
    expect((await h.call('GET', `/api/schools/${school}/rooms`, admin)).body.rooms.map((r: Json) => r.name)).toEqual(['Musikraum', 'Z1']);
    expect((await h.call('GET', `/api/schools/${school}/sites`, admin)).body.sites.map((s: Json) => s.name)).toEqual(['GS Nord', 'Zweigstelle']);
  });
});
