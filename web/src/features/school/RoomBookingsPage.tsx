// The 'Raumbelegung' page (docs/product/school-screens.md): one site of the school on one day; its rooms as columns,
// the day's hours as rows, each booking of a sent plan a block 'belegt' with the teacher (and the pupil when the
// answer names them), week A or B marked. For the school's administrators and its teachers.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/client';
import { mySchoolsQuery, type MySchool } from '../../shared/data/schools';
import { Alert } from '../../shared/ui/Alert';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { Select } from '../../shared/ui/Select';
import { PageSpinner, Spinner } from '../../shared/ui/Spinner';
import { hourRange, placeInLanes, todayIndex } from './booking-grid';
import { LoadState } from './LoadState';
import { roomBookingsQuery, roomsQuery, sitesQuery, type Room, type RoomBooking, type Site } from './school-api';
import { BOOKINGS_TEXTS as B, SCHOOL_TEXTS as T } from './school-texts';
import './school.css';

/** Height of one hour in the grid. */
const HOUR_REM = 6;

export function RoomBookingsPage() {
  const query = useQuery(mySchoolsQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  if (query.isPending) {
    return (
      <Page title={B.title}>
        <PageSpinner />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={B.title}>
        <Alert
          kind="error"
          title={errorMessage(query.error)}
          actions={
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {T.retry}
            </Button>
          }
        />
      </Page>
    );
  }
  const schools = query.data;
  const current = schools.find((s) => s.id === chosen) ?? schools[0];
  if (!current) {
    return (
      <Page title={B.title}>
        <Alert kind="info" title={T.none} />
      </Page>
    );
  }
  return (
    <Page
      title={B.title}
      lead={B.lead(current.name)}
      actions={
        <ButtonLink to="/school" size="sm">
          {B.back}
        </ButtonLink>
      }
    >
      {schools.length > 1 && (
        <Select
          label={T.chooseSchool}
          className="school-choice"
          value={current.id}
          options={schools.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => setChosen(e.target.value)}
        />
      )}
      <SchoolBookings key={current.id} school={current} />
    </Page>
  );
}

function SchoolBookings({ school }: { school: MySchool }) {
  const sites = useQuery(sitesQuery(school.id));
  const rooms = useQuery(roomsQuery(school.id));
  const [params, setParams] = useSearchParams();
  const loading = <LoadState queries={[sites, rooms]} />;
  if (!sites.data || !rooms.data) return loading;
  if (sites.data.length === 0) return <p className="muted">{B.noSites}</p>;

  const site = sites.data.find((s) => s.id === params.get('site')) ?? sites.data[0]!;
  const dayParam = Number(params.get('day'));
  const day = params.get('day') !== null && Number.isInteger(dayParam) && dayParam >= 0 && dayParam <= 6 ? dayParam : todayIndex();
  const choose = (patch: { site?: string; day?: number }) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('site', patch.site ?? site.id);
        next.set('day', String(patch.day ?? day));
        return next;
      },
      { replace: true },
    );

  return (
    <div className="bookings">
      <div className="bookings__filters">
        <Select
          label={B.site}
          className="bookings__site"
          value={site.id}
          options={sites.data.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => choose({ site: e.target.value })}
        />
        <DayPicker day={day} onChange={(d) => choose({ day: d })} />
      </div>
      <DayBookings schoolId={school.id} site={site} day={day} rooms={rooms.data.filter((r) => r.site_id === site.id)} />
    </div>
  );
}

function DayPicker({ day, onChange }: { day: number; onChange: (day: number) => void }) {
  const labelId = useId();
  return (
    <div className="bookings__days-field">
      <span className="field__label" id={labelId}>
        {B.day}
      </span>
      <div className="bookings__days" role="group" aria-labelledby={labelId}>
        {B.dayShort.map((short, i) => (
          <button
            key={short}
            type="button"
            className={i === day ? 'bookings__day bookings__day--active' : 'bookings__day'}
            aria-pressed={i === day}
            aria-label={B.days[i]}
            onClick={() => onChange(i)}
          >
            {short}
          </button>
        ))}
      </div>
    </div>
  );
}

