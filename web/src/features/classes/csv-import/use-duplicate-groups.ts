// Rows that share an address, found after extraction: the teacher picks which of a group to merge into one.
import { useMemo, type Dispatch } from 'react';
import { toast } from '../../../shared/toast/toast-store';
import { findDuplicateGroups, importProblem, mergeRows, type ImportRow } from '../csv';
import { CSV_MESSAGES } from '../messages';
import type { WizardAction } from './wizard-state';

export function useDuplicateGroups(
  rows: ImportRow[],
  groupSelection: Record<string, Set<number>>,
  existingEmails: ReadonlySet<string>,
  dispatch: Dispatch<WizardAction>,
) {
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

  return { groups, groupChecked, groupSelectedIds, toggleGroupRow, merge };
}
