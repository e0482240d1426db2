import { DAY_NAMES, DAY_SHORT, DEFAULT_VISIBLE_RANGE, DAYS, formatHoursLong, SLOT_MINUTES, slotToClock, WeekSlots } from '@stundenplan/timegrid';
import { cx } from '../../../shared/ui/cx';
import './times.css';

export interface WeekPreviewProps {
  week: WeekSlots;
  /** Accessible name of the preview (e.g. 'Vorschau'). */
  label: string;
  /** Colour of the blocks: the teacher's entry or the student's own. */
  tone?: 'teacher' | 'student';
  /** Preferred times (Wunschzeiten) inside `week`: drawn on top and listed as 'Bevorzugt'. */
  marked?: WeekSlots | undefined;
  /** Shows 'Gesamt: n Stunden und m Minuten' under the grid (default true). */
  showTotal?: boolean;
  className?: string;
}

const SLOTS_PER_HOUR = 60 / SLOT_MINUTES;

/** Hours shown: at least the default visible range (8-19), widened to every set slot. */
export function visibleHours(week: WeekSlots): { start: number; end: number } {
  let start = DEFAULT_VISIBLE_RANGE.start / SLOTS_PER_HOUR;
  let end = DEFAULT_VISIBLE_RANGE.end / SLOTS_PER_HOUR;
  for (let day = 0; day < DAYS; day++) {
    for (const run of week.runs(day)) {
      start = Math.min(start, Math.floor(run.start / SLOTS_PER_HOUR));
      end = Math.max(end, Math.ceil(run.end / SLOTS_PER_HOUR));
    }
  }
  return { start, end };
}

/** Per day the runs as '09:00–12:00' text (days without times left out). */
export function dayRunsText(week: WeekSlots): Array<{ day: number; text: string }> {
  return week.daysWithSlots().map((day) => ({
    day,
    text: week
      .runs(day)
      .map((run) => `${slotToClock(run.start)}–${slotToClock(run.end)}`)
      .join(', '),
  }));
}

/** A read-only weekly mini grid (Mo-So) with the times as blocks, a per-day list and the total. */
export function WeekPreview({ week, label, tone = 'teacher', marked, showTotal = true, className }: WeekPreviewProps) {
  const { start, end } = visibleHours(week);
  const hours = end - start;
  const firstSlot = start * SLOTS_PER_HOUR;
  const totalSlots = hours * SLOTS_PER_HOUR;
  const labelEvery = hours > 14 ? 3 : hours > 8 ? 2 : 1;
  const runs = dayRunsText(week);
  const markedRuns = marked ? dayRunsText(marked) : [];
  const blocks = (w: WeekSlots, day: number, kind: string) =>
    w.runs(day).map((run) => (
      <span
        key={`${kind}${run.start}`}
        className={cx('week-preview__block', kind && `week-preview__block--${kind}`)}
        data-testid={kind ? `week-preview-block-${kind}` : 'week-preview-block'}
        style={{
          top: `${((run.start - firstSlot) / totalSlots) * 100}%`,
          height: `${((run.end - run.start) / totalSlots) * 100}%`,
        }}
      />
    ));
  const minutes = week.count() * SLOT_MINUTES;

  return (
    <figure className={cx('week-preview', `week-preview--${tone}`, className)} aria-label={label}>
      <div className="week-preview__grid" aria-hidden="true" style={{ ['--wp-hours' as string]: hours }}>
        <div className="week-preview__corner" />
        {DAY_SHORT.map((short) => (
          <div key={short} className="week-preview__day-head">
            {short}
          </div>
        ))}
        <div className="week-preview__hours">
          {Array.from({ length: hours }, (_, i) => start + i)
            .filter((h) => (h - start) % labelEvery === 0)
            .map((h) => (
              <span key={h} className="week-preview__hour" style={{ top: `${((h - start) / hours) * 100}%` }}>
                {h}
              </span>
            ))}
        </div>
        {Array.from({ length: DAYS }, (_, day) => (
          <div key={day} className="week-preview__day" data-testid={`week-preview-day-${day}`}>
            {blocks(week, day, '')}
            {marked && blocks(marked, day, 'marked')}
          </div>
        ))}
      </div>
      <figcaption className="week-preview__caption">
        {runs.length === 0 ? (
          <p className="week-preview__empty">Keine Zeiten</p>
        ) : (
          <ul className="week-preview__list">
            {runs.map(({ day, text }) => (
              <li key={day}>
                <abbr title={DAY_NAMES[day]}>{DAY_SHORT[day]}</abbr> {text}
              </li>
            ))}
          </ul>
        )}
        {markedRuns.length > 0 && (
          <ul className="week-preview__list week-preview__list--marked" aria-label="Bevorzugt">
            {markedRuns.map(({ day, text }) => (
              <li key={day}>
                <span className="week-preview__marked-label">Bevorzugt:</span> <abbr title={DAY_NAMES[day]}>{DAY_SHORT[day]}</abbr> {text}
              </li>
            ))}
          </ul>
        )}
        {showTotal && (
          <p className="week-preview__total">
            Gesamt: <strong>{formatHoursLong(minutes)}</strong>
          </p>
        )}
      </figcaption>
    </figure>
  );
}
