// Client side of the CSV import (docs/product/classes.md CSV import dialog, docs/product/classes.md CSV upload): reading the file for
// the custom-format preview (split by papaparse), the column mapping, duplicate groups and merging. The
// extraction itself is the server's (extract-hmtm-csv / extract-custom-csv).
import { normalizeHeader, roleOfHeader, tableWidth, withoutPreamble, type CsvColumnRole } from '@stundenplan/contracts/csv-rules';
import Papa from 'papaparse';
import type { CsvRow, CustomColumnMapping } from './classes-api';
import { CSV_MESSAGES } from './messages';
import { validateMemberEmail, validateMemberName } from './validation';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const PREVIEW_ROWS = 5;

export type Delimiter = ';' | ',';

/** File checks before anything is read or sent: the SPEC's texts, or null. */
export function checkCsvFile(file: File | null | undefined): string | null {
  if (!file || !/\.csv$/i.test(file.name)) return CSV_MESSAGES.notCsv;
  if (file.size === 0) return CSV_MESSAGES.empty;
  if (file.size > CSV_MAX_BYTES) return CSV_MESSAGES.tooLarge;
  return null;
}

/** UTF-8 (with or without BOM), else Windows-1252 (older spreadsheet exports). */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(view);
  } catch {
    text = new TextDecoder('windows-1252').decode(view);
  }
  return text.replace(/^\uFEFF/, '');
}

async function fileBytes(file: File): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  // Older engines (and jsdom) only have FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Die Datei konnte nicht gelesen werden'));
    reader.readAsArrayBuffer(file);
  });
}

export async function readCsvFile(file: File): Promise<string> {
  return decodeCsvBytes(await fileBytes(file));
}

/** Records of the text split by papaparse (quoted fields with "" escapes and line breaks, CRLF/LF/CR). */
function papaRecords(text: string, delimiter: Delimiter): string[][] {
  return Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false }).data;
}

/** ';' or ',': the one that splits the first non-empty lines into more cells (';' on a tie). */
export function detectDelimiter(text: string): Delimiter {
  const cells = (delimiter: Delimiter) =>
    papaRecords(text, delimiter)
      .filter((r) => r.some((c) => c.trim() !== ''))
      .slice(0, 30)
      .reduce((n, r) => n + r.length - 1, 0);
  return cells(',') > cells(';') ? ',' : ';';
}

/** The file's records as parsed by papaparse, cells trimmed; a trailing line break makes no empty record. */
export function parseCsv(text: string, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  const records = papaRecords(text, delimiter).map((r) => r.map((c) => c.trim()));
  const last = records.at(-1);
  if (last && last.length === 1 && last[0] === '' && /(\r\n|\n|\r)$/.test(text)) records.pop();
  return records;
}

/**
 * Table rows without blank lines, without one-cell lines in a multi-column file, and without
 * leading lines that fill only one cell (preamble such as "Teilnehmerliste Klavier;;;;").
 */
export function tableRecords(records: string[][]): string[][] {
  const filled = records.filter((r) => r.some((c) => c !== ''));
  const width = tableWidth(filled);
  return withoutPreamble(
    filled.filter((r) => !(width > 1 && r.length === 1)),
    width,
  );
}

export type ColumnRole = 'ignore' | CsvColumnRole;

export const COLUMN_ROLE_OPTIONS: ReadonlyArray<{ value: ColumnRole; label: string }> = [
  { value: 'ignore', label: CSV_MESSAGES.ignore },
  { value: 'name', label: 'Name (kombiniert)' },
  { value: 'vorname', label: 'Vorname' },
  { value: 'nachname', label: 'Nachname' },
  { value: 'dauer', label: 'Dauer' },
  { value: 'email', label: 'E-Mail' },
];

/** The role a header cell names (docs/product/classes.md CSV upload: the server's names), or 'ignore'. */
const roleOf = (cell: string): ColumnRole => roleOfHeader(cell) ?? 'ignore';

/** Whether the first table row names columns: a known header word, or no e-mail address and no number in it. */
export function guessHasHeader(first: string[] | undefined): boolean {
  if (!first) return false;
  if (first.some((c) => roleOf(c) !== 'ignore')) return true;
  return !first.some((c) => c.includes('@') || /^\d+([.,]\d+)?(\s*min\.?)?$/i.test(c));
}

/** Initial roles from header names; each role at most once (first column wins). */
export function guessRoles(header: string[] | null, columns: number): ColumnRole[] {
  const roles: ColumnRole[] = Array.from({ length: columns }, () => 'ignore');
  if (!header) return roles;
  const used = new Set<ColumnRole>();
  header.forEach((cell, i) => {
    const role = roleOf(cell);
    if (role !== 'ignore' && !used.has(role) && i < columns) {
      roles[i] = role;
      used.add(role);
    }
  });
  // A combined name is only needed when first and last name are not both there.
  if (used.has('vorname') && used.has('nachname') && used.has('name')) roles[roles.indexOf('name')] = 'ignore';
  return roles;
}

export interface CsvPreview {
  delimiter: Delimiter;
  /** All table rows (header included when there is one). */
  records: string[][];
  columns: number;
  hasHeaderGuess: boolean;
}

