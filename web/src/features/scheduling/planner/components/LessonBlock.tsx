import { useDraggable } from '@dnd-kit/core';
import { DAY_NAMES, slotToClock, type LessonWeek } from '@stundenplan/timegrid';
import { Fragment, memo, type CSSProperties, type KeyboardEvent } from 'react';
import { cx } from '../../../../shared/ui/cx';
import type { DragData } from '../model/dnd';
import { PLANNER_TEXTS } from '../model/texts';
import { ROOM_TEXTS, roomLabel } from '../model/rooms';
import type { PlannerRoom, VisibleRange } from '../model/types';
import type { StudentNote } from '../model/warnings';
import { DoorIcon, LockIcon } from './icons';
import { NotesIcon } from './NotesIcon';

/** A placed lesson or an 'ERROR: ...' entry as the grid shows it. */
export interface LessonView {
  key: string;
  kind: 'lesson' | 'error';
  memberId: string;
  /** Short name (lesson) or the 'ERROR: ...' text. */
  name: string;
  fullName: string;
  day: number;
  start: number;
  end: number;
  pinned: boolean;
  notes: readonly StudentNote[];
  /** Lies entirely in the student's preferred times (star). */
  preferred?: boolean;
  /** Moved by the last calculation away from the saved plan. */
  moved?: boolean;
  /** A biweekly lesson's week (the letter in front of the name). */
  week?: LessonWeek | null;
  /** A biweekly lesson at the time of one of the other week: the A lesson takes the left half of the cells, the B lesson the right half. */
  shared?: boolean;
  /** A plan with rooms (a class with a school): the lesson's room, null when the sending chooses it; absent without rooms. */
  room?: PlannerRoom | null;
}

interface Props {
  lesson: LessonView;
  range: VisibleRange;
  dragging: boolean;
  /** Tapped or clicked: its actions are shown in the bar under the grid. */
  selected: boolean;
  onSelect: (key: string) => void;
  onUnplace: (memberId: string) => void;
  onRemoveError: (key: string) => void;
  /** Called just before the lesson takes itself out (Entf or ×), while the focus may still be in it. */
  onRemoving?: (key: string) => void;
  onTogglePin: (memberId: string) => void;
  onHover: (memberId: string | null) => void;
  /** Opens 'Raum ändern' for the lesson (a plan with rooms only). */
  onChangeRoom?: (memberId: string) => void;
}

