// The state of the CSV import wizard (docs/product/classes.md CSV import): format and file, the column mapping of
// a custom table, the extracted rows with duplicates and selection (one reducer), and the import itself (a mutation).
import { useMutation } from '@tanstack/react-query';
import { useMemo, useReducer } from 'react';
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

interface WizardState {
  format: CsvFormat;
  file: File | null;
  fileError: string | null;
  preview: CsvPreview | null;
  hasHeader: boolean;
  roles: ColumnRole[];
  mappingError: string | null;
  step: Step;
  error: string | null;
  rows: ImportRow[];
  extractedCount: number;
  selected: Set<number>;
  groupSelection: Record<string, Set<number>>;
  mergeNotes: string[];
}

type WizardAction =
  | { type: 'file-chosen'; file: File | null; fileError: string | null }
  | { type: 'format-chosen'; format: CsvFormat }
  | { type: 'preview-loaded'; preview: CsvPreview; roles: ColumnRole[] }
  | { type: 'preview-failed'; fileError: string }
  | { type: 'file-missing' }
  | { type: 'error'; error: string | null }
  | { type: 'mapping-error'; error: string }
  | { type: 'header-set'; on: boolean }
  | { type: 'role-set'; column: number; role: ColumnRole }
  | { type: 'step'; step: Step }
  | { type: 'extraction-failed'; error: string | null }
  | { type: 'extracted'; rows: ImportRow[]; extractedCount: number; selected: Set<number> }
  | { type: 'group-selection'; email: string; ids: Set<number> }
  | { type: 'merged'; email: string; ids: Set<number>; rows: ImportRow[]; merged: ImportRow; mergedSelectable: boolean; note: string }
  | { type: 'rows-done'; done: Set<number> }
  | { type: 'row-toggled'; rowId: number }
  | { type: 'selection-set'; selected: Set<number> };

const initialState: WizardState = {
  format: 'hmtm',
  file: null,
  fileError: null,
  preview: null,
  hasHeader: true,
  roles: [],
  mappingError: null,
  step: { name: 'choose' },
  error: null,
  rows: [],
  extractedCount: 0,
  selected: new Set(),
  groupSelection: {},
  mergeNotes: [],
};

function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'file-chosen':
      return { ...state, error: null, mappingError: null, preview: null, file: action.file, fileError: action.fileError };
    case 'format-chosen':
      return { ...state, format: action.format, error: null, mappingError: null };
    case 'preview-loaded':
      return { ...state, preview: action.preview, hasHeader: action.preview.hasHeaderGuess, roles: action.roles };
    case 'preview-failed':
      return { ...state, preview: null, fileError: action.fileError };
    case 'file-missing':
      // Keep the reason the file was refused ('CSV-Datei ist leer') instead of replacing it.
      return { ...state, fileError: state.fileError ?? CSV_MESSAGES.notCsv };
    case 'error':
      return { ...state, error: action.error };
    case 'mapping-error':
      return { ...state, mappingError: action.error };
    case 'header-set':
      return { ...state, hasHeader: action.on, mappingError: null };
    case 'role-set':
      return { ...state, roles: assignRole(state.roles, action.column, action.role), mappingError: null };
    case 'step':
      return { ...state, step: action.step };
    case 'extraction-failed':
      return { ...state, step: { name: 'choose' }, error: action.error };
    case 'extracted':
      return {
        ...state,
        rows: action.rows,
        extractedCount: action.extractedCount,
        selected: action.selected,
        groupSelection: {},
        mergeNotes: [],
        step: { name: 'result' },
      };
    case 'group-selection':
      return { ...state, groupSelection: { ...state.groupSelection, [action.email]: action.ids } };
    case 'merged': {
      const selected = new Set([...state.selected].filter((id) => !action.ids.has(id) || id === action.merged.row_id));
      if (action.mergedSelectable) selected.add(action.merged.row_id);
      const groupSelection = { ...state.groupSelection };
      delete groupSelection[action.email];
      // A duplicate-e-mail error from an earlier import attempt is settled by merging.
      return { ...state, error: null, rows: action.rows, selected, groupSelection, mergeNotes: [...state.mergeNotes, action.note] };
    }
    case 'rows-done':
      return {
        ...state,
        rows: state.rows.filter((r) => !action.done.has(r.row_id)),
        selected: new Set([...state.selected].filter((id) => !action.done.has(id))),
      };
    case 'row-toggled': {
      const selected = new Set(state.selected);
      if (selected.has(action.rowId)) selected.delete(action.rowId);
      else selected.add(action.rowId);
      return { ...state, selected };
    }
    case 'selection-set':
      return { ...state, selected: action.selected };
  }
}

