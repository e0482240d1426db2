import { useId, useState } from 'react';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { Select } from '../../shared/ui/Select';
import { mondayOf, type ClassLesson } from './lessons-api';

export const DATES_FILTER_TEXTS = {
  student: 'Studierende',
  all: 'Alle',
  week: 'Zur Woche springen',
  jump: 'Anzeigen',
  noWeek: 'Bitte wähle einen Tag im Semester.',
} as const;

/** The id of a week's heading in "Termine" (its Monday), the target of the jump. */
export const weekHeadingId = (monday: string) => `dates-week-${monday}`;

/** Each student of the dates once, by name. */
export function studentsOf(lessons: readonly ClassLesson[]): { value: string; label: string }[] {
  const names = new Map(lessons.map((l) => [l.member_id, l.name]));
  return [...names.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'de'));
}

/** The week shown for a chosen day: its own, else the next one with dates, else the last one; null before the first. */
export function weekFor(day: string, weeks: readonly string[]): string | null {
  if (!day || weeks.length === 0) return null;
  const monday = mondayOf(day);
  return weeks.find((w) => w >= monday) ?? weeks.at(-1) ?? null;
}

/** "Termine": show one student's dates only, and jump to the week of a day (a long semester on a phone). */
export function DatesFilter({
  lessons,
  weeks,
  member,
  onMember,
}: {
  lessons: readonly ClassLesson[];
  weeks: readonly string[];
  member: string;
  onMember: (memberId: string) => void;
}) {
  const id = useId();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const jump = () => {
    const week = weekFor(day, weeks);
    const heading = week ? document.getElementById(weekHeadingId(week)) : null;
    setError(heading ? null : DATES_FILTER_TEXTS.noWeek);
    if (!heading) return;
    heading.scrollIntoView?.({ block: 'start' });
    heading.focus({ preventScroll: true });
  };
  return (
    <div className="dates-filter">
      <Select
        id={`${id}-student`}
        label={DATES_FILTER_TEXTS.student}
        value={member}
        onChange={(e) => onMember(e.target.value)}
        options={[{ value: '', label: DATES_FILTER_TEXTS.all }, ...studentsOf(lessons)]}
      />
      <form
        className="dates-filter__jump"
        onSubmit={(e) => {
          e.preventDefault();
          jump();
        }}
      >
        <Input
          id={`${id}-week`}
          type="date"
          label={DATES_FILTER_TEXTS.week}
          value={day}
          min={weeks[0]}
          error={error ?? undefined}
          onChange={(e) => setDay(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {DATES_FILTER_TEXTS.jump}
        </Button>
      </form>
    </div>
  );
}
