// /student: one line per course with a deadline for the times. Quiet when the profile cannot load.
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../shared/ui/Alert';
import { profileQuery } from '../../shared/data/profile';
import { deadlineState, studentDeadlineText } from './deadline-text';

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
