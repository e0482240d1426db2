import { readFileSync } from 'node:fs';
import type { StartedService } from '@stundenplan/base';
import { startTestIssuer, TEST_SERVICE_TOKEN_KEY, type TestIssuer } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { start } from '../src/main.js';

/** Parsed JSON answers: loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let svc: StartedService<Config>;
let issuer: TestIssuer;
let base: string;
let teacherCookie: string;
let studentCookie: string;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function upload(path: string, opts: { cookie?: string; file?: Buffer; filename?: string; field?: string; mapping?: string } = {}) {
  const form = new FormData();
  if (opts.file) form.append(opts.field ?? 'csv_file', new Blob([new Uint8Array(opts.file)], { type: 'text/csv' }), opts.filename ?? 'liste.csv');
  if (opts.mapping !== undefined) form.append('column_mapping', opts.mapping);
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    body: form,
    headers: opts.cookie === undefined ? { cookie: teacherCookie } : opts.cookie ? { cookie: opts.cookie } : {},
  });
  const text = await res.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body };
}

beforeAll(async () => {
  issuer = await startTestIssuer();
  svc = await start({ PORT: '0', GRPC_PORT: '0', SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY, AUTH_JWKS_URL: issuer.jwksUrl, LOG_LEVEL: 'silent' });
  base = `http://127.0.0.1:${svc.httpPort}`;
  teacherCookie = await issuer.cookie({ role: 'teacher' });
  studentCookie = await issuer.cookie({ role: 'student' });
});
afterAll(async () => {
  await svc?.stop();
  await issuer?.close();
});

describe('POST /api/extract-hmtm-csv', () => {
  it('extracts the students of an eOffice export', async () => {
    const res = await upload('/api/extract-hmtm-csv', { file: fixture('hmtm-eoffice.csv'), filename: 'Teilnehmer.CSV' });
    expect(res.status).toBe(200);
    expect(res.body.studierende).toHaveLength(12);
    expect(res.body.studierende[1]).toEqual({
      row_id: 2,
      vorname: 'Jörg',
      nachname: 'Schäfer',
      email: 'joerg.schaefer@stud.hmtm.de',
      dauer: 45,
      name: 'Jörg Schäfer',
    });
    expect(res.body.message).toBe('12 Studierende erfolgreich extrahiert');
  });

  it('extracts Windows-1252 umlauts and mixed delimiters', async () => {
    const win = await upload('/api/extract-hmtm-csv', { file: fixture('hmtm-windows1252.csv') });
    expect(win.body.studierende.map((s: Json) => s.name)).toEqual(['Björn Jürgens', 'Käthe Weiß', 'Zoë Öztürk']);
    const mixed = await upload('/api/extract-hmtm-csv', { file: fixture('hmtm-mixed-delimiters.csv') });
    expect(mixed.status).toBe(200);
    expect(mixed.body.studierende).toHaveLength(4);
  });

  it.each([
    ['only a header', () => ({ file: fixture('hmtm-header-only.csv') }), 400, 'Keine Studierenden in der CSV-Datei gefunden'],
    ['an empty file', () => ({ file: Buffer.alloc(0) }), 400, 'CSV-Datei ist leer'],
    ['no file', () => ({}), 400, 'Bitte laden Sie eine CSV-Datei hoch'],
    ['a .xlsx name', () => ({ file: fixture('hmtm-eoffice.csv'), filename: 'liste.xlsx' }), 400, 'Bitte laden Sie eine CSV-Datei hoch'],
    ['a binary body', () => ({ file: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 131) % 256)) }), 400, 'Die Datei ist keine gültige CSV-Datei'],
    [
      '10,000 rows',
      () => ({ file: Buffer.from(['Nachname;Vorname;E-Mail', ...Array.from({ length: 10_000 }, (_, i) => `N${i}a;V${i}b;s${i}@example.org`)].join('\n')) }),
      400,
      'Die CSV-Datei enthält zu viele Einträge (höchstens 1000 Studierende)',
    ],
    ['more than 5 MB', () => ({ file: Buffer.alloc(5 * 1024 * 1024 + 10, 'a') }), 413, 'Die Datei ist zu groß (maximal 5 MB)'],
    ['the wrong field name', () => ({ file: fixture('hmtm-eoffice.csv'), field: 'file' }), 400, 'Ungültiger Upload'],
  ])('refuses %s', async (_label, make, status, detail) => {
    const res = await upload('/api/extract-hmtm-csv', make());
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ detail });
  });

  it('refuses students (403) and visitors (401)', async () => {
    const s = await upload('/api/extract-hmtm-csv', { cookie: studentCookie, file: fixture('hmtm-eoffice.csv') });
    expect(s.status).toBe(403);
    expect(s.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
    expect((await upload('/api/extract-hmtm-csv', { cookie: '', file: fixture('hmtm-eoffice.csv') })).status).toBe(401);
  });

  it('answers a JSON body (no multipart) with 400, not 500', async () => {
    const res = await fetch(`${base}/api/extract-hmtm-csv`, {
      method: 'POST',
      headers: { cookie: teacherCookie, 'content-type': 'application/json' },
      body: '{"csv_file":"x"}',
    });
    expect(res.status).toBe(400);
    const garbage = await fetch(`${base}/api/extract-hmtm-csv`, {
      method: 'POST',
      headers: { cookie: teacherCookie, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '\x00\x01garbage',
    });
    expect(garbage.status).toBe(400);
  });
});

describe('POST /api/extract-custom-csv', () => {
  it('extracts with a column mapping by index or by header name', async () => {
    const byIndex = await upload('/api/extract-custom-csv', {
      file: fixture('custom-combined-name.csv'),
      mapping: JSON.stringify({ name: 0, email: 1, dauer: 2 }),
    });
    expect(byIndex.status).toBe(200);
    expect(byIndex.body.studierende[0]).toEqual({
      row_id: 1,
      vorname: 'Hanna',
      nachname: 'Meier',
      email: 'hanna.meier@example.org',
      dauer: 60,
      name: 'Hanna Meier',
    });
    const byName = await upload('/api/extract-custom-csv', {
      file: fixture('hmtm-eoffice.csv'),
      mapping: JSON.stringify({ vorname: 'Vorname', nachname: 'Nachname', email: 'E-Mail', dauer: 'Dauer (Min.)' }),
    });
    expect(byName.body.studierende).toHaveLength(12);
    const noHeader = await upload('/api/extract-custom-csv', { file: fixture('custom-no-header.csv'), mapping: JSON.stringify({ nachname: 0, vorname: 1 }) });
    expect(noHeader.body.studierende.map((s: Json) => s.name)).toEqual(['Sophie Richter', 'Felix Wolf']);
  });

  it.each([
    ['no mapping', undefined, 'Ungültige Spaltenzuordnung'],
    ['broken JSON', '{name:', 'Ungültige Spaltenzuordnung'],
    ['no name column', JSON.stringify({ email: 1 }), 'Bitte wählen Sie mindestens eine Namens-Spalte aus'],
    ['a column twice', JSON.stringify({ vorname: 1, nachname: 1 }), 'Jede Spalte kann nur einer Rolle zugeordnet werden'],
    ['an unknown column', JSON.stringify({ name: 7 }), 'Die Spalte 8 existiert nicht in der CSV-Datei'],
  ])('refuses %s', async (_label, mapping, detail) => {
    const res = await upload('/api/extract-custom-csv', { file: fixture('custom-no-header.csv'), mapping });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('refuses header-only, binary and oversized files, and students', async () => {
    const mapping = JSON.stringify({ nachname: 1, vorname: 2 });
    expect((await upload('/api/extract-custom-csv', { file: fixture('hmtm-header-only.csv'), mapping })).body.detail).toBe(
      'Keine Studierenden in der CSV-Datei gefunden',
    );
    expect((await upload('/api/extract-custom-csv', { file: Buffer.from([0, 1, 2, 3, 255, 254, 0, 0]), mapping })).body.detail).toBe(
      'Die Datei ist keine gültige CSV-Datei',
    );
    expect((await upload('/api/extract-custom-csv', { file: Buffer.alloc(6 * 1024 * 1024, 'x'), mapping })).status).toBe(413);
    expect((await upload('/api/extract-custom-csv', { cookie: studentCookie, file: fixture('custom-no-header.csv'), mapping })).status).toBe(403);
  });
});

describe('the CSV forms checked against their contracts', () => {
  const form = (parts: [string, string | Buffer, string?][]) => {
    const f = new FormData();
    for (const [name, value, filename] of parts) {
      if (typeof value === 'string') f.append(name, value);
      else f.append(name, new Blob([new Uint8Array(value)], { type: 'text/csv' }), filename ?? 'liste.csv');
    }
    return f;
  };
  const csv = fixture('custom-no-header.csv');
  const mapping = JSON.stringify({ nachname: 0, vorname: 1 });

  it.each<[string, string, FormData, string]>([
    ['hmtm: the file as a text field', '/api/extract-hmtm-csv', form([['csv_file', 'Nachname;Vorname']]), 'Bitte laden Sie eine CSV-Datei hoch'],
    ['hmtm: a file of another name', '/api/extract-hmtm-csv', form([['csv_file', csv, 'liste.txt']]), 'Bitte laden Sie eine CSV-Datei hoch'],
    [
      'custom: the file as a text field',
      '/api/extract-custom-csv',
      form([
        ['csv_file', 'a;b'],
        ['column_mapping', mapping],
      ]),
      'Bitte laden Sie eine CSV-Datei hoch',
    ],
    [
      'custom: a mapping sent twice',
      '/api/extract-custom-csv',
      form([
        ['csv_file', csv],
        ['column_mapping', mapping],
        ['column_mapping', mapping],
      ]),
      'Ungültige Spaltenzuordnung',
    ],
    [
      'custom: a mapping that is JSON but no object',
      '/api/extract-custom-csv',
      form([
        ['csv_file', csv],
        ['column_mapping', '[0, 1]'],
      ]),
      'Ungültige Spaltenzuordnung',
    ],
    [
      'custom: a mapping over 64 KB',
      '/api/extract-custom-csv',
      form([
        ['csv_file', csv],
        ['column_mapping', `{"name": "${'x'.repeat(70 * 1024)}"}`],
      ]),
      'Ungültiger Upload',
    ],
    [
      'custom: a control character in the mapping',
      '/api/extract-custom-csv',
      form([
        ['csv_file', csv],
        ['column_mapping', '{"name": "Na\u0001me"}'],
      ]),
      'Ungültige Zeichen in der Anfrage.',
    ],
  ])('%s: 400 with its German detail', async (_what, path, body, detail) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', body, headers: { cookie: teacherCookie } });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { detail } });
  });
});
