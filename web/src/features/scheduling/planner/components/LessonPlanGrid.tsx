import { DAYS, DAY_NAMES, DAY_SHORT, slotToClock, type WeekSlots } from '@stundenplan/timegrid';
import { type CSSProperties, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from '../../../../shared/ui/cx';
import { useFocusAfterRemoval } from '../hooks/use-focus-after-removal';
import { nextKeyboardTarget } from '../hooks/use-planner-dnd';
import { candidateShade, type CandidateGrid } from '../model/candidates';
import { PLANNER_TEXTS } from '../model/texts';
import type { VisibleRange } from '../model/types';
import { DayColumn, GridCell } from './GridCell';
import { LessonBlock, type LessonView } from './LessonBlock';

export interface DropPreview {
  day: number;
  start: number;
  length: number;
  tone: 'ok' | 'warn' | 'bad';
}

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
  /** Id of the keyboard help the grid points to. */
  helpId?: string;
}

const SLOTS = 96;

/** Who takes each quarter hour (key day * 96 + slot), for the cell names. */
export function occupantsOf(lessons: readonly LessonView[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const lesson of lessons) {
    const who = lesson.week ? `${lesson.fullName} (${PLANNER_TEXTS.weekLabel(lesson.week)})` : lesson.fullName;
    for (let slot = lesson.start; slot < lesson.end; slot++) {
      const key = lesson.day * SLOTS + slot;
      const before = out.get(key);
      out.set(key, before ? `${before} und ${who}` : who);
    }
  }
  return out;
}

/** 'Montag 09:15, belegt: Lena Vogel' / 'Montag 09:15, frei' (outside the teacher's times: ', nicht in deinen Zeiten'). */
export function plannerCellName(day: number, slot: number, occupant: string | undefined, teacher: boolean): string {
  const state = occupant ? `belegt: ${occupant}` : 'frei';
  return `${DAY_NAMES[day]} ${slotToClock(slot)}, ${state}${teacher ? '' : ', nicht in deinen Zeiten'}`;
}

