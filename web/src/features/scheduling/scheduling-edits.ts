// The unsaved edits of steps 2-4, which belong to one class: the teacher's times draft and its error, the manual
// range picker of step 3, and whether the planner has unsaved changes. One reducer, named actions.
import type { WeekSlots } from '@stundenplan/timegrid';

export interface CustomEdit {
  open: boolean;
  draft: WeekSlots | null;
  error: string | null;
}

export interface StepEdits {
  classId: string | null;
  teacherDraft: WeekSlots | null;
  timesError: string | null;
  custom: CustomEdit;
  plannerDirty: boolean;
}

export type StepEditAction =
  | { type: 'class'; classId: string | null }
  | { type: 'teacherDraft'; draft: WeekSlots | null }
  | { type: 'timesError'; error: string | null }
  | { type: 'customOpen' }
  | { type: 'customClose' }
  | { type: 'customDraft'; draft: WeekSlots | null }
  | { type: 'customError'; error: string }
  | { type: 'plannerDirty'; dirty: boolean }
  | { type: 'discard' };

export const CLOSED_CUSTOM: CustomEdit = { open: false, draft: null, error: null };

export function initialEdits(classId: string | null): StepEdits {
  return { classId, teacherDraft: null, timesError: null, custom: CLOSED_CUSTOM, plannerDirty: false };
}

export function stepEditsReducer(edits: StepEdits, action: StepEditAction): StepEdits {
  switch (action.type) {
    case 'class':
      return initialEdits(action.classId);
    case 'teacherDraft':
      // A draft with times clears the 'at least one time' error; dropping the draft clears any.
      return { ...edits, teacherDraft: action.draft, timesError: action.draft && action.draft.isEmpty() ? edits.timesError : null };
    case 'timesError':
      return { ...edits, timesError: action.error };
    case 'customOpen':
      return { ...edits, custom: { open: true, draft: null, error: null } };
    case 'customClose':
      return { ...edits, custom: CLOSED_CUSTOM };
    case 'customDraft':
      return { ...edits, custom: { ...edits.custom, draft: action.draft, error: action.draft && !action.draft.isEmpty() ? null : edits.custom.error } };
    case 'customError':
      return { ...edits, custom: { ...edits.custom, error: action.error } };
    case 'plannerDirty':
      return { ...edits, plannerDirty: action.dirty };
    case 'discard':
      return initialEdits(edits.classId);
  }
}
