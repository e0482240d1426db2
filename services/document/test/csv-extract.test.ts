import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractCustom, extractHmtm, parseEmail, parseMapping, splitName } from '../src/csv/index.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const fails = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { detail?: unknown }).detail ?? (e as Error).message;
  }
  return 'no error';
};

describe('extractHmtm', () => {
  it('reads an eOffice export: BOM, preamble, quoted ";", footer, 12 rows with duplicates kept', () => {
    const rows = extractHmtm(fixture('hmtm-eoffice.csv'));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ row_id: 1, vorname: 'Anna', nachname: 'Müller', email: 'anna.mueller@stud.hmtm.de', dauer: 60, name: 'Anna Müller' });
    expect(rows.map((r) => r.dauer)).toEqual([60, 45, 60, 30, null, 90, 45, null, null, 120, 30, 15]);
    expect(rows[3]).toMatchObject({ nachname: 'Özdemir', vorname: 'Ayşe' });
    expect(rows[5]).toMatchObject({ nachname: 'von Brünn', vorname: 'Clara Sophie', name: 'Clara Sophie von Brünn' });
    expect(rows[8]).toMatchObject({ nachname: 'Becker', email: null });
    expect(rows[10]!.email).toBe('anna.mueller@stud.hmtm.de');
    expect(rows.map((r) => r.row_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('reads Windows-1252 with umlauts, commas, header words in other spellings, a quoted comma', () => {
    const rows = extractHmtm(fixture('hmtm-windows1252.csv'));
    expect(rows).toEqual([
      { row_id: 1, vorname: 'Björn', nachname: 'Jürgens', email: 'bjoern.juergens@stud.example.de', dauer: 60, name: 'Björn Jürgens' },
      { row_id: 2, vorname: 'Käthe', nachname: 'Weiß', email: 'kaethe.weiss@stud.example.de', dauer: 45, name: 'Käthe Weiß' },
      { row_id: 3, vorname: 'Zoë', nachname: 'Öztürk', email: 'zoe.oeztuerk@stud.example.de', dauer: null, name: 'Zoë Öztürk' },
    ]);
  });

  it('reads the same file in UTF-8 without BOM and with CRLF', () => {
    const text = readFileSync(new URL('./fixtures/hmtm-windows1252.csv', import.meta.url), 'latin1').replace(/\n/g, '\r\n');
    expect(extractHmtm(Buffer.from(text, 'utf8')).map((r) => r.nachname)).toEqual(['Jürgens', 'Weiß', 'Öztürk']);
  });

  it('handles lines written with the other delimiter', () => {
    const rows = extractHmtm(fixture('hmtm-mixed-delimiters.csv'));
    expect(rows.map((r) => [r.nachname, r.vorname, r.email, r.dauer])).toEqual([
      ['Bauer', 'Tim', 'tim.bauer@example.org', 30],
      ['Koch', 'Eva', 'eva.koch@example.org', 45],
      ['Wagner, Jr.', 'Max', 'max.wagner@example.org', 60],
      ['Schulz', 'Ida', null, null],
    ]);
  });

  it('drops rows without a name, repeated header rows and footers; keeps a student called "Stand"', () => {
    const csv = [
      'Nachname;Vorname;E-Mail',
      'Stand;Max;max@example.org',
      ';;nur@mail.de',
      '123;456;',
      'Nachname;Vorname;E-Mail',
      ';Solo;',
      'Seite 1 von 1',
      'Anzahl;3',
    ].join('\n');
    const rows = extractHmtm(Buffer.from(csv));
    expect(rows.map((r) => [r.vorname, r.nachname])).toEqual([
      ['Max', 'Stand'],
      ['Solo', ''],
    ]);
    expect(rows[1]!.name).toBe('Solo');
  });

  it.each([['hmtm-header-only.csv', 'Keine Studierenden in der CSV-Datei gefunden']])('%s -> %s', (name, detail) => {
    expect(fails(() => extractHmtm(fixture(name)))).toBe(detail);
  });

  it('refuses empty, whitespace-only, header-less and binary input', () => {
    expect(fails(() => extractHmtm(Buffer.alloc(0)))).toBe('CSV-Datei ist leer');
    expect(fails(() => extractHmtm(Buffer.from('\ufeff \r\n\r\n', 'utf8')))).toBe('CSV-Datei ist leer');
    expect(fails(() => extractHmtm(Buffer.from('Name;Mail\nAnna;a@b.de\n')))).toBe('Keine Kopfzeile mit den Spalten Nachname und Vorname gefunden');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.alloc(200, 7)]);
    expect(fails(() => extractHmtm(png))).toBe('Die Datei ist keine gültige CSV-Datei');
    const noise = Buffer.from(Array.from({ length: 4000 }, (_, i) => ((i * 7919) % 254) + 1));
    expect(fails(() => extractHmtm(noise))).toBe('Die Datei ist keine gültige CSV-Datei');
  });

  it('refuses more than 1000 students', () => {
    const lines = ['Nachname;Vorname;E-Mail;Dauer', ...Array.from({ length: 10_000 }, (_, i) => `Name${i};Vorname${i};s${i}@example.org;30`)];
    expect(fails(() => extractHmtm(Buffer.from(lines.join('\n'))))).toBe('Die CSV-Datei enthält zu viele Einträge (höchstens 1000 Studierende)');
    const ok = ['Nachname;Vorname', ...Array.from({ length: 1000 }, (_, i) => `N${i}x;V${i}y`)];
    expect(extractHmtm(Buffer.from(ok.join('\n')))).toHaveLength(1000);
  });
});

