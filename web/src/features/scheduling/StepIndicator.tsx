import { Link } from 'react-router-dom';
import { cx } from '../../shared/ui/cx';
import { STEPS, stepAccess, stepPath, type FlowFacts, type Step } from './scheduling-flow';

export interface StepIndicatorProps {
  current: Step;
  classId: string | null;
  facts: FlowFacts;
}

/** The four steps as links; finished steps carry a check mark, unreachable ones are dimmed. */
export function StepIndicator({ current, classId, facts }: StepIndicatorProps) {
  return (
    <nav className="step-indicator" aria-label="Schritte der Stundenplanung">
      <ol className="step-indicator__list">
        {STEPS.map(({ step, label }) => {
          const reachable = stepAccess(step, facts) === null;
          // Done means the next step's requirement holds (a class chosen, times entered, a range set),
          // not merely "before the current one": opening step 4 without a class finishes nothing.
          const done = step < current && reachable && stepAccess((step + 1) as Step, facts) === null;
          return (
            <li key={step} className={cx('step-indicator__item', step === current && 'is-current', done && 'is-done', !reachable && 'is-locked')}>
              <Link
                to={stepPath(step, classId)}
                className="step-indicator__link"
                aria-current={step === current ? 'step' : undefined}
                aria-label={`Schritt ${step}: ${label}${done ? ' (erledigt)' : ''}`}
              >
                <span className="step-indicator__number" aria-hidden="true">
                  {done ? '✓' : step}
                </span>
                {/* A space between number and label: the visible text '4 Stundenplan planen' is part of the name (WCAG 2.5.3). */}{' '}
                <span className="step-indicator__label">{label}</span>
              </Link>
            </li>
          );
        })}
      </ol>
      <p className="step-indicator__current" aria-hidden="true">
        Schritt {current} von {STEPS.length}: {STEPS[current - 1]!.label}
      </p>
    </nav>
  );
}
