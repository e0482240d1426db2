// The 'Schulverwaltung' page (docs/product/school.md "Die Seite Schulverwaltung"): a school's sites, rooms and
// travel minutes; its administrators change them, its teachers read them.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { mySchoolsQuery, type MySchool } from '../../shared/data/schools';
import { Alert } from '../../shared/ui/Alert';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { Select } from '../../shared/ui/Select';
import { PageSpinner } from '../../shared/ui/Spinner';
import { AdminsCard } from './AdminsCard';
import { RoomsCard } from './RoomsCard';
import { SCHOOL_TEXTS as T } from './school-texts';
import { SitesCard } from './SitesCard';
import { TravelCard } from './TravelCard';
import './school.css';

export function SchoolPage() {
  const query = useQuery(mySchoolsQuery());
  const [chosen, setChosen] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <Page title={T.title}>
        <PageSpinner />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={T.title}>
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
      <Page title={T.title}>
        <Alert kind="info" title={T.none} />
      </Page>
    );
  }
  return (
    <Page
      title={T.title}
      lead={current.role === 'admin' ? T.leadAdmin(current.name) : T.leadTeacher(current.name)}
      actions={
        <ButtonLink to="/school/bookings" size="sm">
          {T.bookingsLink}
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
      <SchoolView key={current.id} school={current} />
    </Page>
  );
}

function SchoolView({ school }: { school: MySchool }) {
  const admin = school.role === 'admin';
  return (
    <div className="school">
      <SitesCard schoolId={school.id} admin={admin} />
      <RoomsCard schoolId={school.id} admin={admin} />
      <TravelCard schoolId={school.id} admin={admin} />
      <AdminsCard schoolId={school.id} admin={admin} />
    </div>
  );
}
