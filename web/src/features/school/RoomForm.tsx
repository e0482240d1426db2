// The form of a new or a changed room: name, site, equipment checkboxes (the German labels of GET equipment),
// own tags, capacity and opening times; the API's German refusal shows in the form.
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Input } from '../../shared/ui/Input';
import { FormFooter } from './FormFooter';
import { Select } from '../../shared/ui/Select';
import { roomBody, roomFields, type RoomFields } from './room-fields';
import type { Equipment, Room, Site } from './school-api';
import { useSaveRoom } from './school-mutations';
import { SCHOOL_TEXTS as T } from './school-texts';

interface RoomFormProps {
  schoolId: string;
  sites: Site[];
  equipment: Equipment[];
  room?: Room;
  onDone?: () => void;
}

export function RoomForm({ schoolId, sites, equipment, room, onDone }: RoomFormProps) {
  const save = useSaveRoom(schoolId);
  const blank = () => roomFields(undefined, equipment, sites.length === 1 ? sites[0]!.id : '');
  const [fields, setFields] = useState<RoomFields>(() => (room ? roomFields(room, equipment) : blank()));
  const [error, setError] = useState<string | null>(null);
  const [timesError, setTimesError] = useState<string | null>(null);
  const legendId = useId();
  const set = (patch: Partial<RoomFields>) => setFields((f) => ({ ...f, ...patch }));
  const toggle = (tag: string, on: boolean) => set({ tags: on ? [...fields.tags, tag] : fields.tags.filter((t) => t !== tag) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const built = roomBody(fields);
    if ('timesError' in built) return setTimesError(built.timesError);
    setTimesError(null);
    save.mutate(
      { roomId: room?.id, body: built.body },
      {
        onSuccess: () => {
          toast.success(room ? T.roomSaved : T.roomCreated);
          if (!room) setFields(blank());
          onDone?.();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form className="form school-form" onSubmit={submit} aria-label={room ? `${T.roomName}: ${room.name}` : T.newRoom}>
      <div className="form-row">
        <Input label={T.roomName} value={fields.name} onChange={(e) => set({ name: e.target.value })} required maxLength={100} />
        <Select
          label={T.roomSite}
          value={fields.siteId}
          placeholder={T.chooseSite}
          options={sites.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => set({ siteId: e.target.value })}
          required
        />
      </div>
      <fieldset className="school-equipment" aria-labelledby={legendId}>
        <legend id={legendId} className="field__label">
          {T.equipment}
        </legend>
        <div className="school-equipment__options">
          {equipment
            .filter((e) => !e.own)
            .map((e) => (
              <label key={e.tag} className="school-check">
                <input type="checkbox" checked={fields.tags.includes(e.tag)} onChange={(ev) => toggle(e.tag, ev.target.checked)} />
                {e.label}
              </label>
            ))}
        </div>
      </fieldset>
      <Input label={T.ownTags} hint={T.ownTagsHint} value={fields.ownTags} onChange={(e) => set({ ownTags: e.target.value })} />
      <div className="form-row">
        <Input
          label={T.capacity}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          value={fields.capacity}
          onChange={(e) => set({ capacity: e.target.value })}
        />
        <Input label={T.times} hint={T.timesHint} value={fields.times} error={timesError ?? undefined} onChange={(e) => set({ times: e.target.value })} />
      </div>
      <FormFooter error={error} pending={save.isPending} submit={room ? T.save : T.addRoom} onCancel={onDone} />
    </form>
  );
}
