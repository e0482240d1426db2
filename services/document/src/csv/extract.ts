import { AppError } from '@stundenplan/base';
import { CSV_HEADER_SYNONYMS, findColumn, normalizeHeader, parseDauer, roleOfHeader, tableWidth, withoutPreamble } from '@stundenplan/contracts/csv-rules';
import { decodeCsv } from './decode.js';
import { CSV_MSG, MAX_STUDENTS } from './messages.js';
import { detectDelimiter, readRecords } from './records.js';

/** One extracted student (docs/product/data.md CSV rows). */
export interface CsvStudent {
  /** 1-based position among the extracted students. */
  row_id: number;
  vorname: string;
  nachname: string;
  /** Lower-cased; null when missing or not an e-mail address. */
  email: string | null;
  /** Minutes, only when one of 15..120 in steps of 15; otherwise null. */
  dauer: number | null;
  /** "Vorname Nachname". */
  name: string;
}

export { MAX_STUDENTS };
/** How far down the header row may be (preamble lines: course title, semester, export date, ...). */
const HEADER_SEARCH_ROWS = 200;

const EMAIL_RE = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
const FOOTER_RE = /^(anzahl|summe|gesamt|insgesamt|teilnehmerzahl|teilnehmer gesamt|stand|export|exportiert|erstellt|gedruckt|druckdatum|seite)\b/i;

export function parseEmail(raw: string | undefined): string | null {
  // "mailto:a@b.de", "<a@b.de>" and "Anna Berg <a@b.de>" (Outlook style) give the bare address.
  const e = (raw ?? '')
    .trim()
    .replace(/^(?:[^<>]*<)?\s*(?:mailto:)?([^<>]*?)\s*>?$/i, '$1')
    .toLowerCase();
  return EMAIL_RE.test(e) && e.length <= 100 ? e : null;
}

const hasLetter = (s: string) => /\p{L}/u.test(s);

/** Lines that are not students: footers like "Anzahl Teilnehmer: 12", or lines without any delimiter in a table. */
function isNoise(cells: string[], width: number): boolean {
  const filled = cells.filter((c) => c !== '');
  if (!filled.length) return true;
  // "Anzahl Teilnehmer: 12", "Seite 1 von 2" (a student called "Stand" has more cells than that)
  if (filled.length <= 2 && FOOTER_RE.test(filled[0]!) && /[:\d]/.test(filled.join(' '))) return true;
  return width > 1 && cells.length === 1;
}

/** Lower-case name particles that belong to the last name ("Moritz von Bülow", "Ludwig van Beethoven"). */
const NAME_PARTICLES = new Set([
  'von',
  'vom',
  'zu',
  'zum',
  'zur',
  'van',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'dos',
  'das',
  'la',
  'le',
  'ten',
  'ter',
]);

/**
 * "Müller, Max" -> Max / Müller; "Moritz von Bülow" -> Moritz / "von Bülow" (a lower-case particle
 * after the first word starts the last name); otherwise the last word is the last name; one word ->
 * last name.
 */
export function splitName(full: string): { vorname: string; nachname: string } {
  const s = full.replace(/\s+/g, ' ').trim();
  const comma = s.indexOf(',');
  if (comma > 0) return { nachname: s.slice(0, comma).trim(), vorname: s.slice(comma + 1).trim() };
  const words = s.split(' ');
  if (words.length < 2) return { vorname: '', nachname: s };
  const particle = words.findIndex((w, i) => i > 0 && i < words.length - 1 && NAME_PARTICLES.has(w));
  const cut = particle > 0 ? particle : words.length - 1;
  return { vorname: words.slice(0, cut).join(' '), nachname: words.slice(cut).join(' ') };
}

function student(rowId: number, vorname: string, nachname: string, email: string | null, dauer: number | null): CsvStudent {
  return { row_id: rowId, vorname, nachname, email, dauer, name: [vorname, nachname].filter(Boolean).join(' ') };
}

function finish(students: CsvStudent[]): CsvStudent[] {
  if (!students.length) throw AppError.badRequest(CSV_MSG.noStudents);
  if (students.length > MAX_STUDENTS) throw AppError.badRequest(CSV_MSG.tooMany(MAX_STUDENTS));
  return students;
}