describe('extractCustom', () => {
  it('maps columns by index with a detected header row and a combined name', () => {
    const rows = extractCustom(fixture('custom-combined-name.csv'), JSON.stringify({ name: 0, email: 1, dauer: 2 }));
    expect(rows).toEqual([
      { row_id: 1, vorname: 'Hanna', nachname: 'Meier', email: 'hanna.meier@example.org', dauer: 60, name: 'Hanna Meier' },
      { row_id: 2, vorname: 'Jonas', nachname: 'Vogel', email: 'jonas.vogel@example.org', dauer: 45, name: 'Jonas Vogel' },
      { row_id: 3, vorname: '', nachname: 'Lea', email: null, dauer: null, name: 'Lea' },
    ]);
  });

  it('maps columns by header name (case, spaces and hyphens ignored)', () => {
    const rows = extractCustom(fixture('custom-combined-name.csv'), { name: 'student*in', email: 'KONTAKT', dauer: 'Zeit' });
    expect(rows.map((r) => r.name)).toEqual(['Hanna Meier', 'Jonas Vogel', 'Lea']);
  });

  it('reads files without a header row; has_header overrides detection', () => {
    const mapping = { nachname: '0', vorname: '1', email: 2, dauer: 3 };
    expect(extractCustom(fixture('custom-no-header.csv'), mapping).map((r) => [r.vorname, r.nachname, r.dauer])).toEqual([
      ['Sophie', 'Richter', 30],
      ['Felix', 'Wolf', 90],
    ]);
    expect(extractCustom(fixture('custom-no-header.csv'), { ...mapping, has_header: true }).map((r) => r.nachname)).toEqual(['Wolf']);
  });

  it('skips preamble lines above the table with column indexes too (as the preview does)', () => {
    const body = 'Müller, Anna;anna@example.org;60\nPaul Paulsen;paul@example.org;45\n';
    const mapping = { name: 0, email: 1, dauer: 2 };
    // A course title (with the trailing delimiters Excel writes) above a table without header row.
    expect(extractCustom(Buffer.from(`Kursliste Klavier WS 24/25;;\n${body}`), { ...mapping, has_header: false }).map((r) => r.name)).toEqual([
      'Anna Müller',
      'Paul Paulsen',
    ]);
    expect(extractCustom(Buffer.from(`Kursliste Klavier WS 24/25;;\n${body}`), mapping).map((r) => r.name)).toEqual(['Anna Müller', 'Paul Paulsen']);
    // Title, export date and Excel's separator hint above a header row.
    const withHeader = Buffer.from(`sep=;\nKursliste Klavier;;\nExport: 03.04.2025;;\nName;E-Mail;Dauer\n${body}`);
    expect(extractCustom(withHeader, { ...mapping, has_header: true }).map((r) => r.name)).toEqual(['Anna Müller', 'Paul Paulsen']);
    expect(extractCustom(withHeader, mapping).map((r) => r.name)).toEqual(['Anna Müller', 'Paul Paulsen']);
    // A one-column list keeps every line.
    expect(extractCustom(Buffer.from('Anna Müller\nPaul Paulsen\n'), { name: 0 }).map((r) => r.name)).toEqual(['Anna Müller', 'Paul Paulsen']);
  });

  it('validates the mapping', () => {
    const f = fixture('custom-no-header.csv');
    expect(fails(() => extractCustom(f, '{nope'))).toBe('Ungültige Spaltenzuordnung');
    expect(fails(() => extractCustom(f, undefined))).toBe('Ungültige Spaltenzuordnung');
    expect(fails(() => extractCustom(f, '[0,1]'))).toBe('Ungültige Spaltenzuordnung');
    expect(fails(() => extractCustom(f, { email: 2 }))).toBe('Bitte wählen Sie mindestens eine Namens-Spalte aus');
    expect(fails(() => extractCustom(f, { vorname: 1 }))).toBe('Bitte wählen Sie mindestens eine Namens-Spalte aus');
    expect(fails(() => extractCustom(f, { name: 0, email: 0 }))).toBe('Jede Spalte kann nur einer Rolle zugeordnet werden');
    expect(fails(() => extractCustom(f, { name: 9 }))).toBe('Die Spalte 10 existiert nicht in der CSV-Datei');
    expect(fails(() => extractCustom(f, { name: 'Teilnehmer' }))).toBe('Die Spalte „Teilnehmer“ wurde in der CSV-Datei nicht gefunden');
  });
});

