// /scheduling: the teacher's four planning steps (docs/product/planning.md, docs/product/planning.md). Each step has its own path
// (/scheduling, /scheduling/zeiten, /scheduling/zeitraum, /scheduling/planen) and steps 2-4 carry the
// class as ?klasse=<id>, so the back button walks through the steps and a reload keeps the class.
// Step 1 never carries a class: going there resets everything.
import { useQuery } from '@tanstack/react-query';
import { WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { defaultVisibleRange, type SlotRange } from '../availability';
import { MOBILE_QUERY } from '../../shared/hooks/use-media-query';
import { useUnsavedChangesGuard } from '../../shared/unsaved/use-unsaved-changes-guard';
import { SLOW_LOAD_TEXT, useSlowLoading } from '../../shared/hooks/use-slow-loading';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { ButtonLink } from '../../shared/ui/Button';
import { cx } from '../../shared/ui/cx';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { TeacherDates } from '../lessons';
import { ClassStep, useSchedulingClasses } from './ClassStep';
import { PlannerSaveContext, type PlannerSaveHandler } from './planner-save-context';
import { PlannerStep } from './planner/PlannerStep';
import { deleteRangeCookie, readRangeCookie, writeRangeCookie, type RangeChoice } from './range-cookie';
import { effectiveRange } from './scheduling-api';
import { teacherTimesQuery, timeRangeQuery, useSaveTeacherTimes, useSaveTimeRange } from './scheduling-data';
import { CLASS_PARAM, stepAccess, stepFromPath, stepPath, STEP_WARNINGS, type FlowFacts, type Step } from './scheduling-flow';
import { SCHEDULING_TEXTS } from './scheduling-texts';
import { SchedulingSidebar } from './SchedulingSidebar';
import { StepIndicator } from './StepIndicator';
import { StepWarningBox } from './StepWarningBox';
import { TeacherTimesStep } from './TeacherTimesStep';
import { TimeRangeStep, type CustomRangeState } from './TimeRangeStep';
import { useClassChoice } from './use-class-choice';
import './scheduling.css';

interface CustomEdit {
  open: boolean;
  draft: WeekSlots | null;
  error: string | null;
}

const CLOSED_CUSTOM: CustomEdit = { open: false, draft: null, error: null };
const EMPTY = WeekSlots.empty();

function startsOnMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
}

