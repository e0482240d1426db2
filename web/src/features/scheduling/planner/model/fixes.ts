/** What would place an unplaced student (docs/product/planning.md "Fixes"): plain German sentences and the slots of a fix. */
import { scheduling } from '@stundenplan/contracts';
import { DAY_NAMES, DAY_SHORT, DAYS, minutesToSlot, SLOTS_PER_DAY, WeekSlots } from '@stundenplan/timegrid';
import type { z } from 'zod';
import { evaluateDrop, dropWeek } from './placements';
import type { PlanContent } from './types';

export type StudentFix = z.output<typeof scheduling.studentFix>;
export type TimeFix = Extract<StudentFix, { kind: 'teacher_time' | 'student_time' }>;
export type MoveFix = Extract<StudentFix, { kind: 'move_other' }>;

/** The fixes of one unplaced student and whether every kind was settled in time. */
export interface FixInfo {
  fixes: StudentFix[];
  complete: boolean;
}

export const FIX_TEXTS = {
  button: 'Was hilft?',
  buttonLabel: (name: string) => `Was hilft, damit ${name} einen Platz bekommt?`,
  title: (name: string) => `Was hilft bei ${name}?`,
  none: 'Keine einzelne Änderung reicht aus.',
  incomplete: 'Nicht alle Möglichkeiten konnten rechtzeitig geprüft werden. Vielleicht hilft auch etwas, das hier fehlt.',
  lead: 'Jede dieser Änderungen allein reicht, und alle, die schon einen Platz haben, behalten ihn:',
  applyTeacher: 'Freigeben und neu berechnen',
  applyTeacherLabel: (when: string) => `Freigeben und neu berechnen: ${when}`,
  askStudent: 'Um weitere Zeiten bitten',
  askStudentLabel: (name: string, when: string) => `Um weitere Zeiten bitten: ${when}, E-Mail an ${name}`,
  askNotPossible: (name: string) => `${name} hat keine verifizierte E-Mail-Adresse und kann nicht per E-Mail gefragt werden.`,
  notRegistered: (name: string) => `${name} hat sich noch nicht registriert. Mit einer Einladung kann ${name} sich registrieren und eigene Zeiten eintragen.`,
  notRegisteredNoMail: (name: string) =>
    `${name} hat sich noch nicht registriert und hat keine E-Mail-Adresse für eine Einladung. Du kannst sie bei den Studierenden der Klasse eintragen.`,
  invite: 'Einladung senden',
  inviteLabel: (name: string, email: string) => `Einladung senden an ${name} (${email})`,
  invited: (email: string) => `Einladung an ${email} gesendet.`,
  move: 'Verschieben',
  moveLabel: (other: string, when: string) => `Verschieben: ${other} auf ${when}`,
  shorterHint: 'Die Dauer änderst du bei den Studierenden der Klasse.',
  close: 'Schließen',
  applying: 'Wird freigegeben…',
  asking: 'Wird gesendet…',
  applyFailed: 'Die Zeiten konnten nicht gespeichert werden. Bitte versuche es erneut.',
  moved: (other: string, when: string, name: string, placed: boolean) =>
    placed ? `${other} ist jetzt ${when}, ${name} ist eingeplant.` : `${other} ist jetzt ${when}. Tippe auf einen freien Platz, um ${name} einzuplanen.`,
} as const;

/** "HH:MM" -> slot (quarter hours; "24:00" is 96). */
export function clockSlot(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return minutesToSlot((h ?? 0) * 60 + (m ?? 0));
}

/** "Di 16:00–16:45". */
export function fixWindow(fix: TimeFix): string {
  return `${DAY_SHORT[fix.day] ?? ''} ${fix.start}–${fix.end}`;
}

/** "Dienstag 16:00–16:45 Uhr" (for screen readers and the mail). */
export function fixWindowLong(fix: TimeFix): string {
  return `${DAY_NAMES[fix.day] ?? ''} ${fix.start}–${fix.end} Uhr`;
}

/** "Mi 10:00" (with the week of a biweekly lesson). */
export function moveTarget(fix: MoveFix): string {
  return `${DAY_SHORT[fix.to.day] ?? ''} ${fix.to.start}${fix.to.week ? ` (Woche ${fix.to.week})` : ''}`;
}

/**
 * The fix in plain German, `name` the unplaced student's (short) name, `other` the moved student's:
 * 'Wenn du Di 16:00–16:45 freigibst, passt Lena hinein.'
 */
export function fixSentence(fix: StudentFix, name: string, other?: string): string {
  switch (fix.kind) {
    case 'teacher_time':
      return `Wenn du ${fixWindow(fix)} freigibst, passt ${name} hinein.`;
    case 'student_time':
      return `Wenn ${name} zusätzlich ${fixWindow(fix)} Zeit hat, passt ${name} hinein.`;
    case 'move_other':
      return `Wenn ${other ?? fix.name} auf ${moveTarget(fix)} wechselt, passt ${name} hinein.`;
    case 'shorter':
      return `Mit ${fix.duration} Minuten passt ${name} hinein.`;
  }
}

/** The fix's window as slots of one day, clamped to the day. */
export function fixSlots(fix: TimeFix): { day: number; start: number; end: number } {
  const start = Math.max(0, Math.min(SLOTS_PER_DAY - 1, clockSlot(fix.start)));
  return { day: fix.day, start, end: Math.max(start + 1, Math.min(SLOTS_PER_DAY, clockSlot(fix.end))) };
}

/** `times` with the fix's window added. */
export function withWindow(times: WeekSlots, fix: TimeFix): WeekSlots {
  const { day, start, end } = fixSlots(fix);
  let next = times;
  for (let slot = start; slot < end; slot++) next = next.with(day, slot, true);
  return next;
}

/** The visible range (Von/Bis slots) widened to show the window. */
export function rangeCovering(range: { start: number; end: number } | null, fix: TimeFix): { start: number; end: number } {
  const { start, end } = fixSlots(fix);
  return range ? { start: Math.min(range.start, start), end: Math.max(range.end, end) } : { start, end };
}

/**
 * After a move: the first free window of the student's length inside their chosen times and the teacher's
 * times (as a drop would accept it without asking), or null.
 */
export function freeWindowFor(
  plan: PlanContent,
  memberId: string,
  length: number,
  times: WeekSlots,
  teacher: WeekSlots,
  biweekly: boolean,
): { day: number; start: number; week: 'A' | 'B' | null } | null {
  for (let day = 0; day < DAYS; day++) {
    for (let start = 0; start + length <= SLOTS_PER_DAY; start++) {
      if (!times.containsWindow(day, start, length) || !teacher.containsWindow(day, start, length)) continue;
      const week = biweekly ? dropWeek(plan, memberId, null, day, start, length) : null;
      const verdict = evaluateDrop(plan, memberId, day, start, length, times, week);
      if (verdict.kind === 'ok' && verdict.available) return { day, start, week };
    }
  }
  return null;
}
