import { AppError } from '@stundenplan/base';
import { parse } from 'csv-parse/sync';
import { CSV_MSG, MAX_STUDENTS } from './messages.js';

export type Delimiter = ';' | ',' | '\t';
const CANDIDATES: Delimiter[] = [';', ',', '\t'];

/** Occurrences of each candidate outside double quotes in one line. */
function countOutsideQuotes(line: string): Record<Delimiter, number> {
  const n: Record<Delimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) n[ch]++;
  }
  return n;
}

/**
 * The delimiter of the file. With a known header line (preferred) the delimiter most frequent in
 * it; otherwise the candidate found in most of the first 50 non-empty lines (then most often;
 * ties go to ';', the German Excel default).
 */
export function detectDelimiter(text: string, isHeaderLine?: (line: string) => boolean): Delimiter {
  const lines = text
    .slice(0, 256 * 1024)
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim())
    .slice(0, 200);
  const header = isHeaderLine ? lines.find(isHeaderLine) : undefined;
  if (header) {
    const n = countOutsideQuotes(header);
    const best = CANDIDATES.reduce((a, b) => (n[b] > n[a] ? b : a));
    if (n[best] > 0) return best;
  }
  const linesWith: Record<Delimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  const total: Record<Delimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  for (const line of lines.slice(0, 50)) {
    const n = countOutsideQuotes(line);
    for (const d of CANDIDATES) {
      if (n[d]) linesWith[d]++;
      total[d] += n[d];
    }
  }
  return CANDIDATES.reduce((a, b) => (linesWith[b] > linesWith[a] || (linesWith[b] === linesWith[a] && total[b] > total[a]) ? b : a));
}

const OPTIONS = { relax_quotes: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 100_000 } as const;

/** More records than this are refused without reading on (a course list has far fewer). */
const MAX_RECORDS = 5000;

/**
 * Records of the file: cells trimmed, empty lines skipped, quotes honoured. A line written with
 * another delimiter than the rest (mixed exports) comes out as one cell; it is split again with the
 * delimiter that gives it the most cells.
 */
export function readRecords(text: string, delimiter: Delimiter): string[][] {
  let rows: { record: string[]; raw: string }[];
  try {
    rows = parse(text, { ...OPTIONS, delimiter, raw: true, to: MAX_RECORDS + 1 }) as unknown as { record: string[]; raw: string }[];
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw AppError.badRequest(line ? `${CSV_MSG.unreadable} (Zeile ${line})` : CSV_MSG.unreadable);
  }
  if (rows.length > MAX_RECORDS) throw AppError.badRequest(CSV_MSG.tooMany(MAX_STUDENTS));
  const out: string[][] = [];
  for (const { record, raw } of rows) {
    let cells = record;
    if (cells.filter((c) => c !== '').length === 1) {
      for (const other of CANDIDATES) {
        if (other === delimiter || !raw.includes(other)) continue;
        try {
          const again = parse(raw, { ...OPTIONS, delimiter: other }) as string[][];
          if (again.length === 1 && again[0]!.length > cells.length) cells = again[0]!;
        } catch {
          /* keep the line as it was */
        }
      }
    }
    if (cells.some((c) => c !== '')) out.push(cells.map((c) => c.replace(/\s+/g, ' ').trim()));
  }
  return out;
}
