// The extraction phase of the CSV import: the service reads the file (the HMTM list or a mapped custom table),
// then the addresses are checked against registered students.
import { ApiError, isAbortError } from '../../../shared/api/client';
import { toast } from '../../../shared/toast/toast-store';
import { classesApi, type CsvRow, type CustomColumnMapping } from '../classes-api';
import { emailKey, importProblem, type ImportRow } from '../csv';
import { CSV_MESSAGES } from '../messages';
import { detailOf } from '../validation';

/** The texts a failed extraction shows (docs/product/errors.md CSV). */
export function extractionErrorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (detail === CSV_MESSAGES.noStudents || detail === CSV_MESSAGES.notCsv || detail === CSV_MESSAGES.empty) return detail;
  if (detail === CSV_MESSAGES.noHeaderDetail) return CSV_MESSAGES.noStudentTable;
  if (error instanceof ApiError) {
    if (error.kind === 'http' && detail) return CSV_MESSAGES.processFailed(detail);
    return CSV_MESSAGES.uploadFailed;
  }
  return CSV_MESSAGES.processFailed(error instanceof Error ? error.message : String(error));
}

export type Extraction = { ok: false; error: string | null } | { ok: true; rows: ImportRow[]; extractedCount: number; selected: Set<number> };

/** Marks the rows whose address belongs to a registered student (a failed check only warns). */
async function withAccounts(extracted: CsvRow[]): Promise<ImportRow[]> {
  const rows: ImportRow[] = extracted.map((r) => ({ ...r }));
  const emails = [...new Set(extracted.map((r) => emailKey(r.email)).filter(Boolean))];
  if (emails.length === 0) return rows;
  try {
    const existing = await classesApi.checkStudentsExist(emails);
    const byEmail = new Map(Object.entries(existing).map(([email, s]) => [email.toLowerCase(), s]));
    return rows.map((r) => {
      const hit = byEmail.get(emailKey(r.email));
      return hit?.user_id ? { ...r, registeredUserId: hit.user_id } : r;
    });
  } catch {
    toast.error(CSV_MESSAGES.checkFailed);
    return rows;
  }
}

/** Extracts the rows of `file`; those without a problem start selected. A cancelled request says nothing. */
export async function extractRows(file: File, mapping: CustomColumnMapping | null, existingEmails: ReadonlySet<string>): Promise<Extraction> {
  let extracted: CsvRow[];
  try {
    extracted = mapping ? await classesApi.extractCustom(file, mapping) : await classesApi.extractHmtm(file);
  } catch (e) {
    return { ok: false, error: isAbortError(e) && (e as ApiError).kind === 'aborted' ? null : extractionErrorMessage(e) };
  }
  if (extracted.length === 0) return { ok: false, error: CSV_MESSAGES.noStudents };
  toast.success(CSV_MESSAGES.extracted(extracted.length));
  const rows = await withAccounts(extracted);
  return { ok: true, rows, extractedCount: extracted.length, selected: new Set(rows.filter((r) => !importProblem(r, existingEmails)).map((r) => r.row_id)) };
}
