import type { WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useReducer, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { useUnsavedChangesGuard } from '../../shared/unsaved/use-unsaved-changes-guard';
import type { PlannerSaveHandler } from './planner-save-context';
import { deleteRangeCookie, type RangeChoice } from './range-cookie';
import { useSaveTeacherTimes, useSaveTimeRange } from './scheduling-data';
import { initialEdits, stepEditsReducer } from './scheduling-edits';
import { SCHEDULING_TEXTS } from './scheduling-texts';
import { EMPTY_WEEK, type StepData } from './use-step-data';

const failed = (error: unknown) => toast.error(`Speichern fehlgeschlagen: ${errorMessage(error)}`);

/** The edits of steps 2-4 (scheduling-edits.ts), their saves and the unsaved-changes guard over all of them. */
export function useStepSaves(classId: string | null, data: StepData) {
  const [edits, dispatch] = useReducer(stepEditsReducer, classId, initialEdits);
  // Edits belong to one class: a different class (or step 1) starts clean.
  if (edits.classId !== classId) dispatch({ type: 'class', classId });
  const { savedTimes, range } = data;
  const saveTimes = useSaveTeacherTimes(classId ?? '');
  const saveRangeChoice = useSaveTimeRange(classId ?? '');
  const { mutateAsync: saveTimesAsync } = saveTimes;
  const { mutateAsync: saveRangeAsync } = saveRangeChoice;
  // The planner's save lives in a ref: re-registering a new function must not re-render the page.
  const plannerSave = useRef<PlannerSaveHandler | null>(null);
  const [hasPlannerSave, setHasPlannerSave] = useState(false);

  const currentTimes = edits.teacherDraft ?? savedTimes ?? EMPTY_WEEK;
  const teacherDirty = !!edits.teacherDraft && !!savedTimes && !edits.teacherDraft.equals(savedTimes);
  // The manual picker starts from the saved range (any mode), else from the teacher's times.
  const customBase = range?.timeRange ?? savedTimes ?? EMPTY_WEEK;
  const customDirty = edits.custom.open && !!edits.custom.draft && !edits.custom.draft.equals(customBase);

  const saveTeacher = useCallback(async (): Promise<boolean> => {
    if (!classId) return false;
    if (currentTimes.isEmpty()) {
      dispatch({ type: 'timesError', error: SCHEDULING_TEXTS.atLeastOneTime });
      return false;
    }
    dispatch({ type: 'timesError', error: null });
    try {
      const wasEmpty = !savedTimes || savedTimes.isEmpty();
      const stored = await saveTimesAsync(currentTimes);
      dispatch({ type: 'teacherDraft', draft: null });
      if (stored.isEmpty()) deleteRangeCookie(classId);
      toast.success(wasEmpty ? SCHEDULING_TEXTS.timesSaved : SCHEDULING_TEXTS.timesUpdated);
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }, [classId, currentTimes, savedTimes, saveTimesAsync]);

  const saveRange = useCallback(
    async (choice: RangeChoice): Promise<boolean> => {
      // docs/product/planning.md: step 3 can only be submitted with teacher times and a chosen class.
      if (!classId || !savedTimes || savedTimes.isEmpty()) return false;
      let customRange: WeekSlots | undefined;
      if (choice.mode === 'custom') {
        customRange = edits.custom.draft ?? customBase;
        if (customRange.isEmpty()) {
          dispatch({ type: 'customError', error: SCHEDULING_TEXTS.customEmpty });
          return false;
        }
      }
      try {
        await saveRangeAsync({ choice, custom: customRange });
        dispatch({ type: 'customClose' });
        toast.success(SCHEDULING_TEXTS.rangeSaved);
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    [classId, savedTimes, edits.custom.draft, customBase, saveRangeAsync],
  );

  const plannerDirty = edits.plannerDirty;
  const saveAll = useCallback(async (): Promise<boolean> => {
    if (teacherDirty && !(await saveTeacher())) return false;
    if (customDirty && !(await saveRange({ mode: 'custom', extraMinutes: null }))) return false;
    if (plannerDirty && !(plannerSave.current && (await plannerSave.current()))) return false;
    return true;
  }, [teacherDirty, customDirty, plannerDirty, saveTeacher, saveRange]);

  const guard = useUnsavedChangesGuard({
    when: teacherDirty || customDirty || plannerDirty,
    onSave: plannerDirty && !hasPlannerSave ? undefined : saveAll,
    onDiscard: useCallback(() => dispatch({ type: 'discard' }), []),
    saveHint: SCHEDULING_TEXTS.plannerSaveHint,
  });

  const registerPlannerSave = useCallback((handler: PlannerSaveHandler | null) => {
    plannerSave.current = handler;
    setHasPlannerSave(handler !== null);
  }, []);
  const setPlannerDirty = useCallback((dirty: boolean) => dispatch({ type: 'plannerDirty', dirty }), []);

  return {
    edits,
    dispatch,
    currentTimes,
    teacherDirty,
    customBase,
    saving: saveTimes.isPending || saveRangeChoice.isPending,
    saveTeacher,
    saveRange,
    guard,
    registerPlannerSave,
    setPlannerDirty,
  };
}

export type StepSaves = ReturnType<typeof useStepSaves>;
