import { describe, expect, it } from 'vitest';
import {
  assignRole,
  buildMapping,
  buildPreview,
  checkCsvFile,
  decodeCsvBytes,
  detectDelimiter,
  findDuplicateGroups,
  firstDuplicateEmail,
  guessHasHeader,
  guessRoles,
  importName,
  importProblem,
  mergeRows,
  parseCsv,
  previewRows,
  readCsvFile,
  type ImportRow,
} from './csv';

const row = (row_id: number, vorname: string, nachname: string, email: string | null, dauer: number | null): ImportRow => ({
  row_id,
  vorname,
  nachname,
  email,
  dauer,
  name: `${vorname} ${nachname}`.trim(),
});

describe('file checks', () => {
  it('accepts only non-empty .csv files up to 5 MB', () => {
    expect(checkCsvFile(null)).toBe('Bitte laden Sie eine CSV-Datei hoch');
    expect(checkCsvFile(new File(['a;b'], 'liste.xlsx'))).toBe('Bitte laden Sie eine CSV-Datei hoch');
    expect(checkCsvFile(new File(['a;b'], 'liste.csv.txt'))).toBe('Bitte laden Sie eine CSV-Datei hoch');
    expect(checkCsvFile(new File([], 'liste.csv'))).toBe('CSV-Datei ist leer');
    expect(checkCsvFile(new File(['a;b'], 'LISTE.CSV'))).toBeNull();
    expect(checkCsvFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'gross.csv'))).toBe('Die Datei ist zu groß (maximal 5 MB)');
  });
});

describe('reading CSV text', () => {
  it('decodes UTF-8 with BOM and falls back to Windows-1252', () => {
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x4d, 0xc3, 0xbc]))).toBe('Mü');
    expect(decodeCsvBytes(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]))).toBe('Müller');
  });

  it('reads a Windows-1252 file', async () => {
    const file = new File([new Uint8Array([0x4e, 0x61, 0x63, 0x68, 0x6e, 0x61, 0x6d, 0x65, 0x3b, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72])], 'liste.csv');
    expect(await readCsvFile(file)).toBe('Nachname;Müller');
  });

  it('detects ; or , as delimiter', () => {
    expect(detectDelimiter('Vorname;Nachname;E-Mail\nAnna;Berg;a@x.de')).toBe(';');
    expect(detectDelimiter('Vorname,Nachname,E-Mail\nAnna,Berg,a@x.de')).toBe(',');
    // commas inside quotes do not count
    expect(detectDelimiter('"Berg, Anna";a@x.de;30\n"Kurz, Ben";b@x.de;45')).toBe(';');
    expect(detectDelimiter('Name\nAnna')).toBe(';');
  });

  it('parses quoted fields, escaped quotes, line breaks in quotes and CRLF', () => {
    const text = 'Name;Notiz\r\n"Berg, Anna";"sagt ""hallo"""\r\n"Kurz\nBen";\r\n';
    expect(parseCsv(text, ';')).toEqual([
      ['Name', 'Notiz'],
      ['Berg, Anna', 'sagt "hallo"'],
      ['Kurz\nBen', ''],
    ]);
  });

  it('splits CR-only line ends, keeps a quoted delimiter in its cell and makes no record of the last line break', () => {
    expect(parseCsv('Name;Mail\r"Berg; Anna";a@x.de\r', ';')).toEqual([
      ['Name', 'Mail'],
      ['Berg; Anna', 'a@x.de'],
    ]);
    expect(detectDelimiter('"Berg; Anna",a@x.de,30\r"Kurz; Ben",b@x.de,45\r')).toBe(',');
  });

  it('drops blank and one-cell preamble lines from the table', () => {
    const preview = buildPreview('Klavier Hauptfach SoSe\n\nVorname;Nachname;Mail\nAnna;Berg;a@x.de\n;;\nBen;Kurz;b@x.de\n');
    expect(preview.records).toEqual([
      ['Vorname', 'Nachname', 'Mail'],
      ['Anna', 'Berg', 'a@x.de'],
      ['Ben', 'Kurz', 'b@x.de'],
    ]);
    expect(preview.columns).toBe(3);
    expect(preview.hasHeaderGuess).toBe(true);
  });

  it('skips leading lines that fill only one cell (preamble with trailing delimiters)', () => {
    const preview = buildPreview('Teilnehmerliste Klavier;;;\nSoSe 2026;;;\nNr.;Nachname;Vorname;E-Mail\n1;Berg;Anna;a@x.de\n;;Ben;\n');
    expect(preview.records[0]).toEqual(['Nr.', 'Nachname', 'Vorname', 'E-Mail']);
    // A row filling one cell inside the table stays.
    expect(preview.records[2]).toEqual(['', '', 'Ben', '']);
  });

  it('previews the first five data rows after the header', () => {
    const lines = ['Name,Mail', ...Array.from({ length: 8 }, (_, i) => `Person ${i},p${i}@x.de`)];
    const preview = buildPreview(lines.join('\n'));
    const withHeader = previewRows(preview, true);
    expect(withHeader.titles).toEqual(['Name', 'Mail']);
    expect(withHeader.rows).toHaveLength(5);
    expect(withHeader.rows[0]).toEqual(['Person 0', 'p0@x.de']);
    const without = previewRows(preview, false);
    expect(without.titles).toEqual(['Spalte 1', 'Spalte 2']);
    expect(without.rows[0]).toEqual(['Name', 'Mail']);
  });

  it('guesses whether the first row is a header', () => {
    expect(guessHasHeader(['Vorname', 'Nachname'])).toBe(true);
    expect(guessHasHeader(['Teilnehmer', 'Kontakt'])).toBe(true);
    expect(guessHasHeader(['Anna Berg', 'anna@x.de'])).toBe(false);
    expect(guessHasHeader(['Anna Berg', '45'])).toBe(false);
    expect(guessHasHeader(undefined)).toBe(false);
  });
});