/** The weekly grid of step 4: 7 day columns, 15-minute rows of the visible range, full-hour labels. */
export function LessonPlanGrid(props: Props) {
  const { range, teacherWeek, highlightWeek, candidates, maxCandidates, lessons, preview } = props;
  const wrapRef = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterRemoval(lessons, range);
  const occupants = useMemo(() => occupantsOf(lessons), [lessons]);
  // Roving tabindex: one cell is the grid's tab stop; arrow keys move it, Space / Enter taps the cell.
  const [active, setActive] = useState<{ day: number; slot: number } | null>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || !active) return;
    focusPending.current = false;
    focus.gridRef.current?.querySelector<HTMLElement>(`[data-cell="${active.day}:${active.slot}"]`)?.focus();
  }, [active, focus.gridRef]);
  // The compact view is there to see the whole range at once: bring all of the grid on screen.
  useEffect(() => {
    const el = wrapRef.current;
    if (!props.compact || !el) return;
    if (el.getBoundingClientRect().bottom > window.innerHeight) el.scrollIntoView?.({ block: 'end' });
  }, [props.compact, range?.start, range?.end]);
  if (!range) {
    return (
      <div className="week-grid-empty" role="status">
        {PLANNER_TEXTS.noRange}
      </div>
    );
  }
  const rows = range.end - range.start;
  const tabStop = active && active.slot >= range.start && active.slot < range.end ? active : { day: 0, slot: range.start };
  const cellOf = (target: EventTarget) => {
    const [day, slot] = ((target as HTMLElement).dataset?.cell ?? '').split(':').map(Number);
    return Number.isInteger(day) && Number.isInteger(slot) ? { day: day!, slot: slot! } : null;
  };
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      props.onCellTap(cell.day, cell.slot);
      return;
    }
    const next = nextKeyboardTarget(event.key, cell, range, 1);
    if (!next) return;
    event.preventDefault();
    focusPending.current = true;
    setActive(next);
  };
  const hidden = lessons.filter((l) => l.end <= range.start || l.start >= range.end).length;
  const style = { gridTemplateRows: props.compact ? `auto repeat(${rows}, minmax(0.3rem, 1fr))` : `auto repeat(${rows}, var(--planner-row))` } as CSSProperties;
  const rowsOut = [];
  for (let slot = range.start; slot < range.end; slot++) {
    const cells = [];
    const row = slot - range.start + 2;
    const hourStart = slot % 4 === 0;
    // Compact rows are too low for a label: there the hour's label spans its four quarter hours.
    const labelRows = props.compact ? Math.min(4, range.end - slot) : 1;
    if (!props.compact || hourStart || slot === range.start) {
      cells.push(
        <div
          key={`t${slot}`}
          className={cx('grid-time', hourStart && 'grid-time--hour')}
          style={{ gridRow: `${row} / span ${hourStart ? labelRows : 1}` }}
          role={hourStart ? 'rowheader' : undefined}
          aria-hidden={!hourStart}
        >
          {hourStart ? slotToClock(slot) : ''}
        </div>,
      );
    }
    // Rows at :15 / :30 / :45 name their time for screen readers only.
    if (!hourStart) {
      cells.push(
        <div key={`h${slot}`} role="rowheader" className="visually-hidden">
          {slotToClock(slot)}
        </div>,
      );
    }
    for (let day = 0; day < DAYS; day++) {
      const count = candidates[day]?.[slot] ?? 0;
      const teacher = teacherWeek.has(day, slot);
      cells.push(
        <GridCell
          key={`${day}:${slot}`}
          day={day}
          slot={slot}
          row={row}
          teacher={teacher}
          highlight={highlightWeek ? highlightWeek.has(day, slot) : false}
          candidates={count}
          shade={candidateShade(count, maxCandidates)}
          hourStart={hourStart}
          name={plannerCellName(day, slot, occupants.get(day * SLOTS + slot), teacher)}
          tabbable={tabStop.day === day && tabStop.slot === slot}
        />,
      );
    }
    rowsOut.push(
      <div key={`r${slot}`} role="row" className="grid-row">
        {cells}
      </div>,
    );
  }
  let previewBlock = null;
  if (preview) {
    const first = Math.max(preview.start, range.start);
    const last = Math.min(preview.start + preview.length, range.end);
    if (last > first) {
      previewBlock = (
        <div
          className={cx('drop-preview', `drop-preview--${preview.tone}`)}
          style={{ gridColumn: preview.day + 2, gridRow: `${first - range.start + 2} / ${last - range.start + 2}` }}
          aria-hidden="true"
        />
      );
    }
  }
  return (
    <div className="week-grid-wrap" ref={wrapRef}>
      <div className="week-grid-scroll">
        <div
          ref={focus.gridRef}
          className={cx('week-grid', props.compact && 'week-grid--compact')}
          style={style}
          role="group"
          aria-label={PLANNER_TEXTS.gridLabel}
          tabIndex={-1}
          onClick={(e) => {
            const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
            const [day, slot] = (cell?.dataset.cell ?? '').split(':').map(Number);
            if (cell && Number.isInteger(day) && Number.isInteger(slot)) props.onCellTap(day!, slot!);
          }}
        >
          <div role="grid" aria-label={PLANNER_TEXTS.gridLabel} aria-describedby={props.helpId} className="grid-a11y" onKeyDown={onGridKeyDown}>
            <div role="row" className="grid-row">
              <div className="grid-corner" role="columnheader" style={{ gridRow: 1, gridColumn: 1 }}>
                <span className="visually-hidden">Uhrzeit</span>
              </div>
              {DAY_NAMES.map((name, day) => (
                <div key={name} className="grid-day" role="columnheader" style={{ gridRow: 1, gridColumn: day + 2 }}>
                  <span className="grid-day__long">{name}</span>
                  <span className="grid-day__short" aria-hidden="true">
                    {DAY_SHORT[day]}
                  </span>
                </div>
              ))}
            </div>
            {rowsOut}
          </div>
          {DAY_NAMES.map((name, day) => (
            <DayColumn key={name} day={day} start={range.start} rows={rows} />
          ))}
          {previewBlock}
          {lessons.map((lesson) => (
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
            />
          ))}
        </div>
      </div>
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
        {props.highlightName && (
          <span className="grid-legend__item">
            <span className="grid-legend__swatch grid-legend__swatch--highlight" aria-hidden="true" />
            {PLANNER_TEXTS.legendHighlight(props.highlightName)}
          </span>
        )}
        {lessons.some((l) => l.week) && <span className="grid-legend__item">{PLANNER_TEXTS.legendWeeks}</span>}
        {hidden > 0 && <span className="grid-legend__item grid-legend__item--warn">{PLANNER_TEXTS.outsideRange(hidden)}</span>}
      </div>
    </div>
  );
}
