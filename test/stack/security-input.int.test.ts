import { pathSpellings, rawRequest } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RATE_RULES } from '../../gateway/src/rate-limits.js';
import { Client, signUp, startTestStack, uniqueEmail } from './helpers.js';

/**
 * Bad input and limit evasion against the whole running product: control
 * characters and deep JSON are a German 400, answers given before an upload is read reach the
 * client intact, and no spelling of a limited path reaches its handler uncounted.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let teacher: Client;
let student: Client;
let classId = '';

beforeAll(async () => {
  stack = await startTestStack(inject('databaseUrl'), { port: 21180, portOffset: 13100 });
  teacher = await signUp(stack.base, { name: 'Clara Schumann', email: uniqueEmail('input.t'), role: 'teacher' });
  student = await signUp(stack.base, { name: 'Johannes Brahms', email: uniqueEmail('input.s'), role: 'student' });
  const cls = await teacher.post<{ class_id: string }>('/api/classes', { name: 'Eingaben', description: null, is_group: false, register_shortcut: '' });
  classId = cls.body.class_id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const CONTROL = { detail: 'Ungültige Zeichen in der Anfrage.' };
const TOO_DEEP = { detail: 'Die Anfrage ist zu tief verschachtelt (höchstens 64 Ebenen).' };

async function send(who: Client | undefined, method: string, path: string, body: string, base = stack.base) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: stack.base };
  if (who?.cookie) headers.Cookie = who.cookie;
  return rawRequest(base, { method, path, body, headers });
}

describe('control characters are a 400 with a German detail', () => {
  it('in the login e-mail, the register name, a class name, a schedule name and check-student-exists', async () => {
    const empty = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), []]));
    const cases: [Client | undefined, string, string, unknown][] = [
      [undefined, 'POST', '/api/auth/login', { email: 'a\u0000@example.org', password: 'Sicher123!' }],
      [
        undefined,
        'POST',
        '/api/auth/register',
        {
          email: uniqueEmail('nul'),
          password: 'Sicher123!',
          name: 'Anna\u0000',
          role_id: 1,
          institution_id: null,
          duration: 30,
          registerShortcut: null,
          memberId: null,
        },
      ],
      [teacher, 'POST', '/api/classes', { name: 'Klasse\u0000', description: null, is_group: false, register_shortcut: '' }],
      [teacher, 'PUT', `/api/classes/${classId}`, { name: 'Klasse\u001b', description: 'x' }],
      [teacher, 'POST', `/api/classes/${classId}/schedules`, { name: 'Plan\u0000', description: '', available_times: empty, class_id: classId }],
      [teacher, 'POST', '/api/check-student-exists', ['a@example.org', 'b\u0000@example.org']],
      [teacher, 'POST', '/api/check-student-exists', { emails: ['x\u007f@example.org'] }],
      [student, 'POST', '/api/students/join-class', { ['register\u0001shortcut']: 'a-b-c', duration: 30 }],
    ];
    for (const [who, method, path, body] of cases) {
      const res = await send(who, method, path, JSON.stringify(body));
      expect({ path, status: res.status, json: res.json }).toEqual({ path, status: 400, json: CONTROL });
    }
  });

  it('in the text fields of an upload form', async () => {
    const forms = [
      { path: '/api/extract-custom-csv', form: multipart('csv_file', 'liste.csv', 100, { column_mapping: '{"name":"Na\u0000me"}' }) },
      { path: '/api/send-schedule-to-students', form: multipart('pdf', 'plan.pdf', 100, { class_id: classId, message: 'Hallo\u0000' }) },
    ];
    for (const { path, form } of forms) {
      const res = await rawRequest(stack.base, {
        method: 'POST',
        path,
        body: form.body,
        headers: { 'Content-Type': form.type, Origin: stack.base, Cookie: teacher.cookie },
      });
      expect({ path, status: res.status, json: res.json }).toEqual({ path, status: 400, json: CONTROL });
    }
  });

  it('in a path or a query', async () => {
    for (const path of ['/api/auth/validate-register-shortcut/a%00b', `/api/schedules?class_id=${classId}%00`, '/api/get-institution-mail-endings/%1B']) {
      const res = await rawRequest(stack.base, { method: 'GET', path, headers: { Cookie: teacher.cookie } });
      expect({ path, status: res.status, json: res.json }).toEqual({ path, status: 400, json: CONTROL });
    }
  });

  it('also when a service is called directly, past the gateway', async () => {
    const res = await send(undefined, 'POST', '/api/auth/login', JSON.stringify({ email: 'a\u0000@example.org', password: 'x' }), stack.serviceBase.auth);
    expect({ status: res.status, json: res.json }).toEqual({ status: 400, json: CONTROL });
    const deep = await send(teacher, 'POST', '/api/classes', `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`, stack.serviceBase.classes);
    expect({ status: deep.status, json: deep.json }).toEqual({ status: 400, json: TOO_DEEP });
  });

  it('keeps tabs and line breaks in free texts', async () => {
    const res = await teacher.put(`/api/classes/${classId}`, { name: 'Eingaben', description: 'Zeile 1\nZeile 2\tmit Tab' });
    expect(res.status).toBe(200);
  });
});

describe('JSON nested 5000 deep is a 400, not a 502', () => {
  it.each(['/api/auth/login', '/api/auth/register', '/api/classes', '/api/check-student-exists'])('%s', async (path) => {
    const res = await send(teacher, 'POST', path, `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect({ status: res.status, json: res.json }).toEqual({ status: 400, json: TOO_DEEP });
  });
});

/** A real multipart upload of about `size` bytes with one file field. */
function multipart(field: string, filename: string, size: number, extra: Record<string, string> = {}) {
  const boundary = '----sp-test-boundary';
  const parts = Object.entries(extra).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size, 'a'), Buffer.from(tail)]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe('an answer given before an upload is read reaches the client intact (20 tries each)', () => {
  const uploads: { path: string; field: string; filename: string; extra: Record<string, string> }[] = [
    { path: '/api/extract-hmtm-csv', field: 'csv_file', filename: 'liste.csv', extra: {} },
    { path: '/api/extract-custom-csv', field: 'csv_file', filename: 'liste.csv', extra: { column_mapping: '{"name":"Name"}' } },
    { path: '/api/send-schedule-to-students', field: 'pdf', filename: 'plan.pdf', extra: { class_id: '00000000-0000-4000-8000-000000000000' } },
  ];
  const cases = [
    { who: 'without a session', cookie: () => '', size: 4 * 1024 * 1024, status: 401, detail: 'Nicht angemeldet' },
    { who: 'as a student', cookie: () => student.cookie, size: 4 * 1024 * 1024, status: 403, detail: 'Du hast keine Berechtigung für diese Aktion' },
    { who: 'over the size limit', cookie: () => teacher.cookie, size: 6 * 1024 * 1024, status: 413, detail: 'Die Datei ist zu groß (maximal 5 MB).' },
  ];
  for (const u of uploads) {
    it.each(cases)(`${u.path} $who: $status`, async ({ cookie, size, status, detail }) => {
      const { body, type } = multipart(u.field, u.filename, size, u.extra);
      for (let i = 0; i < 20; i++) {
        const headers: Record<string, string> = { 'Content-Type': type, Origin: stack.base };
        if (cookie()) headers.Cookie = cookie();
        const res = await rawRequest(stack.base, { method: 'POST', path: u.path, body, headers });
        expect({ try: i, status: res.status, json: res.json, uploadError: res.uploadError }).toEqual({
          try: i,
          status,
          json: { detail },
          uploadError: undefined,
        });
      }
    });
  }
});