describe('column mapping', () => {
  it('guesses roles from header names, each role once', () => {
    expect(guessRoles(['Nr.', 'Nachname', 'Vorname', 'E-Mail-Adresse', 'Dauer (Min.)'], 5)).toEqual(['ignore', 'nachname', 'vorname', 'email', 'dauer']);
    expect(guessRoles(['Name', 'Mail', 'Mail'], 3)).toEqual(['name', 'email', 'ignore']);
    expect(guessRoles(['Name', 'Vorname', 'Nachname'], 3)).toEqual(['ignore', 'vorname', 'nachname']);
    expect(guessRoles(null, 2)).toEqual(['ignore', 'ignore']);
    // the server's header names (packages/contracts csv-rules): what the extraction finds, the preview proposes
    expect(guessRoles(['Teilnehmer/in', 'E-Mail-Adr.', 'Unterrichtsdauer (in Minuten)'], 3)).toEqual(['name', 'email', 'dauer']);
  });

  it('gives each role to one column only', () => {
    expect(assignRole(['vorname', 'ignore', 'email'], 1, 'vorname')).toEqual(['ignore', 'vorname', 'email']);
    expect(assignRole(['vorname', 'nachname'], 0, 'ignore')).toEqual(['ignore', 'nachname']);
    expect(assignRole(['ignore', 'ignore'], 0, 'ignore')).toEqual(['ignore', 'ignore']);
  });

  it('needs a combined name or both first and last name', () => {
    expect(buildMapping(['ignore', 'email'], true)).toEqual({ ok: false, error: 'Bitte wählen Sie mindestens eine Namens-Spalte aus' });
    expect(buildMapping(['vorname', 'email'], true)).toEqual({ ok: false, error: 'Bitte wählen Sie mindestens eine Namens-Spalte aus' });
    expect(buildMapping(['name', 'email', 'dauer'], false)).toEqual({ ok: true, mapping: { has_header: false, name: 0, email: 1, dauer: 2 } });
    expect(buildMapping(['ignore', 'nachname', 'vorname'], true)).toEqual({ ok: true, mapping: { has_header: true, nachname: 1, vorname: 2 } });
  });

  it('names columns by their unique header so the server finds the header row itself', () => {
    expect(buildMapping(['name', 'email', 'dauer'], true, ['Teilnehmer', 'Mail', 'Mail '])).toEqual({
      ok: true,
      mapping: { has_header: true, name: 'Teilnehmer', email: 1, dauer: 2 },
    });
    expect(buildMapping(['name', 'email'], false, ['Teilnehmer', 'Mail'])).toEqual({ ok: true, mapping: { has_header: false, name: 0, email: 1 } });
    expect(buildMapping(['name', 'email'], true, ['Teilnehmer', ''])).toEqual({ ok: true, mapping: { has_header: true, name: 'Teilnehmer', email: 1 } });
  });
});

