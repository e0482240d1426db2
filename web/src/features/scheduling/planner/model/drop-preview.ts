import type { LessonWeek, WeekSlots } from '@stundenplan/timegrid';
import type { DropPreview } from '../components/DropPreviewBlock';
import { evaluateDrop } from './placements';
import type { ActiveDrag, DropTarget } from './dnd';
import type { PlanContent } from './types';

interface Lookups {
  lengthOf: (memberId: string) => number;
  /** The student's times. */
  weekOf: (memberId: string) => WeekSlots;
  /** The week (A / B) a biweekly lesson takes after a drop at this place. */
  weekFor: (memberId: string, day: number, start: number) => LessonWeek | null;
}

/** The preview under a drag: where the lesson would land and whether it may (ok), needs a question (warn) or may not (bad). */
export function dropPreview(plan: PlanContent, active: ActiveDrag | null, target: DropTarget | null, lookups: Lookups): DropPreview | null {
  if (!active || !target) return null;
  const length = lookups.lengthOf(active.memberId);
  const week = lookups.weekFor(active.memberId, target.day, target.start);
  const verdict = evaluateDrop(plan, active.memberId, target.day, target.start, length, lookups.weekOf(active.memberId), week);
  return { ...target, length, tone: verdict.kind !== 'ok' ? 'bad' : verdict.available ? 'ok' : 'warn' };
}
