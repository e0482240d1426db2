// The CSV import wizard's state as one reducer: format and file, the column mapping of a custom table, and the
// extracted rows with their duplicates and selection.
import { assignRole, type ColumnRole, type CsvPreview, type ImportRow } from '../csv';
import { CSV_MESSAGES } from '../messages';

export type CsvFormat = 'hmtm' | 'custom';

export type Step = { name: 'choose' } | { name: 'processing' } | { name: 'result' };

export interface WizardState {
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

export type WizardAction =
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

export const initialState: WizardState = {
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

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
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
