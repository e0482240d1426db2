// The state of the CSV import wizard (docs/product/classes.md CSV import): format and file, the column mapping of
// a custom table, the extracted rows with duplicates and selection, and the import itself (a mutation).
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, isAbortError } from '../../../shared/api/client';
import { toast } from '../../../shared/toast/toast-store';
import { classesApi, type CsvRow } from '../classes-api';
import {
  assignRole,
  buildMapping,
  buildPreview,
  checkCsvFile,
  emailKey,
  findDuplicateGroups,
  firstDuplicateEmail,
  guessRoles,
  importDuration,
  importName,
  importProblem,
  mergeRows,
  readCsvFile,
  type ColumnRole,
  type CsvPreview,
  type ImportRow,
} from '../csv';
import { CSV_MESSAGES } from '../messages';
import { addMemberErrorMessage, detailOf } from '../validation';

export type CsvFormat = 'hmtm' | 'custom';

type Step = { name: 'choose' } | { name: 'processing' } | { name: 'result' };

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

/** New rows via members/new, rows of registered students via members; `onRowsDone` hears of the new ones at once. */
function useImportRows(classId: string, onRowsDone: (rowIds: Set<number>) => void) {
  return useMutation({
    mutationFn: async (chosen: ImportRow[]) => {
      const registered = chosen.filter((r) => r.registeredUserId);
      const fresh = chosen.filter((r) => !r.registeredUserId);
      if (fresh.length > 0) {
        await classesApi.addNew(
          classId,
          fresh.map((r) => ({ name: importName(r), duration: importDuration(r.dauer), email: r.email ? r.email.trim().toLowerCase() : null })),
        );
        onRowsDone(new Set(fresh.map((r) => r.row_id)));
      }
      if (registered.length > 0) {
        await classesApi.addRegistered(
          classId,
          registered.map((r) => ({ student_id: r.registeredUserId!, duration: importDuration(r.dauer) })),
        );
      }
    },
  });
}

