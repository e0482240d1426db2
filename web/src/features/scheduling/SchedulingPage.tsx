// /scheduling: the teacher's four planning steps (docs/product/planning.md). Each step has its own path
// (/scheduling, /scheduling/zeiten, /scheduling/zeitraum, /scheduling/planen) and steps 2-4 carry the
// class as ?klasse=<id>, so the back button walks through the steps and a reload keeps the class.
// Step 1 never carries a class: going there resets everything.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/client';
import { SLOW_LOAD_TEXT } from '../../shared/hooks/use-slow-loading';
import { Alert } from '../../shared/ui/Alert';
import { ButtonLink } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { TeacherDates } from '../lessons';
import { ClassStep } from './ClassStep';
import { EditSteps, useEditLayout } from './EditSteps';
import { PlannerSaveContext } from './planner-save-context';
import { PlannerStep } from './planner/PlannerStep';
import { DATES_VIEW, PlannerViews, VIEW_PARAM } from './PlannerViews';
import { CLASS_PARAM, stepAccess, stepFromPath, stepPath, STEP_WARNINGS, type Step } from './scheduling-flow';
import { SCHEDULING_TEXTS } from './scheduling-texts';
import { StepIndicator } from './StepIndicator';
import { StepWarningBox } from './StepWarningBox';
import { useClassChoice } from './use-class-choice';
import { useStepData, type StepData } from './use-step-data';
import { useStepSaves, type StepSaves } from './use-step-saves';
import './styles/layout.css';
import './styles/steps.css';

export function SchedulingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const step = stepFromPath(location.pathname);
  const classId = step !== null && step !== 1 ? params.get(CLASS_PARAM) || null : null;
  const data = useStepData(classId);
  const saves = useStepSaves(classId, data);
  const layout = useEditLayout();
  const { choosing, choose } = useClassChoice();

  if (step === null) return <Navigate to="/scheduling" replace />;
  const goTo = (target: Step) => void navigate(stepPath(target, classId));

  let content: ReactNode;
  if (step === 1) content = <ClassStep choosing={choosing} onChoose={(cls) => void choose(cls)} />;
  else if (!classId) content = <StepWarningBox warning={STEP_WARNINGS.noClass} classId={null} />;
  else
    content = <ClassSteps step={step} classId={classId} data={data} saves={saves} dates={params.get(VIEW_PARAM) === DATES_VIEW} goTo={goTo} layout={layout} />;

  const { facts } = data;
  return (
    <Page
      title={SCHEDULING_TEXTS.title}
      className="scheduling"
      lead={classId && step !== 1 ? `Klasse: ${data.className}` : 'Plane deinen Stundenplan in vier Schritten.'}
    >
      <StepIndicator current={step} classId={classId} facts={data.loaded ? facts : { hasClass: !!classId, hasTimes: false, hasRangeMode: false }} />
      {content}
      {saves.guard.dialog}
    </Page>
  );
}

interface ClassStepsProps {
  step: 2 | 3 | 4;
  classId: string;
  data: StepData;
  saves: StepSaves;
  /** Step 4 shows the semester's dates instead of the weekly plan. */
  dates: boolean;
  goTo: (step: Step) => void;
  layout: ReturnType<typeof useEditLayout>;
}

/** Steps 2-4 of a chosen class: a load error, the spinner, a missing step's warning, or the step itself. */
function ClassSteps({ step, classId, data, saves, dates, goTo, layout }: ClassStepsProps) {
  if (data.timesQuery.isError || data.rangeQuery.isError) {
    return (
      <Alert
        kind="error"
        title={SCHEDULING_TEXTS.dataLoadFailed}
        actions={
          <ButtonLink to={stepPath(1)} size="sm">
            Zu Schritt 1: Klasse wählen
          </ButtonLink>
        }
      >
        {errorMessage(data.timesQuery.error ?? data.rangeQuery.error)}
      </Alert>
    );
  }
  if (!data.loaded) {
    return (
      <div>
        <PageSpinner label="Daten werden geladen…" />
        {data.slow && <p className="slow-hint">{SLOW_LOAD_TEXT}</p>}
      </div>
    );
  }
  const warning = stepAccess(step, data.facts);
  if (warning) return <StepWarningBox warning={warning} classId={classId} />;
  if (step !== 4) return <EditSteps layout={layout} step={step} classId={classId} data={data} saves={saves} goTo={goTo} />;
  if (dates) {
    return (
      <>
        <PlannerViews classId={classId} dates />
        <TeacherDates classId={classId} className={data.className} />
      </>
    );
  }
  return (
    <PlannerSaveContext.Provider value={saves.registerPlannerSave}>
      <PlannerViews classId={classId} dates={false} />
      <PlannerStep
        classId={classId}
        className={data.className}
        teacherTimes={data.teacherTimesMap}
        timeRange={data.rangeMap}
        onUnsavedChange={saves.setPlannerDirty}
        onEditTimes={() => goTo(2)}
      />
    </PlannerSaveContext.Provider>
  );
}
