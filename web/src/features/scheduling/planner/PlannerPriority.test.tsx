import '../../../test/dom';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANNA, BEN, calcAnswer, placementView } from './model/fixtures';
import { CALC, renderPlanner } from './test-utils';

// docs/product/planning.md "Calculation": 'Was zählt mehr?' and the gap minutes beside the wishes count.

const MEMBERS = [{ ...ANNA, preferred_times_user_input: { '0': ['10.00', '10.15'] } }, BEN];
// Anna Monday 10.00-10.30, Ben Monday 9.00-9.45: 15 minutes gap (9.45-10.00).
const ANSWER = calcAnswer([placementView('m-anna', 0, 40, 42), placementView('m-ben', 0, 36, 39)], {
  summary: { placed: 2, preferred_placed: 1, idle_minutes: 15, moved: 0, proven: true, preferred_member_ids: ['m-anna'], moved_member_ids: [] },
});

async function calculate() {
  fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
  await screen.findAllByText('Neuer Stundenplan erfolgreich berechnet!');
}

describe('PlannerStep: wishes against gaps', { timeout: 30_000 }, () => {
  it('shows the gap minutes beside the wishes count', async () => {
    renderPlanner({ members: MEMBERS, routes: [{ method: 'POST', path: CALC, reply: { body: ANSWER } }] });
    await screen.findByText('Anna M.');
    await calculate();
    expect(screen.getByTestId('preferred-count').textContent).toBe('★1 von 2 Stunden in Wunschzeiten');
    expect(screen.getByTestId('gap-minutes').textContent).toBe('↔15 Minuten Lücken');
    expect(screen.getByTestId('gap-minutes').getAttribute('title')).toBe('Freie Zeit zwischen deinen Stunden eines Tages, über die Woche zusammengezählt');
    // Taking Ben out leaves one lesson: no gap.
    fireEvent.click(screen.getByRole('button', { name: 'Ben Schröder aus dem Plan entfernen' }));
    expect(screen.getByTestId('gap-minutes').textContent).toBe('↔Keine Lücken');
  });

  it("sends the choice 'Was zählt mehr?' with the calculation (nothing for 'Wunschzeiten zuerst')", async () => {
    const { fetchMock } = renderPlanner({ members: MEMBERS, routes: [{ method: 'POST', path: CALC, reply: { body: ANSWER } }] });
    await screen.findByText('Anna M.');
    const group = screen.getByRole('radiogroup', { name: 'Was zählt mehr?' });
    expect((screen.getByRole('radio', { name: 'Wunschzeiten zuerst' }) as HTMLInputElement).checked).toBe(true);
    expect(group.textContent).toMatch(/Abwägen:höchstens [0-9]+ Minuten Lücke mehr pro erfüllter Wunschzeit$/);
    expect((screen.getByRole('combobox', { name: 'Minuten Lücke pro erfüllter Wunschzeit' }) as HTMLSelectElement).value).toBe('30');
    await calculate();
    const body = (i: number) => fetchMock.callsTo(CALC)[i]!.body as Record<string, unknown>;
    expect(body(0)).not.toHaveProperty('priority');
    expect(body(0)).not.toHaveProperty('gap_minutes_per_preferred');

    fireEvent.click(screen.getByRole('radio', { name: 'Kompakte Tage zuerst' }));
    await calculate();
    expect(body(1)).toMatchObject({ priority: 'compact_first' });
    expect(body(1)).not.toHaveProperty('gap_minutes_per_preferred');

    fireEvent.change(screen.getByRole('combobox', { name: 'Minuten Lücke pro erfüllter Wunschzeit' }), { target: { value: '60' } });
    expect((screen.getByRole('radio', { name: 'Abwägen:' }) as HTMLInputElement).checked).toBe(true);
    await calculate();
    expect(body(2)).toMatchObject({ priority: 'weighted', gap_minutes_per_preferred: 60 });

    fireEvent.click(screen.getByRole('radio', { name: 'Wunschzeiten zuerst' }));
    await calculate();
    expect(body(3)).not.toHaveProperty('priority');
  });

  it('offers no choice while no student has Wunschzeiten', async () => {
    renderPlanner({ members: [ANNA, BEN] });
    await screen.findByText('Anna M.');
    expect(screen.queryByRole('radiogroup', { name: 'Was zählt mehr?' })).toBeNull();
  });

  it('opens the visible range at the full hour of the teacher’s first time', async () => {
    renderPlanner({ props: { teacherTimes: { '3': ['13.15', '13.30', '13.45', '14.00'], '4': ['15.00', '15.15'] } } });
    await screen.findByText('Anna M.');
    expect((screen.getByLabelText('Von') as HTMLSelectElement).value).toBe('52');
    expect((screen.getByLabelText('Bis') as HTMLSelectElement).value).toBe('76');
  });

  it('opens until the hour after the teacher’s last time when that is after 19.00, and at 8.00 without teacher times', async () => {
    const { unmount } = renderPlanner({ props: { teacherTimes: { '0': ['7.00', '7.15', '20.30'] } } });
    await screen.findByText('Anna M.');
    expect((screen.getByLabelText('Von') as HTMLSelectElement).value).toBe('28');
    expect((screen.getByLabelText('Bis') as HTMLSelectElement).value).toBe('84');
    unmount();
    renderPlanner({ props: { teacherTimes: {} } });
    await screen.findAllByText('Anna M.');
    expect((screen.getByLabelText('Von') as HTMLSelectElement).value).toBe('32');
  });
});
