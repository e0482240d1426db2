import { useQuery } from '@tanstack/react-query';
import { SLOW_LOAD_TEXT, useSlowLoading } from '../../shared/hooks/use-slow-loading';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { PageSpinner, Spinner } from '../../shared/ui/Spinner';
import { myClassesQuery } from '../../shared/data/classes';
import type { ClassSummary } from './scheduling-api';
import { STEP_WARNINGS } from './scheduling-flow';
import { SCHEDULING_TEXTS } from './scheduling-texts';
import { StepWarningBox } from './StepWarningBox';

export function useSchedulingClasses() {
  // The class page's cache entry: a class created there is offered here at once.
  return useQuery({ ...myClassesQuery(), staleTime: 0 });
}

export interface ClassStepProps {
  /** The class being loaded after a click, if any. */
  choosing: string | null;
  onChoose: (cls: ClassSummary) => void;
}

/** Step 1: choose a class (GET me/classes); without classes a warning leads to /me/classes. */
export function ClassStep({ choosing, onChoose }: ClassStepProps) {
  const classes = useSchedulingClasses();
  const slow = useSlowLoading(classes.isPending);

  if (classes.isPending) {
    return (
      <div>
        <PageSpinner label="Klassen werden geladen…" />
        {slow && <p className="slow-hint">{SLOW_LOAD_TEXT}</p>}
      </div>
    );
  }
  if (classes.isError) {
    return (
      <Alert
        kind="error"
        title={SCHEDULING_TEXTS.classesLoadFailed}
        actions={
          <Button variant="secondary" size="sm" onClick={() => void classes.refetch()}>
            Erneut versuchen
          </Button>
        }
      />
    );
  }
  if (classes.data.length === 0) return <StepWarningBox warning={STEP_WARNINGS.noClasses} classId={null} />;

  return (
    <section className="class-step" aria-labelledby="class-step-title">
      <h2 id="class-step-title" className="step-title">
        Für welche Klasse möchtest du planen?
      </h2>
      <ul className="class-choice">
        {classes.data.map((cls) => (
          <li key={cls.class_id}>
            <button
              type="button"
              className="class-choice__button"
              onClick={() => onChoose(cls)}
              disabled={choosing !== null}
              aria-busy={choosing === cls.class_id || undefined}
            >
              <span className="class-choice__name">{cls.name}</span>
              {cls.description ? <span className="class-choice__description">{cls.description}</span> : null}
              <span className="class-choice__meta">
                {typeof cls.member_count === 'number' ? `${cls.member_count} ${cls.member_count === 1 ? 'Mitglied' : 'Mitglieder'}` : null}
                {cls.is_group ? ' · Gruppe' : null}
              </span>
              {choosing === cls.class_id && <Spinner size="sm" label="Daten werden geladen…" className="class-choice__spinner" />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
