import { DAY_NAMES, SLOTS_PER_DAY, type WeekSlots } from '@stundenplan/timegrid';
import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { cx } from '../../../../shared/ui/cx';
import { useFocusAfterRemoval } from '../hooks/use-focus-after-removal';
import { useGridKeyboard } from '../hooks/use-grid-keyboard';
import type { CandidateGrid } from '../model/candidates';
import { cellOf, occupantsOf } from '../model/grid-names';
import { PLANNER_TEXTS } from '../model/texts';
import type { VisibleRange } from '../model/types';
import { DropPreviewBlock, type DropPreview } from './DropPreviewBlock';
import { DayColumn } from './GridCell';
import { GridLegend } from './GridLegend';
import { GridHeaderRow, GridRows } from './GridRows';
import { LessonBlock, type LessonView } from './LessonBlock';

export type { DropPreview } from './DropPreviewBlock';

interface Props {
  range: VisibleRange | null;
  /** Rows share the available height (whole range on one screen). */
  compact?: boolean;
  teacherWeek: WeekSlots;
  highlightWeek: WeekSlots | null;
  highlightName: string | null;
  candidates: CandidateGrid;
  maxCandidates: number;
  lessons: readonly LessonView[];
  preview: DropPreview | null;
  draggingKey: string | null;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** A free cell was tapped or clicked (moves the selected lesson there). */
  onCellTap: (day: number, slot: number) => void;
  onUnplace: (memberId: string) => void;
  onRemoveError: (key: string) => void;
  onTogglePin: (memberId: string) => void;
  onHover: (memberId: string | null) => void;
  /** 'Raum ändern' of a lesson (a plan with rooms). */
  onChangeRoom?: (memberId: string) => void;
  /** Id of the keyboard help the grid points to. */
  helpId?: string;
}

function planOrder(a: LessonView, b: LessonView): number {
  return a.day - b.day || a.start - b.start || a.fullName.localeCompare(b.fullName, 'de') || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The weekly grid of step 4: 7 day columns, 15-minute rows of the visible range, full-hour labels. */
export function LessonPlanGrid(props: Props) {
  const { range, lessons, preview } = props;
  const compact = !!props.compact;
  const wrapRef = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterRemoval(lessons, range);
  const occupants = useMemo(() => occupantsOf(lessons), [lessons]);
  // The tiles in plan order (day, start; the name for lessons side by side): the order of the DOM is the order of
  // Tab and of a screen reader's reading, and so follows the week.
  const tiles = useMemo(() => [...lessons].sort(planOrder), [lessons]);
  const keyboard = useGridKeyboard(focus.gridRef, range, props.onCellTap, (day, slot) => occupants.has(day * SLOTS_PER_DAY + slot));
  // The compact view is there to see the whole range at once: bring all of the grid on screen.
  useEffect(() => {
    const el = wrapRef.current;
    if (!compact || !el) return;
    if (el.getBoundingClientRect().bottom > window.innerHeight) el.scrollIntoView?.({ block: 'end' });
  }, [compact, range?.start, range?.end]);
  if (!range) {
    return (
      <div className="week-grid-empty" role="status">
        {PLANNER_TEXTS.noRange}
      </div>
    );
  }
  const rows = range.end - range.start;
  const hidden = lessons.filter((l) => l.end <= range.start || l.start >= range.end).length;
  const style = { gridTemplateRows: compact ? `auto repeat(${rows}, minmax(0.3rem, 1fr))` : `auto repeat(${rows}, var(--planner-row))` } as CSSProperties;
  return (
    <div className="week-grid-wrap" ref={wrapRef}>
      <div className="week-grid-scroll">
        <div
          ref={focus.gridRef}
          className={cx('week-grid', compact && 'week-grid--compact')}
          style={style}
          role="group"
          aria-label={PLANNER_TEXTS.gridLabel}
          tabIndex={-1}
          onClick={(e) => {
            const cell = cellOf((e.target as HTMLElement).closest<HTMLElement>('[data-cell]'));
            if (cell) props.onCellTap(cell.day, cell.slot);
          }}
        >
          <div role="grid" aria-label={PLANNER_TEXTS.gridLabel} aria-describedby={props.helpId} className="grid-a11y" onKeyDown={keyboard.onKeyDown}>
            <GridHeaderRow />
            <GridRows
              range={range}
              compact={compact}
              teacherWeek={props.teacherWeek}
              highlightWeek={props.highlightWeek}
              candidates={props.candidates}
              maxCandidates={props.maxCandidates}
              occupants={occupants}
              tabStop={keyboard.tabStop}
            />
          </div>
          {DAY_NAMES.map((name, day) => (
            <DayColumn key={name} day={day} start={range.start} rows={rows} />
          ))}
          {preview && <DropPreviewBlock preview={preview} range={range} />}
          {tiles.map((lesson) => (
            <LessonBlock
              key={lesson.key}
              lesson={lesson}
              range={range}
              dragging={props.draggingKey === lesson.key}
              selected={props.selectedKey === lesson.key}
              onSelect={props.onSelect}
              onUnplace={props.onUnplace}
              onRemoveError={props.onRemoveError}
              onRemoving={focus.removing}
              onTogglePin={props.onTogglePin}
              onHover={props.onHover}
              onChangeRoom={props.onChangeRoom}
            />
          ))}
        </div>
      </div>
      <GridLegend highlightName={props.highlightName} weeks={lessons.some((l) => l.week)} hidden={hidden} />
    </div>
  );
}
