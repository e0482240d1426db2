// Shared set-up of the planner's keyboard tests: keys, the student panels and lessons, picking up and the live regions.
import { fireEvent, screen } from '@testing-library/react';
import { renderPlanner, tick } from './test-utils';

export async function key(code: string, target: Element | Document = document) {
  fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
  await tick();
}

export function lessonOf(memberId: string) {
  return document.querySelector(`.lesson[data-member="${memberId}"]`);
}

export function panel(shortName: string) {
  return screen.getByText(shortName).closest('.student-panel__main') as HTMLElement;
}

/** Focuses a student's panel and picks the student up with Space (the keyboard drag starts). */
export async function pickUp(shortName: string): Promise<HTMLElement> {
  const el = panel(shortName);
  el.focus();
  await key('Space', el);
  return el;
}

/** Renders the planner and waits for its students. */
export async function renderKeyboardPlanner() {
  const rendered = renderPlanner();
  await screen.findByText('Anna M.');
  return rendered;
}

/** The texts of every live region on the page (dnd-kit's and the planner's own). */
export function liveTexts(): string[] {
  return [...document.querySelectorAll('[role="status"], [aria-live]')].map((n) => n.textContent?.trim() ?? '');
}
