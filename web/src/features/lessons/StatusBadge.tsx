import { STATUS_LABELS } from './lessons-api';

/** A date's state ('Abgesagt: krank'); a reason that already names it stands alone. */
export function StatusBadge({ status, reason }: { status: keyof typeof STATUS_LABELS; reason: string | null }) {
  const label = STATUS_LABELS[status];
  // "Getauscht mit Lena V." already says what happened: no "Getauscht: " before it.
  const text = !reason ? label : reason.startsWith(label) ? reason : `${label}: ${reason}`;
  return <span className={`lesson-status lesson-status--${status}`}>{text}</span>;
}