export function buildPreview(text: string): CsvPreview {
  const delimiter = detectDelimiter(text);
  const records = tableRecords(parseCsv(text, delimiter));
  const columns = records.reduce((m, r) => Math.max(m, r.length), 0);
  return { delimiter, records, columns, hasHeaderGuess: guessHasHeader(records[0]) };
}

/** Column titles and the first five data rows for the mapping table. */
export function previewRows(preview: CsvPreview, hasHeader: boolean): { titles: string[]; rows: string[][] } {
  const header = hasHeader ? (preview.records[0] ?? []) : [];
  const titles = Array.from({ length: preview.columns }, (_, i) => header[i] || `Spalte ${i + 1}`);
  const rows = preview.records.slice(hasHeader ? 1 : 0, (hasHeader ? 1 : 0) + PREVIEW_ROWS);
  return { titles, rows };
}

/** Gives `role` to `column`; a role already used by another column is taken from it (each role once). */
export function assignRole(roles: readonly ColumnRole[], column: number, role: ColumnRole): ColumnRole[] {
  return roles.map((r, i) => (i === column ? role : role !== 'ignore' && r === role ? 'ignore' : r));
}

/**
 * The column_mapping for extract-custom-csv, or the SPEC's message when no name column is chosen.
 * With a header row a column is named by its header (unique ones only), so the server finds the
 * header row itself even below preamble lines; otherwise by its 0-based index.
 */
export function buildMapping(
  roles: readonly ColumnRole[],
  hasHeader: boolean,
  header: readonly string[] = [],
): { ok: true; mapping: CustomColumnMapping } | { ok: false; error: string } {
  const mapping: CustomColumnMapping = { has_header: hasHeader };
  const names = header.map(normalizeHeader);
  const unique = (i: number) => hasHeader && Boolean(names[i]) && names.filter((n) => n === names[i]).length === 1;
  roles.forEach((role, i) => {
    if (role !== 'ignore' && mapping[role] === undefined) mapping[role] = unique(i) ? header[i]! : i;
  });
  const hasName = mapping.name !== undefined || (mapping.vorname !== undefined && mapping.nachname !== undefined);
  if (!hasName) return { ok: false, error: CSV_MESSAGES.needName };
  return { ok: true, mapping };
}

// ---------- Result view ----------

/** An extracted row in the result view; `mergedCount` is set on the row that merging produced. */
export interface ImportRow extends CsvRow {
  mergedCount?: number;
  /** user_id when check-student-exists found a registered student with this e-mail. */
  registeredUserId?: string;
}

export const emailKey = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

export interface DuplicateGroup {
  email: string;
  rows: ImportRow[];
}

/** Groups of rows sharing an e-mail (case-insensitive), in order of first appearance. */
export function findDuplicateGroups(rows: readonly ImportRow[]): DuplicateGroup[] {
  const byEmail = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const key = emailKey(row.email);
    if (!key) continue;
    byEmail.set(key, [...(byEmail.get(key) ?? []), row]);
  }
  return [...byEmail.entries()].filter(([, group]) => group.length > 1).map(([email, group]) => ({ email, rows: group }));
}

export interface MergeResult {
  rows: ImportRow[];
  merged: ImportRow;
  count: number;
  minutes: number;
}

/**
 * Merges the rows with `rowIds` (at least two) into the first of them: names and e-mail of the
 * first, durations summed (a missing duration counts 0; all missing stays missing). Null when
 * fewer than two of the ids are present.
 */
export function mergeRows(rows: readonly ImportRow[], rowIds: ReadonlySet<number>): MergeResult | null {
  const selected = rows.filter((r) => rowIds.has(r.row_id));
  if (selected.length < 2) return null;
  const first = selected[0]!;
  const known = selected.filter((r) => typeof r.dauer === 'number');
  const minutes = known.reduce((sum, r) => sum + (r.dauer ?? 0), 0);
  const merged: ImportRow = {
    ...first,
    dauer: known.length ? minutes : null,
    mergedCount: selected.reduce((n, r) => n + (r.mergedCount ?? 1), 0),
  };
  const out: ImportRow[] = [];
  for (const row of rows) {
    if (row.row_id === first.row_id) out.push(merged);
    else if (!rowIds.has(row.row_id)) out.push(row);
  }
  return { rows: out, merged, count: selected.length, minutes };
}

export function importName(row: CsvRow): string {
  return (row.name || [row.vorname, row.nachname].filter(Boolean).join(' ')).replace(/\s+/g, ' ').trim();
}

/** Why a row cannot be imported (name or e-mail rules, already in the class), or null. */
export function importProblem(row: ImportRow, classEmails: ReadonlySet<string>): string | null {
  const nameError = validateMemberName(importName(row), 'add');
  if (nameError) return nameError;
  const emailError = validateMemberEmail(row.email ?? '', false);
  if (emailError) return emailError;
  if (row.email && classEmails.has(emailKey(row.email))) return 'Bereits in dieser Klasse';
  return null;
}

/** The first e-mail that occurs more than once among `rows`, if any. */
export function firstDuplicateEmail(rows: readonly ImportRow[]): string | null {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = emailKey(row.email);
    if (!key) continue;
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return null;
}
