// The rules of the CSV import that the web's preview and the document service's extraction share
// (docs/product/classes.md CSV upload, CSV import dialog): header names, the table's rows, durations.
import { ALLOWED_DURATIONS, DEFAULT_DURATION } from '@stundenplan/timegrid';

/**
 * Header names are compared without regard to case, spaces, hyphens and punctuation:
 * "E-Mail-Adresse", "e mail adresse" and "EMailAdresse" are the same; "Dauer (Min.)" is "dauermin".
 */
export function normalizeHeader(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

/** What a column of a student list holds. */
export type CsvColumnRole = 'nachname' | 'vorname' | 'name' | 'email' | 'dauer';

/** Known header names per role (normalized). */
export const CSV_HEADER_SYNONYMS: Record<CsvColumnRole, readonly string[]> = {
  nachname: ['nachname', 'familienname', 'zuname', 'lastname', 'surname'],
  vorname: ['vorname', 'vornamen', 'rufname', 'firstname', 'givenname'],
  name: ['name', 'vollername', 'studentin', 'student', 'studierende', 'studierender', 'teilnehmer', 'teilnehmerin', 'fullname'],
  email: ['email', 'emailadresse', 'mail', 'mailadresse', 'emailaddress', 'emailadr', 'emails'],
  dauer: [
    'dauer',
    'unterrichtsdauer',
    'dauermin',
    'dauerinmin',
    'dauerinminuten',
    'dauerminuten',
    'minuten',
    'unterrichtsdauermin',
    'unterrichtsdauerinminuten',
    'min',
  ],
};

/** The role a header cell names, if any (nachname, vorname, name, email, dauer are tried in this order). */
export function roleOfHeader(cell: string): CsvColumnRole | undefined {
  const n = normalizeHeader(cell);
  if (!n) return undefined;
  return (Object.keys(CSV_HEADER_SYNONYMS) as CsvColumnRole[]).find((r) => CSV_HEADER_SYNONYMS[r].includes(n));
}

/** First column whose header is one of the role's names, or -1. */
export function findColumn(header: readonly string[], role: CsvColumnRole): number {
  return header.findIndex((c) => CSV_HEADER_SYNONYMS[role].includes(normalizeHeader(c)));
}

/** Most common record width (the table's column count); the wider one on a tie. */
export function tableWidth(records: readonly (readonly string[])[]): number {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let best = 1;
  let bestN = 0;
  for (const [w, n] of counts) if (n > bestN || (n === bestN && w > best)) [best, bestN] = [w, n];
  return best;
}

/**
 * Leading lines that fill only one cell of a multi-column table (course title, semester, export
 * date, Excel's "sep=;") are not part of the table. The web's preview and the extraction drop the
 * same lines, so the rows the teacher mapped are the rows that are extracted.
 */
export function withoutPreamble<R extends readonly string[]>(rows: R[], width: number): R[] {
  if (width < 2) return rows;
  const first = rows.findIndex((r) => r.filter((c) => c !== '').length > 1);
  return first <= 0 ? rows : rows.slice(first);
}

/** A duration cell: "60", "60 min", "45 Min.", "90 Minuten", "1 Std.", "1,5 h" -> minutes when allowed (15..120 step 15), else null. */
export function parseDauer(raw: string | undefined): number | null {
  const s = (raw ?? '').trim().toLowerCase().replace(',', '.');
  if (!s) return null;
  const m = /^(\d{1,4}(?:\.\d+)?)\s*(min(?:uten|\.)?|m|std\.?|stunden?|h)?\.?$/.exec(s);
  if (!m) return null;
  let minutes = Number(m[1]);
  if (m[2] && /^(std|stunde|h)/.test(m[2])) minutes *= 60;
  minutes = Math.round(minutes);
  return ALLOWED_DURATIONS.includes(minutes) ? minutes : null;
}

/**
 * The duration an extracted (or merged) row is imported with. DECISION: a duration above 120 (e.g. merged
 * 60 + 90) is imported as the maximum 120, so the teacher's intent "a long lesson" survives; any other value
 * outside 15..120 in steps of 15 (or none) as the default 30.
 */
export function importDuration(dauer: number | null | undefined): number {
  if (typeof dauer !== 'number') return DEFAULT_DURATION;
  const max = ALLOWED_DURATIONS[ALLOWED_DURATIONS.length - 1]!;
  if (dauer > max) return max;
  return ALLOWED_DURATIONS.includes(dauer) ? dauer : DEFAULT_DURATION;
}
