import { DAY_NAMES, slotToClock } from '@stundenplan/timegrid';
import { useEffect, useId, useState } from 'react';
import { Button, Dialog } from '../../../../shared/ui';
import { useRoomOptions } from '../hooks/use-room-options';
import { ROOM_TEXTS, roomLabel } from '../model/rooms';
import type { Placement, PlannerRoom } from '../model/types';

interface Props {
  classId: string;
  /** The lesson whose room is changed; null: closed. */
  lesson: Placement | null;
  name: string;
  onChoose: (memberId: string, room: PlannerRoom | null) => void;
  onClose: () => void;
}

/**
 * 'Raum ändern' (docs/product/school-screens.md "Rooms in the planner"): the free suitable rooms of the lesson's
 * day, start and week from room-options, the current one marked; 'Übernehmen' sets the chosen one.
 */
export function RoomDialog({ classId, lesson, name, onChoose, onClose }: Props) {
  const options = useRoomOptions(classId, lesson ? { memberId: lesson.memberId, day: lesson.day, start: lesson.start, week: lesson.week ?? null } : null);
  const currentId = lesson?.room?.id ?? '';
  const [choice, setChoice] = useState(currentId);
  const groupName = useId();
  useEffect(() => setChoice(currentId), [currentId, lesson?.memberId]);
  if (!lesson) return null;
  const when = `${DAY_NAMES[lesson.day]} ${slotToClock(lesson.start)}–${slotToClock(lesson.end)} Uhr${lesson.week ? ` (Woche ${lesson.week})` : ''}`;
  const rooms = options.data ?? [];
  // The current room stays choosable even when the answer lacks it (for example booked since): it is what the plan has.
  const current = lesson.room && !rooms.some((r) => r.id === lesson.room!.id) ? [lesson.room] : [];
  const list = [...current, ...rooms];
  const apply = () => {
    onChoose(lesson.memberId, list.find((r) => r.id === choice) ?? null);
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={ROOM_TEXTS.dialogTitle(name)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ROOM_TEXTS.cancel}
          </Button>
          <Button onClick={apply} disabled={options.isPending}>
            {ROOM_TEXTS.choose}
          </Button>
        </>
      }
    >
      <fieldset className="room-choice">
        <legend>{ROOM_TEXTS.dialogIntro(when)}</legend>
        {options.isPending && <p role="status">{ROOM_TEXTS.loading}</p>}
        {options.isError && <p role="alert">{ROOM_TEXTS.loadFailed}</p>}
        {options.isSuccess && rooms.length === 0 && <p>{ROOM_TEXTS.noOptions}</p>}
        {list.map((room) => (
          <label key={room.id} className="room-choice__option">
            <input type="radio" name={groupName} value={room.id} checked={choice === room.id} onChange={() => setChoice(room.id)} />
            <span>{room.id === currentId ? `${roomLabel(room)} (${ROOM_TEXTS.current})` : roomLabel(room)}</span>
          </label>
        ))}
        <label className="room-choice__option">
          <input type="radio" name={groupName} value="" checked={choice === ''} onChange={() => setChoice('')} />
          <span>{ROOM_TEXTS.noRoom}</span>
        </label>
      </fieldset>
    </Dialog>
  );
}