/** Overlay over the cells of a lesson: name, time, lock toggle, warning icon and delete cross. Draggable. */
export const LessonBlock = memo(function LessonBlock({
  lesson,
  range,
  dragging,
  selected,
  onSelect,
  onUnplace,
  onRemoveError,
  onRemoving,
  onTogglePin,
  onHover,
  onChangeRoom,
}: Props) {
  const isError = lesson.kind === 'error';
  const data: DragData = { kind: 'lesson', memberId: lesson.memberId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: `lesson:${lesson.key}`,
    data,
    disabled: isError,
    attributes: { roleDescription: 'verschiebbare Unterrichtsstunde' },
  });
  const first = Math.max(lesson.start, range.start);
  const last = Math.min(lesson.end, range.end);
  const rows = last - first;
  if (rows <= 0) return null;
  const style: CSSProperties = { gridColumn: lesson.day + 2, gridRow: `${first - range.start + 2} / ${last - range.start + 2}` };
  const time = `${slotToClock(lesson.start)}–${slotToClock(lesson.end)}`;
  const remove = () => {
    onRemoving?.(lesson.key);
    if (isError) onRemoveError(lesson.key);
    else onUnplace(lesson.memberId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget && (e.key === 'Delete' || e.key === 'Backspace')) {
      e.preventDefault();
      remove();
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  const withRoom = !isError && lesson.room !== undefined;
  const roomFull = lesson.room ? roomLabel(lesson.room) : ROOM_TEXTS.none;
  const label = `${lesson.fullName}, ${DAY_NAMES[lesson.day]} ${time} Uhr${withRoom ? `, ${roomFull}` : ''}${lesson.week ? `, ${PLANNER_TEXTS.weekLabel(lesson.week)}` : ''}${lesson.pinned ? ', fixiert' : ''}${lesson.preferred ? `, ${PLANNER_TEXTS.inPreferred}` : ''}${lesson.moved ? `, ${PLANNER_TEXTS.movedMark}` : ''}`;
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  // The week's letter: in the time line (so a narrow tile keeps the name), in the name line on a one-row tile.
  // The letter and the time are drawn by CSS from data-text (styles/grid.css): the tile's visible text is then the name
  // alone, the start of its accessible name (WCAG 2.5.3), which says week and time in words.
  const weekMark = lesson.week && (
    <span className="lesson__mark lesson__week" data-mark="week" data-text={lesson.week} title={PLANNER_TEXTS.weekTitle(lesson.week)} aria-hidden="true" />
  );
  return (
    <div
      ref={(node) => {
        setNodeRef(node);
        setActivatorNodeRef(node);
      }}
      className={cx(
        'lesson',
        isError && 'lesson--error',
        lesson.pinned && 'lesson--pinned',
        lesson.preferred && 'lesson--preferred',
        lesson.moved && 'lesson--moved',
        lesson.week && `lesson--week lesson--week-${lesson.week.toLowerCase()}`,
        lesson.shared && 'lesson--half',
        dragging && 'is-dragging',
        rows === 1 && 'lesson--short',
        selected && 'is-selected',
      )}
      style={style}
      data-lesson-rows={rows}
      data-lesson-hidden-rows={first - lesson.start}
      data-member={lesson.memberId}
      data-week={lesson.week ?? undefined}
      data-lesson-key={lesson.key}
      data-selected={selected || undefined}
      {...(isError ? { tabIndex: 0, role: 'group' } : attributes)}
      {...(isError ? {} : listeners)}
      onKeyDown={onKeyDown}
      onClick={() => onSelect(lesson.key)}
      aria-label={label}
      onPointerEnter={() => onHover(lesson.memberId)}
      onPointerLeave={() => onHover(null)}
    >
      <span className="lesson__head">
        <span className="lesson__name">
          {rows === 1 && weekMark}
          {lesson.preferred && (
            <span className="lesson__mark lesson__mark--preferred" data-mark="preferred" title={PLANNER_TEXTS.inPreferredTitle} aria-hidden="true">
              ★
            </span>
          )}
          {lesson.moved && (
            <span className="lesson__mark lesson__mark--moved" data-mark="moved" title={PLANNER_TEXTS.movedTitle} aria-hidden="true">
              ⇄
            </span>
          )}
          {isError ? lesson.name : <NameWords name={lesson.fullName} />}
        </span>
        <span className="lesson__actions">
          {!isError && (
            <button
              type="button"
              className={cx('lesson__button', 'lesson__lock', lesson.pinned && 'is-on')}
              aria-pressed={lesson.pinned}
              aria-label={lesson.pinned ? `${PLANNER_TEXTS.unlock}: ${lesson.fullName}` : `${PLANNER_TEXTS.lock}: ${lesson.fullName}`}
              title={lesson.pinned ? PLANNER_TEXTS.unlock : PLANNER_TEXTS.lock}
              onPointerDown={stop}
              onKeyDown={stop}
              onClick={(e) => {
                e.stopPropagation();
                onTogglePin(lesson.memberId);
              }}
            >
              <LockIcon open={!lesson.pinned} />
            </button>
          )}
          {withRoom && onChangeRoom && <RoomChangeButton lesson={lesson} full={roomFull} onChangeRoom={onChangeRoom} />}
          <NotesIcon notes={lesson.notes} />
          <button
            type="button"
            className="lesson__button lesson__remove"
            aria-label={PLANNER_TEXTS.remove(lesson.fullName)}
            title={PLANNER_TEXTS.remove(lesson.fullName)}
            onPointerDown={stop}
            onKeyDown={stop}
            onClick={(e) => {
              e.stopPropagation();
              remove();
            }}
          >
            ×
          </button>
        </span>
      </span>
      {rows > 1 && (
        <span className="lesson__time" aria-hidden="true">
          {weekMark}
          <span className="lesson__clock" data-text={time} />
          {/* A two-row tile has no third line: the short room follows the time. */}
          {withRoom && rows === 2 && <LessonRoomLine lesson={lesson} rows={rows} full={roomFull} />}
        </span>
      )}
      {withRoom && rows > 2 && <LessonRoomLine lesson={lesson} rows={rows} full={roomFull} />}
    </div>
  );
});

/** 'Raum ändern' on a tile: like lock and cross, shown on hover or focus with a mouse, always on a touch screen. */
function RoomChangeButton({ lesson, full, onChangeRoom }: { lesson: LessonView; full: string; onChangeRoom: (memberId: string) => void }) {
  return (
    <button
      type="button"
      className="lesson__button lesson__room-change"
      aria-label={ROOM_TEXTS.changeFor(lesson.fullName, full)}
      title={ROOM_TEXTS.change}
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        onChangeRoom(lesson.memberId);
      }}
    >
      <DoorIcon />
    </button>
  );
}

/** The room line of a tile in a plan with rooms: short on a two-row tile, in full from three rows on (the tile's name says it in full). */
function LessonRoomLine({ lesson, rows, full }: { lesson: LessonView; rows: number; full: string }) {
  return (
    <span className={cx('lesson__room', !lesson.room && 'lesson__room--open')} title={full} aria-hidden="true">
      {rows > 2 ? full : lesson.room ? lesson.room.name : ROOM_TEXTS.noneShort}
    </span>
  );
}

/**
 * The name word by word: on a phone tile a line breaks only between words, and a word too long for the
 * tile is cut with an ellipsis instead of being split over two lines ('Maxi|milian').
 */
function NameWords({ name }: { name: string }) {
  const words = name.split(/\s+/).filter(Boolean);
  return (
    <>
      {words.map((word, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <span className="lesson__word">{word}</span>
        </Fragment>
      ))}
    </>
  );
}
