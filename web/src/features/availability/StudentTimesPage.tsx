// /student: the student's own available times (docs/product/times.md), limited to the padded window of their
// teachers' ranges; hidden days and disabled slots outside; unsaved-changes guard when leaving.
import { useQuery } from '@tanstack/react-query';
import { ownTimesQuery, teachersTimeRangesQuery } from '../../shared/data/student-times';
import { SLOW_LOAD_TEXT, useSlowLoading } from '../../shared/hooks/use-slow-loading';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { useOwnTimesLocked } from '../../shared/deadlines/StudentDeadlineNotices';
import { StudentTimesEditor } from './student-times/StudentTimesEditor';
import { STUDENT_TIMES_TEXTS } from './student-times/student-times-texts';
import { useOwnTimesDraft } from './student-times/use-own-times-draft';
import './availability.css';

export { STUDENT_TIMES_TEXTS };

export function StudentTimesPage() {
  // Fetched afresh on every visit, beside the page's chunk (web/src/app/route-data.ts); still fresh here.
  const own = useQuery(ownTimesQuery());
  const ranges = useQuery(teachersTimeRangesQuery());
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
