// Notices that matter during the semester (a late cancellation without make-up, a whole day cancelled, a withdrawn
// cancellation): they stay in the page until the user closes them, instead of a toast that vanishes.
import { useCallback, useState } from 'react';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';

export interface Notice {
  kind: 'success' | 'warning' | 'error' | 'info';
  title: string;
  /** More lines under the title (e.g. the lessons a day's cancellation hit). */
  lines?: string[];
}

export const NOTICE_TEXTS = { close: 'Hinweis schließen' } as const;

/** One notice of a screen: `show` replaces it, the close button removes it. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback((n: Notice) => setNotice(n), []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, show, dismiss };
}

/** The notice as an alert (errors role="alert", the others role="status") with a close button. */
export function LessonNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <Alert
      kind={notice.kind}
      title={notice.title}
      className="lesson-notice"
      actions={
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          {NOTICE_TEXTS.close}
        </Button>
      }
    >
      {notice.lines?.length ? (
        <ul className="lesson-notice__lines">
          {notice.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