export function useCsvImport({ classId, existingEmails, onImported }: { classId: string; existingEmails: ReadonlySet<string>; onImported: () => void }) {
  const [format, setFormat] = useState<CsvFormat>('hmtm');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [roles, setRoles] = useState<ColumnRole[]>([]);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [extractedCount, setExtractedCount] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [groupSelection, setGroupSelection] = useState<Record<string, Set<number>>>({});
  const [mergeNotes, setMergeNotes] = useState<string[]>([]);

  const loadPreview = async (next: File) => {
    try {
      const text = await readCsvFile(next);
      const built = buildPreview(text);
      if (built.records.length === 0) {
        setPreview(null);
        setFileError(CSV_MESSAGES.empty);
        return;
      }
      setPreview(built);
      setHasHeader(built.hasHeaderGuess);
      setRoles(guessRoles(built.hasHeaderGuess ? (built.records[0] ?? null) : null, built.columns));
    } catch (e) {
      setPreview(null);
      setFileError(extractionErrorMessage(e));
    }
  };

  const chooseFile = (next: File | null) => {
    setError(null);
    setMappingError(null);
    setPreview(null);
    const problem = checkCsvFile(next);
    setFile(problem ? null : next);
    setFileError(next ? problem : null);
    if (!problem && next && format === 'custom') void loadPreview(next);
  };

  const chooseFormat = (next: CsvFormat) => {
    setFormat(next);
    setError(null);
    setMappingError(null);
    if (next === 'custom' && file && !preview) void loadPreview(file);
  };

  const extract = async () => {
    setError(null);
    if (!file) {
      // Keep the reason the file was refused ('CSV-Datei ist leer') instead of replacing it.
      setFileError((current) => current ?? CSV_MESSAGES.notCsv);
      return;
    }
    let mapping = null;
    if (format === 'custom') {
      const built = buildMapping(roles, hasHeader, hasHeader ? (preview?.records[0] ?? []) : []);
      if (!built.ok) {
        setMappingError(built.error);
        return;
      }
      mapping = built.mapping;
    }
    setStep({ name: 'processing' });
    let extracted: CsvRow[];
    try {
      extracted = mapping ? await classesApi.extractCustom(file, mapping) : await classesApi.extractHmtm(file);
    } catch (e) {
      setStep({ name: 'choose' });
      if (isAbortError(e) && (e as ApiError).kind === 'aborted') return;
      setError(extractionErrorMessage(e));
      return;
    }
    if (extracted.length === 0) {
      setStep({ name: 'choose' });
      setError(CSV_MESSAGES.noStudents);
      return;
    }
    toast.success(CSV_MESSAGES.extracted(extracted.length));
    let withAccounts: ImportRow[] = extracted.map((r) => ({ ...r }));
    const emails = [...new Set(extracted.map((r) => emailKey(r.email)).filter(Boolean))];
    if (emails.length > 0) {
      try {
        const existing = await classesApi.checkStudentsExist(emails);
        const byEmail = new Map(Object.entries(existing).map(([email, s]) => [email.toLowerCase(), s]));
        withAccounts = withAccounts.map((r) => {
          const hit = byEmail.get(emailKey(r.email));
          return hit?.user_id ? { ...r, registeredUserId: hit.user_id } : r;
        });
      } catch {
        toast.error(CSV_MESSAGES.checkFailed);
      }
    }
    setRows(withAccounts);
    setExtractedCount(extracted.length);
    setSelected(new Set(withAccounts.filter((r) => !importProblem(r, existingEmails)).map((r) => r.row_id)));
    setGroupSelection({});
    setMergeNotes([]);
    setStep({ name: 'result' });
  };

  const groups = useMemo(() => findDuplicateGroups(rows), [rows]);
  const groupChecked = (email: string, rowId: number) => groupSelection[email]?.has(rowId) ?? true;
  const groupSelectedIds = (email: string, groupRows: ImportRow[]) => new Set(groupRows.filter((r) => groupChecked(email, r.row_id)).map((r) => r.row_id));

  const toggleGroupRow = (email: string, groupRows: ImportRow[], rowId: number) => {
    const current = groupSelectedIds(email, groupRows);
    if (current.has(rowId)) current.delete(rowId);
    else current.add(rowId);
    setGroupSelection((g) => ({ ...g, [email]: current }));
  };

  const merge = (email: string, groupRows: ImportRow[]) => {
    const ids = groupSelectedIds(email, groupRows);
    const result = mergeRows(rows, ids);
    if (!result) return;
    // A duplicate-e-mail error from an earlier import attempt is settled by merging.
    setError(null);
    setRows(result.rows);
    setSelected((s) => {
      const next = new Set([...s].filter((id) => !ids.has(id) || id === result.merged.row_id));
      if (!importProblem(result.merged, existingEmails)) next.add(result.merged.row_id);
      return next;
    });
    setGroupSelection((g) => {
      const next = { ...g };
      delete next[email];
      return next;
    });
    setMergeNotes((n) => [...n, CSV_MESSAGES.merged(result.count, result.minutes)]);
    toast.info(CSV_MESSAGES.mergedToast, 3000);
  };

  const selectable = rows.filter((r) => !importProblem(r, existingEmails));
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.row_id));
  const chosen = rows.filter((r) => selected.has(r.row_id));

  // Imported rows leave the list, so a retry after a later failure does not add them twice.
  const dropRows = (done: Set<number>) => {
    setRows((all) => all.filter((r) => !done.has(r.row_id)));
    setSelected((s) => new Set([...s].filter((id) => !done.has(id))));
  };
  const importRows = useImportRows(classId, dropRows);

  const importSelected = () => {
    setError(null);
    const duplicate = firstDuplicateEmail(chosen);
    if (duplicate) {
      setError(`Die E-Mail-Adresse ${duplicate} kommt in der Auswahl mehrfach vor. Bitte führe die Einträge zusammen oder wähle einen ab.`);
      return;
    }
    importRows.mutate(chosen, {
      onSuccess: () => {
        toast.success(`${chosen.length} Studierende erfolgreich importiert`);
        onImported();
      },
      onError: (e) => {
        const message = addMemberErrorMessage(e);
        setError(message);
        toast.error(message);
      },
    });
  };

  return {
    format,
    file,
    fileError,
    preview,
    hasHeader,
    roles,
    mappingError,
    step,
    error,
    rows,
    extractedCount,
    selected,
    mergeNotes,
    groups,
    selectable,
    allSelected,
    chosen,
    importing: importRows.isPending,
    chooseFile,
    chooseFormat,
    extract,
    merge,
    importSelected,
    groupChecked,
    groupSelectedIds,
    toggleGroupRow,
    backToChoose: () => setStep({ name: 'choose' }),
    setHeader: (on: boolean) => {
      setHasHeader(on);
      setMappingError(null);
    },
    setRole: (column: number, role: ColumnRole) => {
      setRoles((r) => assignRole(r, column, role));
      setMappingError(null);
    },
    toggleRow: (rowId: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(rowId)) next.delete(rowId);
        else next.add(rowId);
        return next;
      }),
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.row_id))),
  };
}

export type CsvImport = ReturnType<typeof useCsvImport>;