function DayBookings({ schoolId, site, day, rooms }: { schoolId: string; site: Site; day: number; rooms: Room[] }) {
  const bookings = useQuery(roomBookingsQuery(schoolId, site.id, day));
  if (rooms.length === 0) return <p className="muted">{B.noRooms(site.name)}</p>;
  if (bookings.isError) return <LoadState queries={[bookings]} />;
  if (!bookings.data) return <Spinner />;
  const ofSite = bookings.data.filter((b) => rooms.some((r) => r.id === b.room_id));
  if (ofSite.length === 0) {
    return (
      <div className="bookings__empty">
        <p className="bookings__empty-title">{B.empty(B.days[day]!, site.name)}</p>
        <p className="muted">{B.emptyHint}</p>
      </div>
    );
  }
  return <BookingGrid rooms={rooms} bookings={ofSite} label={B.grid(B.days[day]!, site.name)} />;
}

/** The rooms as columns and the hours as rows; each room's bookings are a list, placed by their times. */
export function BookingGrid({ rooms, bookings, label }: { rooms: Room[]; bookings: RoomBooking[]; label: string }) {
  const gridId = useId();
  const { from, to } = hourRange(bookings);
  const height = `${(to - from) * HOUR_REM}rem`;
  const hours = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const style = { '--booking-columns': rooms.length, '--booking-hour': `${HOUR_REM}rem` } as CSSProperties;
  return (
    <div className="bookings-grid" role="region" aria-label={label} tabIndex={0}>
      <div className="bookings-grid__inner" style={style}>
        <div className="bookings-grid__corner" aria-hidden="true" />
        {rooms.map((room, i) => (
          <h2 key={room.id} className="bookings-grid__room" id={`${gridId}-${i}`}>
            {room.name}
          </h2>
        ))}
        <div className="bookings-grid__axis" aria-hidden="true" style={{ height }}>
          {hours.map((h, i) => (
            <span key={h} className="bookings-grid__hour" style={{ top: `${i * HOUR_REM}rem` }}>
              {h}.00
            </span>
          ))}
        </div>
        {rooms.map((room, i) => {
          const { placed, lanes } = placeInLanes(bookings.filter((b) => b.room_id === room.id));
          return (
            <ul key={room.id} className="bookings-grid__column" aria-labelledby={`${gridId}-${i}`} style={{ height }}>
              {placed.length === 0 && <li className="visually-hidden">frei</li>}
              {placed.map(({ booking: b, start, end, lane }) => (
                <li
                  key={`${b.start}-${b.week ?? ''}-${b.class_id}-${lane}`}
                  className={b.week ? 'booking booking--biweekly' : 'booking'}
                  style={{
                    top: `${((start - from * 60) / 60) * HOUR_REM}rem`,
                    height: `${((end - start) / 60) * HOUR_REM}rem`,
                    left: `${(lane / lanes) * 100}%`,
                    width: `${100 / lanes}%`,
                  }}
                >
                  <span className="booking__line booking__line--head">
                    <span className="booking__time">{B.time(b.start, b.end)}</span>
                    {b.week && (
                      <>
                        {' '}
                        <span className="booking__week" title={B.week(b.week)}>
                          <span className="visually-hidden">{B.weekWord} </span>
                          {b.week}
                        </span>
                      </>
                    )}
                  </span>{' '}
                  <span className="booking__line">{B.takenBy(b.teacher_name)}</span>
                  {b.student_name && (
                    <>
                      {' '}
                      <span className="booking__line">{b.student_name}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          );
        })}
      </div>
      {bookings.some((b) => b.week) && <p className="bookings-grid__legend muted">{B.weekLegend}</p>}
    </div>
  );
}