const isHmtmHeader = (cells: string[]) => findColumn(cells, 'nachname') >= 0 && findColumn(cells, 'vorname') >= 0;

/**
 * HMTM eOffice participant list: a header row naming Nachname and Vorname (anywhere in the first
 * 200 rows, after preamble lines), an optional e-mail column (E-Mail, Email, E-Mail-Adresse, Mail)
 * and an optional duration column (Dauer, Unterrichtsdauer, Dauer (Min.), Minuten). Other columns
 * are ignored; footer lines and rows without any name are dropped.
 */
export function extractHmtm(buf: Buffer): CsvStudent[] {
  const text = decodeCsv(buf);
  const delimiter = detectDelimiter(text, (line) => {
    const n = normalizeHeader(line);
    return CSV_HEADER_SYNONYMS.nachname.some((s) => n.includes(s)) && CSV_HEADER_SYNONYMS.vorname.some((s) => n.includes(s));
  });
  const records = readRecords(text, delimiter);
  const h = records.slice(0, HEADER_SEARCH_ROWS).findIndex(isHmtmHeader);
  if (h < 0) throw AppError.badRequest(CSV_MSG.noHeader);
  const header = records[h]!;
  const col = {
    nachname: findColumn(header, 'nachname'),
    vorname: findColumn(header, 'vorname'),
    email: findColumn(header, 'email'),
    dauer: findColumn(header, 'dauer'),
  };
  const headerKey = header.map(normalizeHeader).join('|');
  const out: CsvStudent[] = [];
  for (const cells of records.slice(h + 1)) {
    if (isNoise(cells, header.length) || cells.map(normalizeHeader).join('|') === headerKey) continue;
    const vorname = cells[col.vorname] ?? '';
    const nachname = cells[col.nachname] ?? '';
    if (!hasLetter(vorname) && !hasLetter(nachname)) continue;
    out.push(
      student(
        out.length + 1,
        hasLetter(vorname) ? vorname : '',
        hasLetter(nachname) ? nachname : '',
        parseEmail(cells[col.email]),
        parseDauer(cells[col.dauer]),
      ),
    );
    if (out.length > MAX_STUDENTS) break;
  }
  return finish(out);
}

/** A column reference of the custom mapping: a 0-based index, or a header name. */
export type ColumnRef = number | string;

export interface CustomMapping {
  name?: ColumnRef;
  vorname?: ColumnRef;
  nachname?: ColumnRef;
  dauer?: ColumnRef;
  email?: ColumnRef;
  /** Whether the first table row is a header row; detected when missing. */
  has_header?: boolean;
}

const ROLES = ['name', 'vorname', 'nachname', 'dauer', 'email'] as const;
type MappedRole = (typeof ROLES)[number];

/**
 * column_mapping: JSON object with `name`, or `vorname` and `nachname`, plus optional `dauer` and
 * `email`. Each value is a 0-based column index (number or digit string) or a header name (matched
 * like HMTM headers); null, "" or -1 leave the role unmapped. Optional `has_header` (boolean).
 */
