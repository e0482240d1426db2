// The state of the CSV import wizard (docs/product/classes.md CSV import): format and file, the column mapping of
// a custom table, the extracted rows with duplicates and selection (one reducer, wizard-state.ts), the extraction
// phase (extraction.ts) and the import itself (a mutation, use-import-rows.ts).
import { useReducer } from 'react';
import { toast } from '../../../shared/toast/toast-store';
import { buildMapping, buildPreview, checkCsvFile, firstDuplicateEmail, guessRoles, importProblem, readCsvFile, type ColumnRole } from '../csv';
import { CSV_MESSAGES } from '../messages';
import { addMemberErrorMessage } from '../validation';
import { extractionErrorMessage, extractRows } from './extraction';
import { useDuplicateGroups } from './use-duplicate-groups';
import { useImportRows } from './use-import-rows';
import { initialState, wizardReducer, type CsvFormat } from './wizard-state';

export { extractionErrorMessage } from './extraction';
export type { CsvFormat } from './wizard-state';

interface CsvImportOptions {
  classId: string;
  existingEmails: ReadonlySet<string>;
  onImported: () => void;
}

export function useCsvImport({ classId, existingEmails, onImported }: CsvImportOptions) {
  const [state, dispatch] = useReducer(wizardReducer, initialState);
  const { format, file, preview, hasHeader, roles, rows, selected } = state;
  const duplicates = useDuplicateGroups(rows, state.groupSelection, existingEmails, dispatch);

  const loadPreview = async (next: File) => {
    try {
      const built = buildPreview(await readCsvFile(next));
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
    const result = await extractRows(file, mapping, existingEmails);
    if (result.ok) dispatch({ type: 'extracted', rows: result.rows, extractedCount: result.extractedCount, selected: result.selected });
    else dispatch({ type: 'extraction-failed', error: result.error });
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
    ...state,
    ...duplicates,
    selectable,
    allSelected,
    chosen,
    importing: importRows.isPending,
    chooseFile,
    chooseFormat,
    extract,
    importSelected,
    backToChoose: () => dispatch({ type: 'step', step: { name: 'choose' } }),
    setHeader: (on: boolean) => dispatch({ type: 'header-set', on }),
    setRole: (column: number, role: ColumnRole) => dispatch({ type: 'role-set', column, role }),
    toggleRow: (rowId: number) => dispatch({ type: 'row-toggled', rowId }),
    toggleAll: () => dispatch({ type: 'selection-set', selected: allSelected ? new Set() : new Set(selectable.map((r) => r.row_id)) }),
  };
}

export type CsvImport = ReturnType<typeof useCsvImport>;