describe('duplicates and merging', () => {
  const rows = [
    row(1, 'Anna', 'Berg', 'anna@x.de', 30),
    row(2, 'Ben', 'Kurz', 'ben@x.de', 45),
    row(3, 'Anna', 'Berg', 'ANNA@x.de ', 30),
    row(4, 'Cem', 'Ay', null, null),
    row(5, 'Anna', 'B.', 'anna@x.de', null),
    row(6, 'Dora', 'Lang', null, 60),
  ];

  it('groups rows by e-mail, case-insensitively, ignoring rows without e-mail', () => {
    const groups = findDuplicateGroups(rows);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.email).toBe('anna@x.de');
    expect(groups[0]!.rows.map((r) => r.row_id)).toEqual([1, 3, 5]);
  });

  it('merges the selected rows into the first, summing the durations', () => {
    const result = mergeRows(rows, new Set([1, 3]))!;
    expect(result.count).toBe(2);
    expect(result.minutes).toBe(60);
    expect(result.merged).toMatchObject({ row_id: 1, vorname: 'Anna', nachname: 'Berg', dauer: 60, mergedCount: 2 });
    expect(result.rows.map((r) => r.row_id)).toEqual([1, 2, 4, 5, 6]);
    expect(findDuplicateGroups(result.rows)[0]!.rows.map((r) => r.row_id)).toEqual([1, 5]);
  });

  it('counts a missing duration as 0 and keeps it missing when all are missing', () => {
    expect(mergeRows(rows, new Set([1, 3, 5]))!.merged.dauer).toBe(60);
    const none = mergeRows([row(1, 'A', 'B', 'a@x.de', null), row(2, 'A', 'B', 'a@x.de', null)], new Set([1, 2]))!;
    expect(none.merged.dauer).toBeNull();
    expect(none.minutes).toBe(0);
  });

  it('needs at least two rows', () => {
    expect(mergeRows(rows, new Set([1]))).toBeNull();
    expect(mergeRows(rows, new Set([1, 99]))).toBeNull();
  });

  it('finds a duplicate e-mail among selected rows', () => {
    expect(firstDuplicateEmail(rows)).toBe('anna@x.de');
    expect(firstDuplicateEmail([rows[1]!, rows[3]!, rows[5]!])).toBeNull();
  });
});

describe('import values', () => {
  it('builds the name from the row', () => {
    expect(importName(row(1, 'Anna', 'Berg', null, null))).toBe('Anna Berg');
    expect(importName({ row_id: 1, vorname: 'Anna', nachname: 'Berg', email: null, dauer: null, name: '' })).toBe('Anna Berg');
    expect(importName({ row_id: 1, vorname: '', nachname: 'Berg', email: null, dauer: null, name: ' Berg ' })).toBe('Berg');
  });

  it('names the problem of a row that cannot be imported', () => {
    const inClass = new Set(['ben@x.de']);
    expect(importProblem(row(1, 'Anna', 'Berg', 'anna@x.de', 30), inClass)).toBeNull();
    expect(importProblem(row(2, 'Ben', 'Kurz', 'BEN@x.de', 30), inClass)).toBe('Bereits in dieser Klasse');
    expect(importProblem({ row_id: 3, vorname: '', nachname: 'B', email: null, dauer: null, name: 'B' }, inClass)).toBe(
      'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein',
    );
    expect(importProblem(row(4, 'Cem', 'Ay', `${'c'.repeat(50)}@x.de`, null), inClass)).toBe('E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein');
  });
});
