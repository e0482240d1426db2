import '../../../test/dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { key, lessonOf, pickUp, renderKeyboardPlanner } from './keyboard-test-utils';
import { tick } from './test-utils';

/** Places Anna on Monday 10.00 and Ben on Monday 9.00 with the keyboard. */
async function placeBenAndAnna() {
  await renderKeyboardPlanner();
  await pickUp('Anna M.');
  await key('Space'); // Monday 10.00
  await pickUp('Ben S.');
  await key('Space'); // Monday 9.00
  const benLesson = await screen.findByRole('button', { name: 'Ben Schröder, Montag 09:00–09:45 Uhr' });
  const annaLesson = screen.getByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
  return { benLesson, annaLesson };
}

describe('PlannerStep: keyboard placement (dnd-kit KeyboardSensor)', { timeout: 30_000 }, () => {
  it('places a student with Space, arrows and Space, moves the lesson and removes it with Delete', async () => {
    const { onUnsavedChange } = await renderKeyboardPlanner();
    // Anna (S: Monday 10.00-11.00, Wednesday 14.00-14.30): the keyboard target starts at her first free fitting cell.
    const anna = await pickUp('Anna M.');
    expect(document.querySelector('.drop-preview--ok')).not.toBeNull();
    await key('ArrowDown');
    await key('ArrowDown');
    await key('Space');
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:30–11:00 Uhr' });
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
    expect(within(anna).getByText('Anna M.').parentElement!.querySelector('.student-panel__check svg')).not.toBeNull();

    // Move the placed lesson two days right (Wednesday) and to 14.00 with PageUp steps.
    lesson.focus();
    await key('Space', lesson);
    await key('ArrowRight');
    await key('ArrowRight');
    for (let i = 0; i < 4; i++) await key('PageDown'); // 10.30 -> 14.30
    await key('ArrowUp');
    await key('ArrowUp'); // 14.00
    await key('Enter');
    const moved = await screen.findByRole('button', { name: 'Anna Müller, Mittwoch 14:00–14:30 Uhr' });
    expect(screen.queryByRole('button', { name: /Montag 10:30/ })).toBeNull();

    // Remove without a mouse.
    moved.focus();
    fireEvent.keyDown(moved, { key: 'Delete', code: 'Delete' });
    expect(lessonOf('m-anna')).toBeNull();
  });

  it('Escape cancels a keyboard drag', async () => {
    await renderKeyboardPlanner();
    await pickUp('Anna M.');
    await key('ArrowDown');
    await key('Escape');
    expect(lessonOf('m-anna')).toBeNull();
    expect(document.querySelector('.drop-preview')).toBeNull();
  });

  it('Entf on a lesson moves the focus to the next lesson, and from the last one to the grid', async () => {
    const { benLesson, annaLesson } = await placeBenAndAnna();

    benLesson.focus();
    fireEvent.keyDown(benLesson, { key: 'Delete', code: 'Delete' });
    await tick();
    expect(lessonOf('m-ben')).toBeNull();
    expect(document.activeElement).toBe(annaLesson);

    fireEvent.keyDown(annaLesson, { key: 'Delete', code: 'Delete' });
    await tick();
    expect(lessonOf('m-anna')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Wochenplan' }));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('keeps the tiles in plan order (day, start) in the DOM, so that Tab follows the week, not the names', async () => {
    await placeBenAndAnna();
    const order = () => [...document.querySelectorAll<HTMLElement>('.lesson[data-member]')].map((n) => n.dataset.member);
    // Ben's 9.00 comes before Anna's 10.00, though Anna comes first by name.
    expect(order()).toEqual(['m-ben', 'm-anna']);
  });

  it('Entf hands the focus on at once: a second Entf before the grid renders again takes out the next lesson', async () => {
    const { benLesson, annaLesson } = await placeBenAndAnna();

    benLesson.focus();
    // Both key presses arrive before React renders (a held key, a busy main thread): each goes to the
    // element that has the focus then.
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Delete', code: 'Delete' });
      expect(document.activeElement).toBe(annaLesson);
      fireEvent.keyDown(document.activeElement!, { key: 'Delete', code: 'Delete' });
    });
    await tick();
    expect(lessonOf('m-ben')).toBeNull();
    expect(lessonOf('m-anna')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Wochenplan' }));
  });
});
