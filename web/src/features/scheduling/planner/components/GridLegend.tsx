import { PLANNER_TEXTS } from '../model/texts';

interface Props {
  highlightName: string | null;
  /** The plan has 14-day lessons. */
  weeks: boolean;
  /** Lessons outside the visible range. */
  hidden: number;
}

/** The legend under the planner grid: the cell colours, the highlighted student, 14-day lessons, lessons out of view. */
export function GridLegend({ highlightName, weeks, hidden }: Props) {
  return (
    <div className="grid-legend">
      <span className="grid-legend__item">
        <span className="grid-legend__swatch grid-legend__swatch--teacher" aria-hidden="true" />
        {PLANNER_TEXTS.legendTeacher}
      </span>
      <span className="grid-legend__item">
        <span className="grid-legend__swatch grid-legend__swatch--off" aria-hidden="true" />
        {PLANNER_TEXTS.legendOff}
      </span>
      <span className="grid-legend__item">
        <span className="grid-legend__swatch grid-legend__swatch--candidates" aria-hidden="true" />
        {PLANNER_TEXTS.legendCandidates}
      </span>
      {highlightName && (
        <span className="grid-legend__item">
          <span className="grid-legend__swatch grid-legend__swatch--highlight" aria-hidden="true" />
          {PLANNER_TEXTS.legendHighlight(highlightName)}
        </span>
      )}
      {weeks && <span className="grid-legend__item">{PLANNER_TEXTS.legendWeeks}</span>}
      {hidden > 0 && <span className="grid-legend__item grid-legend__item--warn">{PLANNER_TEXTS.outsideRange(hidden)}</span>}
    </div>
  );
}
