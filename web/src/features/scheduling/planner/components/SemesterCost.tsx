import { formatGermanDate } from '@stundenplan/timegrid';
import type { SemesterCostView } from '../hooks/use-semester-cost';
import { SEMESTER_COST_TEXTS as T } from '../model/semester-cost';

/** In the send dialog: per student the lessons of the semester and the dates that fall out, with their reasons. */
export function SemesterCost({ view }: { view: SemesterCostView }) {
  const title = T.title(formatGermanDate(view.firstDay), formatGermanDate(view.lastDay));
  return (
    <section className="semester-cost" aria-label={title} data-testid="semester-cost">
      <h3 className="semester-cost__title">{title}</h3>
      <p className="muted semester-cost__hint">{T.calendar}</p>
      {view.costs.length === 0 ? (
        <p className="muted">{T.noLessons}</p>
      ) : (
        <ul className="semester-cost__list">
          {view.costs.map((c) => (
            <li key={c.memberId} className="semester-cost__student">
              <span className="semester-cost__name">{c.name}</span>
              {c.week && <span className="semester-cost__week"> ({T.week(c.week)})</span>}
              <span className="semester-cost__count">: {T.lessons(c.lessons)}</span>
              <span className={c.lost > 0 ? 'semester-cost__lost' : 'semester-cost__lost muted'}>{c.lostText}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
