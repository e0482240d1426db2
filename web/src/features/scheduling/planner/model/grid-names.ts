import { DAY_NAMES, slotToClock } from '@stundenplan/timegrid';
import type { LessonView } from '../components/LessonBlock';
import { PLANNER_TEXTS } from './texts';

export const SLOTS = 96;

/** Who takes each quarter hour (key day * 96 + slot), for the cell names. */
export function occupantsOf(lessons: readonly LessonView[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const lesson of lessons) {
    const who = lesson.week ? `${lesson.fullName} (${PLANNER_TEXTS.weekLabel(lesson.week)})` : lesson.fullName;
    for (let slot = lesson.start; slot < lesson.end; slot++) {
      const key = lesson.day * SLOTS + slot;
      const before = out.get(key);
      out.set(key, before ? `${before} und ${who}` : who);
    }
  }
  return out;
}

/** 'Montag 09:15, belegt: Lena Vogel' / 'Montag 09:15, frei' (outside the teacher's times: ', nicht in deinen Zeiten'). */
export function plannerCellName(day: number, slot: number, occupant: string | undefined, teacher: boolean): string {
  const state = occupant ? `belegt: ${occupant}` : 'frei';
  return `${DAY_NAMES[day]} ${slotToClock(slot)}, ${state}${teacher ? '' : ', nicht in deinen Zeiten'}`;
}

/** The cell ('day:slot') an element names in its data-cell, or null. */
export function cellOf(el: HTMLElement | null | undefined): { day: number; slot: number } | null {
  const [day, slot] = (el?.dataset?.cell ?? '').split(':').map(Number);
  return Number.isInteger(day) && Number.isInteger(slot) ? { day: day!, slot: slot! } : null;
}
