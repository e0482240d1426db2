import { randomUUID } from 'node:crypto';
import { callUnary } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { classesV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClass, startHarness, type Actor, type Harness } from './helpers.js';

/** GET/PUT/DELETE /api/classes/{classId}/semester and gRPC ListSemesters. */

let h: Harness;
let teacher: Actor;
let otherTeacher: Actor;
let student: Actor;
let client: classesV1.ClassesServiceClient;

beforeAll(async () => {
  h = await startHarness({ availability: false });
  client = testServiceClient(classesV1.ClassesServiceClient, `127.0.0.1:${h.svc.grpcPort}`, 'classes');
  teacher = await h.teacher();
  otherTeacher = await h.teacher();
  student = await h.student();
});
afterAll(async () => {
  client?.close();
  await h?.stop();
});

const path = (classId: string) => `/api/classes/${classId}/semester`;
const none = { first_day: null, last_day: null, state: null, breaks: [], holidays: [] };
const winter = { first_day: '2027-01-04', last_day: '2027-01-15', state: 'BY', breaks: [] };
const listSemesters = (classIds: string[]) => callUnary(client.listSemesters.bind(client), client, { classIds });

describe('class semester', () => {
  it('a class has none; the teacher sets it and reads it with the public holidays of the state; changes and removes it', async () => {
    const c = await createClass(h, teacher, 'Semester Klavier');
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual(none);

    const set = await h.call('PUT', path(c.class_id), teacher, winter);
    expect(set.status).toBe(200);
    const bavaria = { ...winter, holidays: [{ date: '2027-01-06', name: 'Heilige Drei Könige' }] };
    expect(set.body).toEqual({ ...bavaria, message: 'Semester gespeichert' });
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual(bavaria);

    // Berlin has no holiday in these two weeks; a break with its label (trimmed), breaks left out = none.
    const berlin = { ...winter, state: 'BE', breaks: [{ from: '2027-01-11', to: '2027-01-15', label: '  Prüfungswoche ' }] };
    expect((await h.call('PUT', path(c.class_id), teacher, berlin)).body).toMatchObject({
      state: 'BE',
      holidays: [],
      breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }],
    });
    const { breaks: _omitted, ...withoutBreaks } = winter;
    expect((await h.call('PUT', path(c.class_id), teacher, withoutBreaks)).body).toMatchObject({ state: 'BY', breaks: [] });

    const removed = await h.call('DELETE', path(c.class_id), teacher);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Semester entfernt' });
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual(none);
    // Removing again is no error.
    expect((await h.call('DELETE', path(c.class_id), teacher)).status).toBe(200);
  });

  it('refuses bad input of every field with 400 and a German detail, changing nothing', async () => {
    const c = await createClass(h, teacher, 'Semester Geige');
    const saved = { ...winter, breaks: [{ from: '2027-01-11', to: '2027-01-12', label: 'Ferien' }] };
    await h.call('PUT', path(c.class_id), teacher, saved);
    const before = await h.sql('SELECT updated_at FROM class_semesters WHERE class_id = $1', [c.class_id]);
    expect(before).toHaveLength(1);
    const brk = (b: unknown) => ({ ...winter, breaks: [b] });
    const cases: [unknown, string][] = [
      [[], 'Ungültige Anfrage'],
      [{ ...winter, first_day: undefined }, 'Der erste Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, first_day: '04.01.2027' }, 'Der erste Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, first_day: '2027-02-30' }, 'Der erste Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, first_day: 20270104 }, 'Der erste Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, last_day: '2027-1-15' }, 'Der letzte Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, last_day: null }, 'Der letzte Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, first_day: '2027-01-16' }, 'Der erste Tag des Semesters darf nicht nach dem letzten Tag liegen.'],
      [{ ...winter, last_day: '2028-02-08' }, 'Ein Semester darf höchstens 400 Tage lang sein.'],
      [{ ...winter, state: 'XY' }, 'Bitte wähle ein Bundesland: BW, BY, BE, BB, HB, HH, HE, MV, NI, NW, RP, SL, SN, ST, SH, TH.'],
      [{ ...winter, state: 'by' }, 'Bitte wähle ein Bundesland: BW, BY, BE, BB, HB, HH, HE, MV, NI, NW, RP, SL, SN, ST, SH, TH.'],
      [{ ...winter, state: undefined }, 'Bitte wähle ein Bundesland: BW, BY, BE, BB, HB, HH, HE, MV, NI, NW, RP, SL, SN, ST, SH, TH.'],
      [{ ...winter, breaks: 'Ferien' }, 'Die Ferien müssen eine Liste von Zeiträumen mit from, to und label sein.'],
      [brk('2027-01-11'), 'Die Ferien müssen eine Liste von Zeiträumen mit from, to und label sein.'],
      [brk({ from: '2027-01-11', to: '15.01.2027', label: 'Ferien' }), 'Beginn und Ende der Ferien müssen gültige Daten im Format JJJJ-MM-TT sein.'],
      [brk({ to: '2027-01-12', label: 'Ferien' }), 'Beginn und Ende der Ferien müssen gültige Daten im Format JJJJ-MM-TT sein.'],
      [brk({ from: '2027-01-11', to: '2027-01-12', label: ' ' }), 'Bitte gib jedem Ferienzeitraum eine Bezeichnung (höchstens 100 Zeichen).'],
      [brk({ from: '2027-01-11', to: '2027-01-12', label: 'x'.repeat(101) }), 'Bitte gib jedem Ferienzeitraum eine Bezeichnung (höchstens 100 Zeichen).'],
      [brk({ from: '2027-01-11', to: '2027-01-12', label: 'a\nb' }), 'Bitte gib jedem Ferienzeitraum eine Bezeichnung (höchstens 100 Zeichen).'],
      [brk({ from: '2027-01-11', to: '2027-01-12' }), 'Bitte gib jedem Ferienzeitraum eine Bezeichnung (höchstens 100 Zeichen).'],
      [brk({ from: '2027-01-12', to: '2027-01-11', label: 'Ferien' }), 'Die Ferien „Ferien“ dürfen nicht nach ihrem Ende beginnen.'],
      [brk({ from: '2027-01-01', to: '2027-01-05', label: 'Neujahr' }), 'Die Ferien „Neujahr“ müssen innerhalb des Semesters liegen.'],
      [brk({ from: '2027-01-14', to: '2027-01-16', label: 'Ski' }), 'Die Ferien „Ski“ müssen innerhalb des Semesters liegen.'],
      [
        { ...winter, breaks: Array.from({ length: 31 }, () => ({ from: '2027-01-05', to: '2027-01-05', label: 'Tag' })) },
        'Ein Semester darf höchstens 30 Ferienzeiträume haben.',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await h.call('PUT', path(c.class_id), teacher, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail, JSON.stringify(body)).toBe(detail);
    }
    // None of them changed the saved semester.
    expect((await h.call('GET', path(c.class_id), teacher)).body).toMatchObject(saved);
    expect(await h.sql('SELECT updated_at FROM class_semesters WHERE class_id = $1', [c.class_id])).toEqual(before);
    // 400 days exactly is allowed (both ends count), then the original is put back.
    expect((await h.call('PUT', path(c.class_id), teacher, { ...winter, last_day: '2028-02-07' })).status).toBe(200);
    await h.call('PUT', path(c.class_id), teacher, saved);
    expect((await h.call('GET', path(c.class_id), teacher)).body).toMatchObject(saved);
  });

  it('refuses wrong types, huge values and control characters by field, saving nothing', async () => {
    const c = await createClass(h, teacher, 'Semester Bratsche');
    const brk = (b: unknown) => ({ ...winter, breaks: [b] });
    const huge = 'x'.repeat(100_000);
    const cases: [unknown, string][] = [
      [{ ...winter, last_day: ['2027-01-15'] }, 'Der letzte Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, first_day: huge }, 'Der erste Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...winter, state: 7 }, 'Bitte wähle ein Bundesland: BW, BY, BE, BB, HB, HH, HE, MV, NI, NW, RP, SL, SN, ST, SH, TH.'],
      [{ ...winter, breaks: null }, 'Die Ferien müssen eine Liste von Zeiträumen mit from, to und label sein.'],
      [brk(null), 'Die Ferien müssen eine Liste von Zeiträumen mit from, to und label sein.'],
      [brk({ from: 20270111, to: '2027-01-12', label: 'Ferien' }), 'Beginn und Ende der Ferien müssen gültige Daten im Format JJJJ-MM-TT sein.'],
      [brk({ from: '2027-01-11', to: '2027-01-12', label: 7 }), 'Bitte gib jedem Ferienzeitraum eine Bezeichnung (höchstens 100 Zeichen).'],
      [brk({ from: '2027-01-11', to: '2027-01-12', label: huge }), 'Bitte gib jedem Ferienzeitraum eine Bezeichnung (höchstens 100 Zeichen).'],
      [brk({ from: '2027-01-11', to: '2027-01-12', label: 'Fe\u0000rien' }), 'Ungültige Zeichen in der Anfrage.'],
    ];
    for (const [body, detail] of cases) {
      const res = await h.call('PUT', path(c.class_id), teacher, body);
      expect({ status: res.status, detail: res.body.detail }, JSON.stringify(body).slice(0, 200)).toEqual({ status: 400, detail });
    }
    expect((await h.call('GET', path(c.class_id), teacher)).body).toEqual(none);
  });

  it('refuses another teacher (404), a student (403) and visitors (401), changing nothing', async () => {
    const c = await createClass(h, teacher, 'Semester Cello');
    await h.call('PUT', path(c.class_id), teacher, winter);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { ...winter, state: 'BE' } : undefined;
      const other = await h.call(method, path(c.class_id), otherTeacher, body);
      expect(other.status).toBe(404);
      expect(other.body.detail).toBe('Klasse/Kurs nicht gefunden');
      expect((await h.call(method, path(randomUUID()), teacher, body)).status).toBe(404);
      expect((await h.call(method, path('not-a-uuid'), teacher, body)).status).toBe(404);
      const st = await h.call(method, path(c.class_id), student, body);
      expect(st.status).toBe(403);
      expect(st.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
      expect((await h.call(method, path(c.class_id), null, body)).status).toBe(401);
    }
    expect((await h.call('GET', path(c.class_id), teacher)).body).toMatchObject({ state: 'BY', first_day: '2027-01-04' });
  });

  it('gRPC ListSemesters answers the classes that have one, with holidays; the semester goes with its class', async () => {
    const a = await createClass(h, teacher, 'Semester A');
    const b = await createClass(h, teacher, 'Semester B');
    await h.call('PUT', path(a.class_id), teacher, { ...winter, breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Pause' }] });
    const res = await listSemesters([a.class_id, b.class_id, 'not-a-uuid', randomUUID()]);
    expect(res.semesters).toEqual([
      {
        classId: a.class_id,
        firstDay: '2027-01-04',
        lastDay: '2027-01-15',
        state: 'BY',
        breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Pause' }],
        holidays: [{ date: '2027-01-06', name: 'Heilige Drei Könige' }],
      },
    ]);
    expect((await h.call('DELETE', `/api/classes/${a.class_id}`, teacher)).status).toBe(200);
    expect((await listSemesters([a.class_id])).semesters).toEqual([]);
  });
});
