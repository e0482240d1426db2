// Teacher: where a class teaches (docs/product/school.md "Where a class teaches", docs/product/school-screens.md):
// its school (or none), the sites of its lessons (none = every site) and the equipment they need. Shown only to a
// teacher whose GET schools/mine lists a school, so a class of a teacher without one looks as before.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client';
import { equipmentQuery, mySchoolsQuery, sitesQuery, useHasSchool, type MySchool } from '../../shared/data/schools';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Select } from '../../shared/ui/Select';
import { Spinner } from '../../shared/ui/Spinner';
import { CheckList, equipmentOptions } from './CheckList';
import { classSchoolQuery, useSaveClassSchool, type ClassSchool } from './class-school';
import { CLASS_SCHOOL_TEXTS as T } from './school-texts';
import './class-school.css';

export function ClassSchoolPanel({ classId }: { classId: string }) {
  const hasSchool = useHasSchool();
  if (!hasSchool) return null;
  return <ClassSchoolSection classId={classId} />;
}

function ClassSchoolSection({ classId }: { classId: string }) {
  const schools = useQuery(mySchoolsQuery());
  const settings = useQuery(classSchoolQuery(classId));
  const [opened, setOpened] = useState(false);
  const schoolName = (id: string | null) => (id === null ? T.noSchool : (schools.data?.find((s) => s.id === id)?.name ?? T.unknownSchool));
  const saved = settings.data;
  return (
    <details className="semester-panel class-school" data-testid={`school-${classId}`} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="semester-panel__summary">
        <span className="semester-panel__title">{T.title}</span>
        {saved && (
          <span className="semester-panel__current muted">
            {saved.school_id === null ? T.noSchool : T.summary(schoolName(saved.school_id), saved.sites.length, saved.needs.length)}
          </span>
        )}
      </summary>
      {opened && (
        <div className="semester-panel__body">
          {settings.isError ? (
            <Alert
              kind="error"
              title={T.loadFailed}
              actions={
                <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
                  {T.retry}
                </Button>
              }
            />
          ) : !saved || !schools.data ? (
            <Spinner />
          ) : (
            <ClassSchoolForm classId={classId} saved={saved} schools={schools.data} />
          )}
        </div>
      )}
    </details>
  );
}

function ClassSchoolForm({ classId, saved, schools }: { classId: string; saved: ClassSchool; schools: MySchool[] }) {
  const [schoolId, setSchoolId] = useState(saved.school_id ?? '');
  const [sites, setSites] = useState<string[]>(saved.sites);
  const [needs, setNeeds] = useState<string[]>(saved.needs);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveClassSchool(classId);
  const options = [
    { value: '', label: T.noSchoolOption },
    ...schools.map((s) => ({ value: s.id, label: s.name })),
    ...(saved.school_id && !schools.some((s) => s.id === saved.school_id) ? [{ value: saved.school_id, label: T.unknownSchool }] : []),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = schoolId ? { school_id: schoolId, sites, needs } : { school_id: null };
    save.mutate(body, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <form className="class-school__form" onSubmit={submit} aria-label={T.title}>
      <p className="semester-panel__intro muted">{T.intro}</p>
      <Select
        label={T.school}
        value={schoolId}
        options={options}
        onChange={(e) => {
          setSchoolId(e.target.value);
          // Sites belong to one school: another school starts with every site.
          setSites(e.target.value === saved.school_id ? saved.sites : []);
        }}
      />
      {schoolId && <SchoolChoices key={schoolId} schoolId={schoolId} sites={sites} needs={needs} onSites={setSites} onNeeds={setNeeds} />}
      {error && <Alert kind="error" title={error} />}
      <div className="button-row">
        <Button type="submit" size="sm" loading={save.isPending}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}

interface SchoolChoicesProps {
  schoolId: string;
  sites: string[];
  needs: string[];
  onSites: (sites: string[]) => void;
  onNeeds: (needs: string[]) => void;
}

/** The sites and the equipment of the chosen school as checkboxes. */
function SchoolChoices({ schoolId, sites, needs, onSites, onNeeds }: SchoolChoicesProps) {
  const siteList = useQuery(sitesQuery(schoolId));
  const equipment = useQuery(equipmentQuery(schoolId));
  const failed = siteList.isError ? siteList : equipment.isError ? equipment : null;
  if (failed) {
    return (
      <Alert
        kind="error"
        title={errorMessage(failed.error)}
        actions={
          <Button variant="secondary" size="sm" onClick={() => void failed.refetch()}>
            {T.retry}
          </Button>
        }
      />
    );
  }
  if (!siteList.data || !equipment.data) return <Spinner />;
  return (
    <>
      {siteList.data.length === 0 ? (
        <p className="muted">{T.noSites}</p>
      ) : (
        <CheckList legend={T.sites} hint={T.sitesHint} options={siteList.data.map((s) => ({ value: s.id, label: s.name }))} chosen={sites} onChange={onSites} />
      )}
      <CheckList legend={T.needs} hint={T.needsHint} options={equipmentOptions(equipment.data, needs)} chosen={needs} onChange={onNeeds} />
    </>
  );
}
