import '../../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPlanner, tick } from './test-utils';

async function key(code: string, target: Element | Document = document) {
  fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
  await tick();
}

function lessonOf(memberId: string) {
  return document.querySelector(`.lesson[data-member="${memberId}"]`);
}

function panel(shortName: string) {
  return screen.getByText(shortName).closest('.student-panel__main') as HTMLElement;
}

describe('PlannerStep: keyboard placement (dnd-kit KeyboardSensor)', { timeout: 30_000 }, () => {
  it('places a student with Space, arrows and Space, moves the lesson and removes it with Delete', async () => {
    const { onUnsavedChange } = renderPlanner();
    await screen.findByText('Anna M.');
    // Anna (S: Monday 10.00-11.00, Wednesday 14.00-14.30): the keyboard target starts at her first free fitting cell.
    const anna = panel('Anna M.');
    anna.focus();
    await key('Space', anna);
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
    renderPlanner();
    await screen.findByText('Anna M.');
    const anna = panel('Anna M.');
    anna.focus();
    await key('Space', anna);
    await key('ArrowDown');
    await key('Escape');
    expect(lessonOf('m-anna')).toBeNull();
    expect(document.querySelector('.drop-preview')).toBeNull();
  });

  it("dropping outside the student's times asks 'Verfügbarkeit überschreiben?': Abbrechen keeps the plan, Eintragen places", async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const anna = panel('Anna M.');
    anna.focus();
    await key('Space', anna);
    await key('Home'); // Monday 8.00: not in Anna's own times
    expect(document.querySelector('.drop-preview--warn')).not.toBeNull();
    await key('Space');
    let dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    expect(within(dialog).getByText('Anna Müller ist zu dieser Zeit (Montag 08:00–08:30 Uhr) nicht verfügbar.')).toBeTruthy();
    expect(within(dialog).getByText('Trotzdem eintragen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lessonOf('m-anna')).toBeNull();

    anna.focus();
    await key('Space', anna);
    await key('Home');
    await key('Space');
    dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eintragen' }));
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 08:00–08:30 Uhr' });
    // Placed where the student has no time: the warning tooltip of the SPEC.
    expect(within(lesson).getByRole('img', { name: 'Student*in hat zu dieser Zeit eigentlich keine Zeit' })).toBeTruthy();
  });

  it('refuses a drop on top of another lesson', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const anna = panel('Anna M.');
    anna.focus();
    await key('Space', anna);
    await key('Space'); // Monday 10.00
    await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    const ben = panel('Ben S.');
    ben.focus();
    await key('Space', ben);
    await key('Home');
    for (let i = 0; i < 8; i++) await key('ArrowDown'); // Monday 10.00
    expect(document.querySelector('.drop-preview--bad')).not.toBeNull();
    await key('Space');
    expect(await screen.findByText('Dieser Zeitraum ist bereits belegt (Anna Müller).')).toBeTruthy();
    expect(lessonOf('m-ben')).toBeNull();
  });

  it("cancelling the override dialog after a keyboard drop says 'nicht abgelegt', not 'abgelegt'", async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const anna = panel('Anna M.');
    anna.focus();
    await key('Space', anna);
    await key('Home'); // Monday 8.00: not in Anna's own times
    await key('Space');
    const dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    expect(liveTexts()).not.toContain('Anna Müller abgelegt.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await tick();
    expect(lessonOf('m-anna')).toBeNull();
    expect(liveTexts()).toContain('Anna Müller nicht abgelegt.');
    expect(liveTexts()).not.toContain('Anna Müller abgelegt.');

    // Confirmed, the drop took place and says so.
    anna.focus();
    await key('Space', anna);
    await key('Home');
    await key('Space');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' })).getByRole('button', { name: 'Eintragen' }));
    await screen.findByRole('button', { name: /^Anna Müller, Montag 08:00–08:30 Uhr/ });
    expect(liveTexts()).toContain('Anna Müller abgelegt.');
  });

  it("a refused keyboard drop (onto another lesson) says 'nicht abgelegt'", async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const anna = panel('Anna M.');
    anna.focus();
    await key('Space', anna);
    await key('Space'); // Monday 10.00
    await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    const ben = panel('Ben S.');
    ben.focus();
    await key('Space', ben);
    await key('Home');
    for (let i = 0; i < 8; i++) await key('ArrowDown'); // Monday 10.00, Anna's lesson
    await key('Space');
    expect(liveTexts()).toContain('Ben Schröder nicht abgelegt.');
    expect(liveTexts()).not.toContain('Ben Schröder abgelegt.');
  });

  it('Entf on a lesson moves the focus to the next lesson, and from the last one to the grid', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const anna = panel('Anna M.');
    anna.focus();
    await key('Space', anna);
    await key('Space'); // Monday 10.00
    const ben = panel('Ben S.');
    ben.focus();
    await key('Space', ben);
    await key('Space'); // Monday 9.00
    const benLesson = await screen.findByRole('button', { name: 'Ben Schröder, Montag 09:00–09:45 Uhr' });
    const annaLesson = screen.getByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });

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
});

/** The texts of every live region on the page (dnd-kit's and the planner's own). */
function liveTexts(): string[] {
  return [...document.querySelectorAll('[role="status"], [aria-live]')].map((n) => n.textContent?.trim() ?? '');
}