describe('no spelling of a limited path reaches its handler uncounted', () => {
  // A rule for a family of paths (the calendar links) names an example path and its method.
  const limited = RATE_RULES.map(
    (r) =>
      [
        r.name,
        r.example ??
          r.path.source
            .replace(/^\^/, '')
            .replace(/(\\\/\?)?\$$/, '')
            .replace(/\\\//g, '/'),
        r.method ?? 'POST',
      ] as const,
  );

  it('covers every limit named in the SPEC and the README', () => {
    expect(limited.map(([, p]) => p)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/resend-confirmation', '/api/auth/register', '/api/auth/forgot-password', '/api/contact']),
    );
  });

  let ip = 0;
  it.each(limited)('%s (%s %s): once the limit is used up, every spelling is 429 or an unknown path', async (name, path, method) => {
    // A client address of its own (the gateway trusts the loopback proxy's X-Forwarded-For).
    const headers = { 'Content-Type': 'application/json', Origin: stack.base, 'X-Forwarded-For': `198.18.${++ip}.1` };
    const body = method === 'GET' ? undefined : JSON.stringify({ email: uniqueEmail('limit'), password: 'Falsch123!' });
    let used = 0;
    for (; used < 200; used++) {
      const res = await rawRequest(stack.base, { method, path, body, headers });
      if (res.status === 429) break;
    }
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThan(200);
    const answers: string[] = [];
    for (const v of pathSpellings(path)) {
      const res = await rawRequest(stack.base, { method, path: v.path, body, headers });
      answers.push(`${v.path} ${res.status} ${(res.json as { detail?: string } | undefined)?.detail ?? ''}`);
      const family = RATE_RULES.find((r) => r.name === name)!.path; // a rule over a family of paths shares one counter
      if (v.same || family.test(v.path)) expect(res.status, v.path).toBe(429);
      else if (method === 'GET' && !v.path.startsWith('/api/'))
        expect(res.status, v.path).toBeLessThan(500); // the web app's page, no service
      else {
        expect([400, 404], v.path).toContain(res.status);
        expect((res.json as { detail: string }).detail, v.path).toMatch(
          /^(Diese Schnittstelle gibt es nicht\.|Ungültige Zeichen in der Anfrage\.|Ungültige Anfrage)$/,
        );
      }
    }
    expect(answers.length).toBe(pathSpellings(path).length);
  });
});
