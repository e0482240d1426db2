// Deadline texts for students (course card, /student) and the teacher's class card.
import { formatGermanDate, isDeadlinePassed } from '@stundenplan/timegrid';

export interface DeadlineInfo {
  deadline?: string | null;
  allow_late_changes?: boolean;
}

export const DEADLINE_TEXTS = {
  open: (date: string) => `Bitte trage deine Zeiten bis ${date} ein`,
  passedLocked: (date: string) => `Die Frist ist am ${date} abgelaufen. Deine Zeiten kannst du nicht mehr ändern – bitte wende dich an deine Lehrkraft.`,
  passedOpen: (date: string) => `Die Frist ist am ${date} abgelaufen. Du kannst deine Zeiten trotzdem noch ändern.`,
} as const;

export type DeadlineState = 'none' | 'open' | 'passed-locked' | 'passed-open';

export function deadlineState(info: DeadlineInfo, now: Date = new Date()): DeadlineState {
  if (!info.deadline) return 'none';
  if (!isDeadlinePassed(info.deadline, now)) return 'open';
  return info.allow_late_changes ? 'passed-open' : 'passed-locked';
}

/** The student's line for one class, or null without a deadline. */
export function studentDeadlineText(info: DeadlineInfo, now: Date = new Date()): string | null {
  const state = deadlineState(info, now);
  if (state === 'none' || !info.deadline) return null;
  const date = formatGermanDate(info.deadline);
  if (state === 'open') return DEADLINE_TEXTS.open(date);
  return state === 'passed-open' ? DEADLINE_TEXTS.passedOpen(date) : DEADLINE_TEXTS.passedLocked(date);
}
