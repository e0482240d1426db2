// The school's rooms: a list for everybody (site, equipment, capacity, opening times); change, delete and a
// form for a new one for its administrators.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../shared/ui/Alert';
import { Card } from '../../shared/ui/Card';
import { useDeleteConfirmed } from './use-delete-confirmed';
import { ItemActions } from './FormFooter';
import { LoadState } from './LoadState';
import { timesText } from './room-fields';
import { RoomForm } from './RoomForm';
import { equipmentQuery, roomsQuery, sitesQuery } from './school-api';
import { useDeleteRoom } from './school-mutations';
import { SCHOOL_TEXTS as T } from './school-texts';

export function RoomsCard({ schoolId, admin }: { schoolId: string; admin: boolean }) {
  const rooms = useQuery(roomsQuery(schoolId));
  const sites = useQuery(sitesQuery(schoolId));
  const equipment = useQuery(equipmentQuery(schoolId));
  const { remove, error, dialog } = useDeleteConfirmed(useDeleteRoom(schoolId));
  const [editing, setEditing] = useState<string | null>(null);

  const loading = <LoadState queries={[rooms, sites, equipment]} />;
  if (!rooms.data || !sites.data || !equipment.data) return <Card title={T.rooms}>{loading}</Card>;
  const siteName = new Map(sites.data.map((s) => [s.id, s.name]));
  const label = new Map(equipment.data.map((e) => [e.tag, e.label]));
  const formProps = { schoolId, sites: sites.data, equipment: equipment.data };

  return (
    <Card title={T.rooms}>
      {rooms.data.length === 0 && <p className="muted">{T.noRooms}</p>}
      {rooms.data.length > 0 && (
        <ul className="school-list" aria-label={T.rooms}>
          {rooms.data.map((room) => (
            <li key={room.id} className="school-item">
              {editing === room.id ? (
                <RoomForm {...formProps} room={room} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <div className="school-item__text">
                    <p className="school-item__name">
                      {room.name} <span className="school-item__site">· {siteName.get(room.site_id) ?? ''}</span>
                    </p>
                    <p className="school-item__meta">{room.equipment.length ? room.equipment.map((t) => label.get(t) ?? t).join(', ') : T.noEquipment}</p>
                    <p className="school-item__meta">
                      {T.persons(room.capacity)} · {timesText(room.times, T.alwaysOpen)}
                    </p>
                  </div>
                  {admin && (
                    <ItemActions
                      name={room.name}
                      onEdit={() => setEditing(room.id)}
                      onDelete={() => void remove(room.id, T.deleteRoomTitle, T.deleteRoom(room.name))}
                    />
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && <Alert kind="error" title={error} />}
      {admin && (
        <section className="school-new" aria-label={T.newRoom}>
          <h3 className="school-new__title">{T.newRoom}</h3>
          {sites.data.length === 0 ? <p className="muted">{T.roomsNeedSite}</p> : <RoomForm {...formProps} />}
        </section>
      )}
      {dialog}
    </Card>
  );
}