export function useCsvImport({ classId, existingEmails, onImported }: { classId: string; existingEmails: ReadonlySet<string>; onImported: () => void }) {
  const [state, dispatch] = useReducer(wizardReducer, initialState);
  const { format, file, fileError, preview, hasHeader, roles, mappingError, step, error, rows, extractedCount, selected, groupSelection, mergeNotes } = state;

  const loadPreview = async (next: File) => {
    try {
      const text = await readCsvFile(next);
      const built = buildPreview(text);
      if (built.records.length === 0) {
        dispatch({ type: 'preview-failed', fileError: CSV_MESSAGES.empty });
        return;
      }
      dispatch({ type: 'preview-loaded', preview: built, roles: guessRoles(built.hasHeaderGuess ? (built.records[0] ?? null) : null, built.columns) });
    } catch (e) {
      dispatch({ type: 'preview-failed', fileError: extractionErrorMessage(e) });
    }
  };

  const chooseFile = (next: File | null) => {
    const problem = checkCsvFile(next);
    dispatch({ type: 'file-chosen', file: problem ? null : next, fileError: next ? problem : null });
    if (!problem && next && format === 'custom') void loadPreview(next);
  };

  const chooseFormat = (next: CsvFormat) => {
    dispatch({ type: 'format-chosen', format: next });
    if (next === 'custom' && file && !preview) void loadPreview(file);
  };

  const extract = async () => {
    dispatch({ type: 'error', error: null });
    if (!file) {
      dispatch({ type: 'file-missing' });
      return;
    }
    let mapping = null;
    if (format === 'custom') {
      const built = buildMapping(roles, hasHeader, hasHeader ? (preview?.records[0] ?? []) : []);
      if (!built.ok) {
        dispatch({ type: 'mapping-error', error: built.error });
        return;
      }
      mapping = built.mapping;
    }
    dispatch({ type: 'step', step: { name: 'processing' } });
    let extracted: CsvRow[];
    try {
      extracted = mapping ? await classesApi.extractCustom(file, mapping) : await classesApi.extractHmtm(file);
    } catch (e) {
      dispatch({ type: 'extraction-failed', error: isAbortError(e) && (e as ApiError).kind === 'aborted' ? null : extractionErrorMessage(e) });
      return;
    }
    if (extracted.length === 0) {
      dispatch({ type: 'extraction-failed', error: CSV_MESSAGES.noStudents });
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
    dispatch({
      type: 'extracted',
      rows: withAccounts,
      extractedCount: extracted.length,
      selected: new Set(withAccounts.filter((r) => !importProblem(r, existingEmails)).map((r) => r.row_id)),
    });
  };

  const groups = useMemo(() => findDuplicateGroups(rows), [rows]);
  const groupChecked = (email: string, rowId: number) => groupSelection[email]?.has(rowId) ?? true;
  const groupSelectedIds = (email: string, groupRows: ImportRow[]) => new Set(groupRows.filter((r) => groupChecked(email, r.row_id)).map((r) => r.row_id));

  const toggleGroupRow = (email: string, groupRows: ImportRow[], rowId: number) => {
    const current = groupSelectedIds(email, groupRows);
    if (current.has(rowId)) current.delete(rowId);
    else current.add(rowId);
    dispatch({ type: 'group-selection', email, ids: current });
  };

  const merge = (email: string, groupRows: ImportRow[]) => {
    const ids = groupSelectedIds(email, groupRows);
    const result = mergeRows(rows, ids);
    if (!result) return;
    dispatch({
      type: 'merged',
      email,
      ids,
      rows: result.rows,
      merged: result.merged,
      mergedSelectable: !importProblem(result.merged, existingEmails),
      note: CSV_MESSAGES.merged(result.count, result.minutes),
    });
    toast.info(CSV_MESSAGES.mergedToast, 3000);
  };

  const selectable = rows.filter((r) => !importProblem(r, existingEmails));
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.row_id));
  const chosen = rows.filter((r) => selected.has(r.row_id));

  // Imported rows leave the list, so a retry after a later failure does not add them twice.
  const importRows = useImportRows(classId, (done) => dispatch({ type: 'rows-done', done }));

  const importSelected = () => {
    dispatch({ type: 'error', error: null });
    const duplicate = firstDuplicateEmail(chosen);
    if (duplicate) {
      dispatch({
        type: 'error',
        error: `Die E-Mail-Adresse ${duplicate} kommt in der Auswahl mehrfach vor. Bitte führe die Einträge zusammen oder wähle einen ab.`,
      });
      return;
    }
    importRows.mutate(chosen, {
      onSuccess: () => {
        toast.success(`${chosen.length} Studierende erfolgreich importiert`);
        onImported();
      },
      onError: (e) => {
        const message = addMemberErrorMessage(e);
        dispatch({ type: 'error', error: message });
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
    backToChoose: () => dispatch({ type: 'step', step: { name: 'choose' } }),
    setHeader: (on: boolean) => dispatch({ type: 'header-set', on }),
    setRole: (column: number, role: ColumnRole) => dispatch({ type: 'role-set', column, role }),
    toggleRow: (rowId: number) => dispatch({ type: 'row-toggled', rowId }),
    toggleAll: () => dispatch({ type: 'selection-set', selected: allSelected ? new Set() : new Set(selectable.map((r) => r.row_id)) }),
  };
}

export type CsvImport = ReturnType<typeof useCsvImport>;