export function SchedulingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const step = stepFromPath(location.pathname);
  const classId = step !== null && step !== 1 ? params.get(CLASS_PARAM) || null : null;

  const classes = useSchedulingClasses();
  const timesQuery = useQuery(teacherTimesQuery(classId ?? ''));
  const rangeQuery = useQuery(timeRangeQuery(classId ?? ''));
  const saveTimes = useSaveTeacherTimes(classId ?? '');
  const saveRangeChoice = useSaveTimeRange(classId ?? '');
  const { mutateAsync: saveTimesAsync } = saveTimes;
  const { mutateAsync: saveRangeAsync } = saveRangeChoice;
  const saving = saveTimes.isPending || saveRangeChoice.isPending;
  const { choosing, choose } = useClassChoice();

  // Edits belong to one class: a different class (or step 1) starts clean.
  const [editClass, setEditClass] = useState(classId);
  const [teacherDraft, setTeacherDraft] = useState<WeekSlots | null>(null);
  const [timesError, setTimesError] = useState<string | null>(null);
  const [custom, setCustom] = useState<CustomEdit>(CLOSED_CUSTOM);
  const [plannerDirty, setPlannerDirty] = useState(false);
  // The planner's save lives in a ref: re-registering a new function must not re-render the page.
  const plannerSave = useRef<PlannerSaveHandler | null>(null);
  const [hasPlannerSave, setHasPlannerSave] = useState(false);
  if (editClass !== classId) {
    setEditClass(classId);
    setTeacherDraft(null);
    setTimesError(null);
    setCustom(CLOSED_CUSTOM);
    setPlannerDirty(false);
  }

  const [visibleRange, setVisibleRange] = useState<SlotRange>(defaultVisibleRange);
  const [sidebarOpen, setSidebarOpen] = useState(() => !startsOnMobile());

  const savedTimes = timesQuery.data;
  const rangeData = rangeQuery.data;
  // Read on every render (cheap): saves rewrite the cookie.
  const remembered = classId ? readRangeCookie(classId) : null;
  const rememberedKey = remembered ? `${remembered.mode}:${remembered.extraMinutes}` : '';
  const range = useMemo(() => effectiveRange(rangeData, rememberedKey ? remembered : null), [rangeData, rememberedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // The cookie mirrors the saved mode and goes away with the teacher times (docs/product/planning.md).
  useEffect(() => {
    if (classId && rangeData?.mode) writeRangeCookie(classId, { mode: rangeData.mode, extraMinutes: rangeData.extraMinutes });
  }, [classId, rangeData]);
  useEffect(() => {
    if (classId && savedTimes?.isEmpty()) deleteRangeCookie(classId);
  }, [classId, savedTimes]);

  const currentTimes = teacherDraft ?? savedTimes ?? EMPTY;
  const teacherDirty = !!teacherDraft && !!savedTimes && !teacherDraft.equals(savedTimes);
  // The manual picker starts from the saved range (any mode), else from the teacher's times.
  const customBase = range?.timeRange ?? savedTimes ?? EMPTY;
  const customDirty = custom.open && !!custom.draft && !custom.draft.equals(customBase);
  const dirty = teacherDirty || customDirty || plannerDirty;

  const dataLoaded = !!classId && timesQuery.isSuccess && rangeQuery.isSuccess;
  const facts: FlowFacts = {
    hasClass: !!classId,
    hasTimes: !!savedTimes && !savedTimes.isEmpty(),
    hasRangeMode: !!range?.mode,
  };
  const className = classes.data?.find((c) => c.class_id === classId)?.name ?? (classes.isPending ? '…' : 'Unbekannte Klasse');

  // ---- saving -------------------------------------------------------------------------------

  const saveTeacher = useCallback(async (): Promise<boolean> => {
    if (!classId) return false;
    const times = teacherDraft ?? savedTimes ?? EMPTY;
    if (times.isEmpty()) {
      setTimesError(SCHEDULING_TEXTS.atLeastOneTime);
      return false;
    }
    setTimesError(null);
    try {
      const wasEmpty = !savedTimes || savedTimes.isEmpty();
      const stored = await saveTimesAsync(times);
      setTeacherDraft(null);
      if (stored.isEmpty()) deleteRangeCookie(classId);
      toast.success(wasEmpty ? SCHEDULING_TEXTS.timesSaved : SCHEDULING_TEXTS.timesUpdated);
      return true;
    } catch (error) {
      toast.error(`Speichern fehlgeschlagen: ${errorMessage(error)}`);
      return false;
    }
  }, [classId, teacherDraft, savedTimes, saveTimesAsync]);

  const saveRange = useCallback(
    async (choice: RangeChoice): Promise<boolean> => {
      // docs/product/planning.md: step 3 can only be submitted with teacher times and a chosen class.
      if (!classId || !savedTimes || savedTimes.isEmpty()) return false;
      let customRange: WeekSlots | undefined;
      if (choice.mode === 'custom') {
        customRange = custom.draft ?? customBase;
        if (customRange.isEmpty()) {
          setCustom((c) => ({ ...c, error: SCHEDULING_TEXTS.customEmpty }));
          return false;
        }
      }
      try {
        await saveRangeAsync({ choice, custom: customRange });
        setCustom(CLOSED_CUSTOM);
        toast.success(SCHEDULING_TEXTS.rangeSaved);
        return true;
      } catch (error) {
        toast.error(`Speichern fehlgeschlagen: ${errorMessage(error)}`);
        return false;
      }
    },
    [classId, savedTimes, custom.draft, customBase, saveRangeAsync],
  );

  const saveAll = useCallback(async (): Promise<boolean> => {
    if (teacherDirty && !(await saveTeacher())) return false;
    if (customDirty && !(await saveRange({ mode: 'custom', extraMinutes: null }))) return false;
    if (plannerDirty && !(plannerSave.current && (await plannerSave.current()))) return false;
    return true;
  }, [teacherDirty, customDirty, plannerDirty, saveTeacher, saveRange]);

  const discardAll = useCallback(() => {
    setTeacherDraft(null);
    setTimesError(null);
    setCustom(CLOSED_CUSTOM);
    setPlannerDirty(false);
  }, []);

  const guard = useUnsavedChangesGuard({
    when: dirty,
    onSave: plannerDirty && !hasPlannerSave ? undefined : saveAll,
    onDiscard: discardAll,
    saveHint: SCHEDULING_TEXTS.plannerSaveHint,
  });

  const registerPlannerSave = useCallback((handler: PlannerSaveHandler | null) => {
    plannerSave.current = handler;
    setHasPlannerSave(handler !== null);
  }, []);

  const teacherTimesMap = useMemo(() => savedTimes?.toTimesMap() ?? {}, [savedTimes]);
  const rangeMap = useMemo(() => range?.timeRange?.toTimesMap() ?? null, [range]);
  const slow = useSlowLoading(!!classId && (timesQuery.isPending || rangeQuery.isPending));

  if (step === null) return <Navigate to="/scheduling" replace />;

  const goTo = (target: Step) => void navigate(stepPath(target, classId));

  let content;
  if (step === 1) {
    content = <ClassStep choosing={choosing} onChoose={(cls) => void choose(cls)} />;
  } else if (!classId) {
    content = <StepWarningBox warning={STEP_WARNINGS.noClass} classId={null} />;
  } else if (timesQuery.isError || rangeQuery.isError) {
    const error = timesQuery.error ?? rangeQuery.error;
    content = (
      <Alert
        kind="error"
        title={SCHEDULING_TEXTS.dataLoadFailed}
        actions={
          <ButtonLink to={stepPath(1)} size="sm">
            Zu Schritt 1: Klasse wählen
          </ButtonLink>
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  } else if (!dataLoaded) {
    content = (
      <div>
        <PageSpinner label="Daten werden geladen…" />
        {slow && <p className="slow-hint">{SLOW_LOAD_TEXT}</p>}
      </div>
    );
  } else {
    const warning = stepAccess(step, facts);
    if (warning) {
      content = <StepWarningBox warning={warning} classId={classId} />;
    } else if (step === 4 && params.get(VIEW_PARAM) === DATES_VIEW) {
      content = (
        <>
          <PlannerViews classId={classId} dates />
          <TeacherDates classId={classId} />
        </>
      );
    } else if (step === 4) {
      content = (
        <PlannerSaveContext.Provider value={registerPlannerSave}>
          <PlannerViews classId={classId} dates={false} />
          <PlannerStep
            classId={classId}
            className={className}
            teacherTimes={teacherTimesMap}
            timeRange={rangeMap}
            onUnsavedChange={setPlannerDirty}
            onEditTimes={() => goTo(2)}
          />
        </PlannerSaveContext.Provider>
      );
    } else {
      const customState: CustomRangeState = { ...custom, base: customBase };
      content = (
        <div className={cx('sched-layout', !sidebarOpen && 'sched-layout--collapsed')}>
          <SchedulingSidebar
            open={sidebarOpen}
            onToggle={() => setSidebarOpen((o) => !o)}
            classId={classId}
            className={className}
            visibleRange={visibleRange}
            onVisibleRangeChange={setVisibleRange}
            teacherTimes={currentTimes}
            range={range}
          />
          <div className="sched-main">
            {step === 2 ? (
              <TeacherTimesStep
                classId={classId ?? undefined}
                className={className}
                times={currentTimes}
                dirty={teacherDirty}
                saving={saving}
                error={timesError}
                visibleRange={visibleRange}
                onChange={(next) => {
                  setTeacherDraft(next);
                  if (!next.isEmpty()) setTimesError(null);
                }}
                onSave={() => void saveTeacher()}
                onDiscard={() => {
                  setTeacherDraft(null);
                  setTimesError(null);
                }}
                onNext={() => {
                  if (currentTimes.isEmpty()) setTimesError(SCHEDULING_TEXTS.atLeastOneTime);
                  else goTo(3);
                }}
              />
            ) : (
              <TimeRangeStep
                key={classId}
                className={className}
                teacherTimes={savedTimes!}
                range={range!}
                remembered={remembered}
                canSubmit={facts.hasClass && facts.hasTimes}
                visibleRange={visibleRange}
                saving={saving}
                custom={customState}
                onOpenCustom={() => setCustom({ open: true, draft: null, error: null })}
                onCloseCustom={() => setCustom(CLOSED_CUSTOM)}
                onCustomChange={(next) => setCustom((c) => ({ ...c, draft: next, error: next && !next.isEmpty() ? null : c.error }))}
                onSubmit={saveRange}
                onNext={() => goTo(4)}
              />
            )}
          </div>
        </div>
      );
    }
  }

  return (
    <Page
      title={SCHEDULING_TEXTS.title}
      className="scheduling"
      lead={classId && step !== 1 ? `Klasse: ${className}` : 'Plane deinen Stundenplan in vier Schritten.'}
    >
      <StepIndicator current={step} classId={classId} facts={dataLoaded ? facts : { hasClass: !!classId, hasTimes: false, hasRangeMode: false }} />
      {content}
      {guard.dialog}
    </Page>
  );
}

/** Step 4's two views: the weekly plan and the semester's dates ("Termine", ?ansicht=termine). */
const VIEW_PARAM = 'ansicht';
const DATES_VIEW = 'termine';

function PlannerViews({ classId, dates }: { classId: string; dates: boolean }) {
  const plan = stepPath(4, classId);
  return (
    <nav className="dates-view__tabs" aria-label="Ansicht">
      <ButtonLink to={plan} size="sm" variant={dates ? 'secondary' : 'primary'} aria-current={dates ? undefined : 'page'}>
        Wochenplan
      </ButtonLink>
      <ButtonLink to={`${plan}&${VIEW_PARAM}=${DATES_VIEW}`} size="sm" variant={dates ? 'primary' : 'secondary'} aria-current={dates ? 'page' : undefined}>
        Termine
      </ButtonLink>
    </nav>
  );
}