describe('cell parsers', () => {
  it('e-mails', () => {
    expect(parseEmail(' Max@Example.ORG ')).toBe('max@example.org');
    expect(parseEmail('mailto:a.b@example.org')).toBe('a.b@example.org');
    expect(parseEmail('<a.b@example.org>')).toBe('a.b@example.org');
    expect(parseEmail('Anna Berg <A.Berg@example.org>')).toBe('a.berg@example.org');
    expect(parseEmail('a<b>@example.org')).toBeNull();
    expect(parseEmail('a@b@example.org')).toBeNull();
    expect(parseEmail('keine')).toBeNull();
  });

  it('names', () => {
    expect(splitName('Müller, Anna')).toEqual({ nachname: 'Müller', vorname: 'Anna' });
    expect(splitName('Anna Maria  Müller')).toEqual({ vorname: 'Anna Maria', nachname: 'Müller' });
    expect(splitName('Cher')).toEqual({ vorname: '', nachname: 'Cher' });
    // Name particles belong to the last name.
    expect(splitName('Moritz von Bülow')).toEqual({ vorname: 'Moritz', nachname: 'von Bülow' });
    expect(splitName('Ludwig van Beethoven')).toEqual({ vorname: 'Ludwig', nachname: 'van Beethoven' });
    expect(splitName('Anna Maria de la Cruz')).toEqual({ vorname: 'Anna Maria', nachname: 'de la Cruz' });
    expect(splitName('Hans von')).toEqual({ vorname: 'Hans', nachname: 'von' });
  });

  it('mapping values: numbers, digit strings, names; -1 / "" / null unmapped', () => {
    expect(parseMapping('{"vorname":0,"nachname":"1","email":-1,"dauer":""}')).toEqual({ vorname: 0, nachname: 1 });
  });
});
