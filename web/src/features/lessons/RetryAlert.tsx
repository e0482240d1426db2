import { errorMessage } from '../../shared/api/client';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';

/** A read that failed: the server's detail (else `fallback`) with a button that reads again. */
export function RetryAlert({ error, fallback, retryLabel, onRetry }: { error: unknown; fallback: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert
      kind="error"
      title={errorMessage(error, fallback)}
      actions={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
