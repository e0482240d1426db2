import { formatSummedTime, type WeekSlots } from '@stundenplan/timegrid';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { type SlotRange, VisibleRangePicker, weekMinutes } from '../availability';
import { cx } from '../../shared/ui/cx';
import type { TimeRangeState } from './scheduling-api';
import { modeSummary } from './scheduling-texts';

export interface SchedulingSidebarProps {
  open: boolean;
  onToggle: () => void;
  classId: string;
  className: string;
  visibleRange: SlotRange;
  onVisibleRangeChange: (next: SlotRange) => void;
  /** The teacher times as edited right now. */
  teacherTimes: WeekSlots;
  range: TimeRangeState | undefined;
}

/** The sidebar of steps 2 and 3 (docs/product/planning.md): time-range picker and summaries; toggles open and closed. */
export function SchedulingSidebar({ open, onToggle, classId, className, visibleRange, onVisibleRangeChange, teacherTimes, range }: SchedulingSidebarProps) {
  const contentId = useId();
  return (
    <aside className={cx('sched-sidebar', open ? 'is-open' : 'is-closed')} aria-label="Seitenleiste">
      <button type="button" className="sched-sidebar__toggle" onClick={onToggle} aria-expanded={open} aria-controls={open ? contentId : undefined}>
        <span className="sched-sidebar__toggle-icon" aria-hidden="true">
          {open ? '⟨' : '⟩'}
        </span>
        <span className="sched-sidebar__toggle-text">{open ? 'Seitenleiste ausblenden' : 'Seitenleiste einblenden'}</span>
      </button>
      {open && (
        <div id={contentId} className="sched-sidebar__content">
          <div className="sched-sidebar__section">
            <p className="sched-sidebar__eyebrow">Klasse</p>
            <p className="sched-sidebar__class">{className}</p>
            <Link to={`/me/classes?selectClass=${encodeURIComponent(classId)}`} className="sched-sidebar__link">
              Studentenliste bearbeiten
            </Link>
          </div>
          <div className="sched-sidebar__section">
            <VisibleRangePicker value={visibleRange} onChange={onVisibleRangeChange} />
          </div>
          <dl className="sched-sidebar__summary">
            <div>
              <dt>Deine Zeiten</dt>
              <dd data-testid="sidebar-teacher-sum">{formatSummedTime(weekMinutes(teacherTimes))}</dd>
            </div>
            <div>
              <dt>Zeitraum für Studierende</dt>
              <dd>{modeSummary(range)}</dd>
            </div>
            <div>
              <dt>Zeitraum gesamt</dt>
              <dd>{formatSummedTime(range?.timeRange ? weekMinutes(range.timeRange) : 0)}</dd>
            </div>
          </dl>
        </div>
      )}
    </aside>
  );
}
