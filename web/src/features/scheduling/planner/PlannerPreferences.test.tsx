import '../../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANNA, BEN, calcAnswer, placementView } from './model/fixtures';
import { CALC, CLASS_ID, renderPlanner } from './test-utils';

// The planner is heavy for jsdom on a busy machine: give async queries more time.

const SAVED = { id: '22222222-2222-4222-8222-222222222222', name: 'Plan Oktober', class_id: CLASS_ID, created_at: '2025-10-01T10:00:00.000Z' };
// Anna's own times prefer Monday 10.00-10.30; Ben's teacher-entered ones Tuesday 8.00-8.45.
const MEMBERS = [
  { ...ANNA, preferred_times_user_input: { '0': ['10.00', '10.15'] } },
  { ...BEN, preferred_times: { '1': ['8.00', '8.15', '8.30'] } },
];
const SAVED_DETAIL = {
  ...SAVED,
  available_times: {
    '0': [
      ['10.00', 'm-anna'],
      ['10.15', 'm-anna'],
    ],
    '1': [
      ['8.00', 'm-ben'],
      ['8.15', 'm-ben'],
      ['8.30', 'm-ben'],
    ],
  },
  pinned: [],
};
const answer = (moved: string[]) =>
  calcAnswer([placementView('m-anna', 0, 40, 42), placementView('m-ben', 0, 36, 39)], {
    summary: { placed: 2, preferred_placed: 1, idle_minutes: 15, moved: moved.length, proven: true, preferred_member_ids: ['m-anna'], moved_member_ids: moved },
  });

describe('PlannerStep: preferred times and stable re-planning', { timeout: 30_000 }, () => {
  it('marks lessons in preferred times with a star and counts them (live for a loaded plan, from the summary after a calculation)', async () => {
    const { fetchMock } = renderPlanner({
      members: MEMBERS,
      schedules: [SAVED],
      routes: [
        { method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { body: SAVED_DETAIL } },
        { method: 'POST', path: CALC, reply: { body: answer([]) } },
      ],
    });
    const anna = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, in Wunschzeit' });
    expect(anna.querySelector('[data-mark="preferred"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Ben Schröder, Dienstag 08:00–08:45 Uhr, in Wunschzeit' })).toBeTruthy();
    expect(screen.getByTestId('preferred-count').textContent).toBe('★2 von 2 Stunden in Wunschzeiten');
    expect(screen.queryByTestId('moved-count')).toBeNull();

    // Switched off right after the plan appeared (it must stay off: no reset after the click), so no comparison.
    fireEvent.click(screen.getByRole('switch', { name: 'Möglichst wenige Änderungen' }));
    expect((screen.getByRole('switch', { name: 'Möglichst wenige Änderungen' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    await screen.findByText('Neuer Stundenplan erfolgreich berechnet!');
    expect(fetchMock.callsTo(CALC)[0]!.body).not.toHaveProperty('previous_schedule_id');
    expect(screen.getByTestId('preferred-count').textContent).toBe('★1 von 2 Stunden in Wunschzeiten');
    expect(screen.getByRole('button', { name: 'Ben Schröder, Montag 09:00–09:45 Uhr' }).querySelector('[data-mark]')).toBeNull();
    expect(screen.queryByTestId('moved-count')).toBeNull();
  });

  it("with a loaded saved plan sends previous_schedule_id by default ('Möglichst wenige Änderungen') and shows who moved", async () => {
    const { fetchMock } = renderPlanner({
      members: MEMBERS,
      schedules: [SAVED],
      routes: [
        { method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { body: SAVED_DETAIL } },
        { method: 'POST', path: CALC, reply: { body: answer(['m-ben']) } },
      ],
    });
    await screen.findByRole('button', { name: /^Anna Müller, Montag 10:00–10:30 Uhr/ });
    const toggle = screen.getByRole('switch', { name: 'Möglichst wenige Änderungen' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText('Die Berechnung verschiebt möglichst wenige Stunden gegenüber dem gespeicherten Stundenplan „Plan Oktober“.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    await screen.findByText('Neuer Stundenplan erfolgreich berechnet!');
    expect(fetchMock.callsTo(CALC)[0]!.body).toMatchObject({ previous_schedule_id: SAVED.id });
    expect(within(screen.getByTestId('moved-count')).getByText(/1 verschoben/)).toBeTruthy();
    expect(screen.getByTestId('moved-count').textContent).toContain('gegenüber „Plan Oktober“');
    const ben = screen.getByRole('button', { name: 'Ben Schröder, Montag 09:00–09:45 Uhr, verschoben' });
    expect(ben.querySelector('[data-mark="moved"]')).not.toBeNull();

    // A second calculation still compares with the saved plan, not with the calculated one.
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    await screen.findAllByText('Neuer Stundenplan erfolgreich berechnet!');
    expect(fetchMock.callsTo(CALC)[1]!.body).toMatchObject({ previous_schedule_id: SAVED.id });
  });

  it('without a saved plan there is no switch and no previous_schedule_id', async () => {
    const { fetchMock } = renderPlanner({ members: MEMBERS, routes: [{ method: 'POST', path: CALC, reply: { body: answer([]) } }] });
    await screen.findByText('Anna M.');
    expect(screen.queryByRole('switch', { name: 'Möglichst wenige Änderungen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
    await screen.findByText('Neuer Stundenplan erfolgreich berechnet!');
    expect(fetchMock.callsTo(CALC)[0]!.body).not.toHaveProperty('previous_schedule_id');
    expect(screen.getByTestId('preferred-count').textContent).toBe('★1 von 2 Stunden in Wunschzeiten');
  });
});