export function parseMapping(raw: unknown): CustomMapping {
  let obj: unknown = raw;
  if (typeof raw === 'string') {
    try {
      obj = JSON.parse(raw);
    } catch {
      throw AppError.badRequest(CSV_MSG.mappingInvalid);
    }
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw AppError.badRequest(CSV_MSG.mappingInvalid);
  const src = obj as Record<string, unknown>;
  const out: CustomMapping = {};
  for (const role of ROLES) {
    const v = src[role] ?? src[role === 'email' ? 'e-mail' : role === 'dauer' ? 'duration' : role];
    if (v === undefined || v === null || v === '' || v === -1 || v === '-1') continue;
    if (typeof v === 'number') {
      if (!Number.isInteger(v) || v < 0 || v > 10_000) throw AppError.badRequest(CSV_MSG.mappingInvalid);
      out[role] = v;
    } else if (typeof v === 'string') {
      const t = v.trim();
      out[role] = /^\d{1,5}$/.test(t) ? Number(t) : t;
    } else throw AppError.badRequest(CSV_MSG.mappingInvalid);
  }
  if (typeof src.has_header === 'boolean') out.has_header = src.has_header;
  const hasName = out.name !== undefined || (out.vorname !== undefined && out.nachname !== undefined);
  if (!hasName) throw AppError.badRequest(CSV_MSG.mappingNeedsName);
  const used = ROLES.map((r) => out[r])
    .filter((v) => v !== undefined)
    .map((v) => (typeof v === 'string' ? `h:${normalizeHeader(v)}` : `i:${v}`));
  if (new Set(used).size !== used.length) throw AppError.badRequest(CSV_MSG.mappingDuplicate);
  return out;
}

/** A header row: one of the mapped cells carries a known header name for any role. */
function looksLikeHeader(cells: string[], cols: Partial<Record<MappedRole, number>>): boolean {
  if (Object.values(cols).some((i) => i !== undefined && roleOfHeader(cells[i] ?? '') !== undefined)) return true;
  // the mapped e-mail cell is text but not an address
  return cols.email !== undefined && !!cells[cols.email] && !parseEmail(cells[cols.email]) && !/\d/.test(cells[cols.email]!);
}

/** Custom layout: the teacher maps the columns (docs/product/classes.md CSV import, 'Benutzerdefiniert'). */
export function extractCustom(buf: Buffer, mappingRaw: unknown): CsvStudent[] {
  const mapping = parseMapping(mappingRaw);
  const text = decodeCsv(buf);
  const records = readRecords(text, detectDelimiter(text));
  if (!records.length) throw AppError.badRequest(CSV_MSG.empty);
  const width = tableWidth(records);
  const table = withoutPreamble(
    records.filter((r) => !isNoise(r, width)),
    width,
  );
  const named = ROLES.filter((r) => typeof mapping[r] === 'string');
  const cols: Partial<Record<MappedRole, number>> = {};
  let start: number;
  if (named.length) {
    // Header names: the header row is the first row naming all of them.
    const h = table.slice(0, HEADER_SEARCH_ROWS).findIndex((cells) => {
      const norm = cells.map(normalizeHeader);
      return named.every((r) => norm.includes(normalizeHeader(mapping[r] as string)));
    });
    if (h < 0) throw AppError.badRequest(CSV_MSG.columnMissing(named.map((r) => mapping[r] as string).find(Boolean) ?? ''));
    const norm = table[h]!.map(normalizeHeader);
    for (const r of ROLES) {
      const v = mapping[r];
      if (typeof v === 'string') cols[r] = norm.indexOf(normalizeHeader(v));
      else if (typeof v === 'number') cols[r] = v;
    }
    start = h + 1;
  } else {
    for (const r of ROLES) if (typeof mapping[r] === 'number') cols[r] = mapping[r] as number;
    const first = table[0];
    start = (mapping.has_header ?? (first ? looksLikeHeader(first, cols) : false)) ? 1 : 0;
  }
  const maxWidth = table.reduce((m, r) => Math.max(m, r.length), 0);
  for (const r of ROLES) {
    const i = cols[r];
    if (i !== undefined && i >= maxWidth) throw AppError.badRequest(CSV_MSG.columnMissing(typeof mapping[r] === 'string' ? (mapping[r] as string) : i));
  }
  const out: CsvStudent[] = [];
  for (const cells of table.slice(start)) {
    let vorname = '';
    let nachname = '';
    if (cols.vorname !== undefined && cols.nachname !== undefined) {
      vorname = cells[cols.vorname] ?? '';
      nachname = cells[cols.nachname] ?? '';
    }
    if (!hasLetter(vorname) && !hasLetter(nachname) && cols.name !== undefined) ({ vorname, nachname } = splitName(cells[cols.name] ?? ''));
    if (!hasLetter(vorname) && !hasLetter(nachname)) continue;
    const email = cols.email !== undefined ? parseEmail(cells[cols.email]) : null;
    const dauer = cols.dauer !== undefined ? parseDauer(cells[cols.dauer]) : null;
    out.push(student(out.length + 1, hasLetter(vorname) ? vorname : '', hasLetter(nachname) ? nachname : '', email, dauer));
    if (out.length > MAX_STUDENTS) break;
  }
  return finish(out);
}
