// /student: one line per course with a deadline for the times. Quiet when the profile cannot load.
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../ui/Alert';
import { profileQuery } from '../data/profile';
import { deadlineState, studentDeadlineText } from './deadline-text';

/**
 * True when a deadline without late changes has passed in any of the student's verified classes: their own
 * times (one set for all classes) can no longer be changed (docs/product/classes.md Deadline for the times).
 */
export function useOwnTimesLocked(): boolean {
  const profile = useQuery(profileQuery());
  return (profile.data?.classes ?? []).some((m) => Boolean(m.student_id) && deadlineState(m) === 'passed-locked');
}

export function StudentDeadlineNotices() {
  const profile = useQuery(profileQuery());
  const lines = (profile.data?.classes ?? [])
    .map((m) => ({ id: m.member_id, name: m.classes?.name || 'Kurs', state: deadlineState(m), text: studentDeadlineText(m) }))
    .filter((l): l is typeof l & { text: string } => l.text !== null);
  if (!lines.length) return null;
  const locked = lines.some((l) => l.state === 'passed-locked');
  return (
    <Alert kind={locked ? 'warning' : 'info'} className="student-deadlines">
      <ul className="student-deadlines__list" data-testid="student-deadlines">
        {lines.map((l) => (
          <li key={l.id}>
            <strong>{l.name}:</strong> {l.text}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
