// /student: the student's own available times (docs/product/times.md), limited to the padded window of their
// teachers' ranges; hidden days and disabled slots outside; unsaved-changes guard when leaving.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../shared/data/query-keys';
import { SLOW_LOAD_TEXT, useSlowLoading } from '../../shared/hooks/use-slow-loading';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { useOwnTimesLocked } from '../classes';
import { fetchOwnTimes, fetchTeachersTimeRanges } from './student-times-api';
import { StudentTimesEditor } from './student-times/StudentTimesEditor';
import { STUDENT_TIMES_TEXTS } from './student-times/student-times-texts';
import { useOwnTimesDraft } from './student-times/use-own-times-draft';
import './availability.css';

export { STUDENT_TIMES_TEXTS };

export function StudentTimesPage() {
  const own = useQuery({ queryKey: queryKeys.ownTimes, queryFn: ({ signal }) => fetchOwnTimes(signal), staleTime: 0 });
  const ranges = useQuery({ queryKey: queryKeys.teachersTimeRanges, queryFn: ({ signal }) => fetchTeachersTimeRanges(signal), staleTime: 0 });
  const loading = own.isPending || ranges.isPending;
  const slow = useSlowLoading(loading);
  // After a deadline without late changes the server refuses changed times: the grid is only shown.
  const locked = useOwnTimesLocked();
  const times = useOwnTimesDraft(own.data, locked);

  let body;
  if (own.isError || ranges.isError) {
    body = (
      <Alert
        kind="error"
        title={STUDENT_TIMES_TEXTS.loadFailed}
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              if (own.isError) void own.refetch();
              if (ranges.isError) void ranges.refetch();
            }}
          >
            Erneut versuchen
          </Button>
        }
      />
    );
  } else if (loading) {
    body = (
      <>
        <PageSpinner label="Zeiten werden geladen…" />
        {slow && (
          <p className="slow-hint" role="status">
            {SLOW_LOAD_TEXT}
          </p>
        )}
      </>
    );
  } else body = <StudentTimesEditor times={times} ranges={ranges.data} locked={locked} />;

  return (
    <Page title={STUDENT_TIMES_TEXTS.title} lead={STUDENT_TIMES_TEXTS.lead} className="student-times">
      {body}
      {times.guardDialog}
    </Page>
  );
}
