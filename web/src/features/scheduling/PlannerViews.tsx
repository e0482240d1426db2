import { ButtonLink } from '../../shared/ui/Button';
import { stepPath } from './scheduling-flow';

/** Step 4's two views: the weekly plan and the semester's dates ("Termine", ?ansicht=termine). */
export const VIEW_PARAM = 'ansicht';
export const DATES_VIEW = 'termine';

export function PlannerViews({ classId, dates }: { classId: string; dates: boolean }) {
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
