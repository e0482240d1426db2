// A card's list while it loads or when it failed (with a retry).
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { SCHOOL_TEXTS as T } from './school-texts';

/** Null once every query has its data; else the shimmer or the first error. */
export function LoadState({ queries }: { queries: UseQueryResult[] }) {
  const failed = queries.find((q) => q.isError);
  if (failed) {
    return (
      <Alert
        kind="error"
        title={errorMessage(failed.error)}
        actions={
          <Button variant="secondary" size="sm" onClick={() => queries.forEach((q) => void q.refetch())}>
            {T.retry}
          </Button>
        }
      />
    );
  }
  if (queries.some((q) => q.isPending)) return <Spinner />;
  return null;
}
