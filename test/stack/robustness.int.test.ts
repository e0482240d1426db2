import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, signUp, startTestStack, uniqueEmail } from './helpers.js';

/**
 * Bad input never crashes anything: every docs/product/api.md call, sent malformed bodies by a teacher, a
 * student and an anonymous caller, answers with a status below 500 and a JSON `detail` (no stack).
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let teacher: Client;
let student: Client;
let classId = '';
let memberId = '';
let scheduleId = '';

beforeAll(async () => {
  stack = await startTestStack(inject('databaseUrl'), { port: 20280, portOffset: 14200 });
  teacher = await signUp(stack.base, { name: 'Clara Schumann', email: uniqueEmail('robust.t'), role: 'teacher' });
  student = await signUp(stack.base, { name: 'Johannes Brahms', email: uniqueEmail('robust.s'), role: 'student' });
  const cls = await teacher.post<{ class_id: string; register_shortcut: string }>('/api/classes', {
    name: 'Robustheit',
    description: null,
    is_group: false,
    register_shortcut: '',
  });
  classId = cls.body.class_id;
  expect((await student.post('/api/students/join-class', { register_shortcut: cls.body.register_shortcut, duration: 30 })).status).toBe(200);
  const members = await teacher.get<{ members?: { member_id: string }[] } | { member_id: string }[]>(`/api/classes/${classId}/members`);
  memberId = (Array.isArray(members.body) ? members.body : (members.body.members ?? []))[0]!.member_id;
  const empty = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), []]));
  const saved = await teacher.post<{ id: string }>(`/api/classes/${classId}/schedules`, {
    name: 'Plan',
    description: '',
    available_times: empty,
    class_id: classId,
  });
  scheduleId = saved.body.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('malformed input at every call', () => {
  it('answers every malformed request with a 4xx JSON detail and never 5xx', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/me'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/resend-confirmation'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/forgot-password'],
      ['POST', '/api/auth/update-password'],
      ['POST', '/api/auth/confirm-email'],
      ['GET', '/api/auth/validate-register-shortcut/%ZZ'],
      ['GET', '/api/auth/validate-member-id?member_id[]=x&class_id=%ZZ'],
      ['GET', '/api/get-institution-mail-endings/%ZZ'],
      ['GET', '/api/profile'],
      ['POST', '/api/contact'],
      ['POST', '/api/classes'],
      ['PUT', `/api/classes/${classId}`],
      ['PUT', '/api/classes/%ZZ'],
      ['POST', `/api/classes/${classId}/members/new`],
      ['POST', `/api/classes/${classId}/members`],
      ['PUT', `/api/classes/${classId}/members/${memberId}/update`],
      ['PUT', `/api/classes/${classId}/members/not-a-uuid/update`],
      ['POST', `/api/classes/${classId}/invite-student`],
      ['PUT', `/api/classes/${classId}/semester`],
      ['GET', '/api/classes/%ZZ/semester'],
      ['GET', '/api/classes/%ZZ/lessons'],
      ['GET', '/api/me/lessons?x[]=1'],
      ['POST', '/api/search-students'],
      ['POST', '/api/check-student-exists'],
      ['POST', '/api/students/join-class'],
      ['POST', '/api/students/verify-class'],
      ['DELETE', '/api/students/leave-class/%ZZ'],
      ['PUT', '/api/me/available-times'],
      ['PUT', `/api/classes/${classId}/available-times`],
      ['GET', '/api/classes/%ZZ/time-range'],
      ['POST', `/api/classes/${classId}/time-range/extended`],
      ['PUT', `/api/classes/${classId}/time-range`],
      ['GET', '/api/schedules?class_id[]=1'],
      ['GET', '/api/schedules/%ZZ'],
      ['POST', `/api/classes/${classId}/schedules`],
      ['POST', `/api/classes/${classId}/schedules/${scheduleId}`],
      ['POST', '/api/cp-sat-berechnung-from-db'],
      ['POST', '/api/export-pdf-alternative'],
      ['POST', '/api/send-schedule-to-students'],
      ['POST', '/api/extract-hmtm-csv'],
      ['POST', '/api/extract-custom-csv'],
    ];
    const long = 'x'.repeat(100_000);
    const bodies: { body: string; type: string }[] = [
      { body: '{kein json', type: 'application/json' },
      { body: 'null', type: 'application/json' },
      { body: '[]', type: 'application/json' },
      { body: '"x"', type: 'application/json' },
      {
        type: 'application/json',
        body: JSON.stringify({
          name: 123,
          email: [],
          password: {},
          duration: 'abc',
          available_times: 'x',
          students: 'x',
          query_string: 5,
          register_shortcut: 7,
          class_id: {},
          member_id: [],
          token: 1,
          wiggleRoom: 'x',
          selectedClass: 5,
          timePreferences: 'x',
          schedule: 'x',
          timeRange: 3,
          studentsList: 'y',
          extraMinutes: 'x',
          mode: 1,
          time_range: 'x',
          type: 9,
          subject: [],
          message: {},
        }),
      },
      {
        type: 'application/json',
        body: JSON.stringify({
          name: long,
          email: long,
          password: long,
          description: long,
          query_string: long,
          message: long,
          students: [{ name: long, email: long, duration: long }],
          available_times: { 0: [long] },
        }),
      },
      {
        type: 'application/json',
        body: JSON.stringify({
          available_times: { 0: null, 1: [null], 7: ['9.00'], x: 'y' },
          students: [null, 1, 'x', { student_id: null }],
          time_range: { 0: [1, 2] },
          mode: 'custom',
          schedule: { Montag: null },
          timeRange: { start: 'a', end: null },
          studentsList: [null],
          selectedClass: classId,
          timePreferences: { a: null },
        }),
      },
      {
        type: 'application/json',
        body: JSON.stringify({ first_day: {}, last_day: [], state: null, breaks: [null, { from: 1, to: '2027-13-01', label: {} }] }),
      },
      {
        type: 'application/json',
        body: JSON.stringify({ first_day: '0001-01-01', last_day: '9999-12-31', state: '__proto__', breaks: { length: 5 } }),
      },
      { body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', type: 'application/json' },
      {
        body: '--b\r\nContent-Disposition: form-data; name="csv_file"; filename="a.csv"\r\n\r\n\u0000\u0001\u0002\r\n--b--\r\n',
        type: 'multipart/form-data; boundary=b',
      },
      { body: 'garbage', type: 'multipart/form-data' },
      { body: 'a=1', type: 'application/x-www-form-urlencoded' },
    ];
    const failures: string[] = [];
    let sent = 0;
    for (const [who, cookie] of [
      ['teacher', teacher.cookie],
      ['student', student.cookie],
      ['anonymous', ''],
    ] as const) {
      for (const [method, path] of calls) {
        for (const b of method === 'GET' || method === 'DELETE' ? [undefined] : bodies) {
          const headers: Record<string, string> = { Accept: 'application/json', Origin: stack.base };
          if (cookie) headers.Cookie = cookie;
          if (b) headers['Content-Type'] = b.type;
          const res = await fetch(`${stack.base}${path}`, { method, headers, body: b?.body });
          const text = await res.text();
          sent++;
          const json = (res.headers.get('content-type') ?? '').includes('json');
          if (res.status >= 500 || (res.status >= 400 && !json) || /\bat .+\.(js|ts):\d+/.test(text)) {
            failures.push(`${who} ${method} ${path} ${b ? b.body.slice(0, 40) : ''} -> ${res.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 180_000);
});
