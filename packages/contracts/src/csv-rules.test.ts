import { describe, expect, it } from 'vitest';
import { findColumn, importDuration, normalizeHeader, parseDauer, roleOfHeader, tableWidth, withoutPreamble } from './csv-rules.js';

describe('CSV header names', () => {
  it('compare without case, spaces, hyphens, punctuation and umlauts', () => {
    expect(['E-Mail-Adresse', 'e mail adresse', 'EMailAdresse'].map(normalizeHeader)).toEqual(['emailadresse', 'emailadresse', 'emailadresse']);
    expect(normalizeHeader('Dauer (Min.)')).toBe('dauermin');
    expect(normalizeHeader('Größe Übung')).toBe('groesseuebung');
  });

  it('name the role of a column, or none', () => {
    expect(['Nachname', 'Vorname', 'Teilnehmer/in', 'E-Mail-Adr.', 'Unterrichtsdauer (Min.)', 'Nr.', ''].map(roleOfHeader)).toEqual([
      'nachname',
      'vorname',
      'name',
      'email',
      'dauer',
      undefined,
      undefined,
    ]);
  });

  it('find the first column of a role', () => {
    expect(findColumn(['Nr.', 'Mail', 'E-Mail'], 'email')).toBe(1);
    expect(findColumn(['Nr.', 'Name'], 'dauer')).toBe(-1);
  });
});

describe('CSV table rows', () => {
  it('take the most common width, the wider one on a tie', () => {
    expect(tableWidth([['a'], ['a', 'b', 'c'], ['a', 'b', 'c'], ['a', 'b']])).toBe(3);
    expect(tableWidth([['a'], ['a', 'b']])).toBe(2);
    expect(tableWidth([])).toBe(1);
  });

  it('drop leading lines that fill one cell of a wider table', () => {
    const rows = [
      ['sep=;', ''],
      ['Kursliste Klavier', ''],
      ['Name', 'E-Mail'],
      ['Anna', 'a@x.de'],
    ];
    expect(withoutPreamble(rows, 2)).toEqual(rows.slice(2));
    expect(withoutPreamble(rows, 1)).toEqual(rows);
    expect(withoutPreamble([['x', '']], 2)).toEqual([['x', '']]);
  });
});

describe('CSV durations', () => {
  it('read a cell as allowed minutes', () => {
    expect(['60', '60 min', '45 Min.', '90 Minuten', '1 Std.', '1,5 h', '120min'].map(parseDauer)).toEqual([60, 60, 45, 90, 60, 90, 120]);
    expect(['', '50', '0', '135', 'abc', '60 Sekunden', undefined].map(parseDauer)).toEqual([null, null, null, null, null, null, null]);
  });

  it('DECISION: import durations above 120 as 120, others outside 15..120 step 15 (or none) as 30', () => {
    expect([45, 120, null, undefined, 150, 180, 0, 50].map(importDuration)).toEqual([45, 120, 30, 30, 120, 120, 30, 30]);
  });
});
