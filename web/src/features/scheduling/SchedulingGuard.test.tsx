// /scheduling: the unsaved-changes guard over steps 2-4.
import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickCell, EXACT, location, open, plannerProps, plannerSave, resetSchedulingTest } from './scheduling-test-utils';

vi.mock('./planner/PlannerStep', async () => (await import('./scheduling-test-utils')).plannerStepStub());

afterEach(resetSchedulingTest);

describe('unsaved-changes guard', { timeout: 30_000 }, () => {
  it('moves freely between steps without unsaved changes', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu Schritt 3' }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeitraum?klasse=c1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('within scheduling asks only when unsaved; Speichern und fortfahren saves and goes on', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    clickCell(0, 38);
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu Schritt 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(location(app)).toBe('/scheduling/zeiten?klasse=c1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und fortfahren' }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeitraum?klasse=c1'));
    expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')).toHaveLength(1);
  });

  it('guards leaving scheduling for another page; Verwerfen drops the edits', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    clickCell(0, 38);
    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location(app)).toBe('/scheduling/zeiten?klasse=c1');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/me/classes'));
    expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')).toHaveLength(0);
  });

  it('a failing save in the modal keeps the teacher on the page', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    clickCell(0, 36);
    clickCell(0, 37);
    fireEvent.click(screen.getByRole('link', { name: /Schritt 1: Klasse wählen/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Speichern und fortfahren' }));
    expect(await screen.findByText('Bitte trage mindestens eine Verfügbarkeitszeit ein, um fortzufahren.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location(app)).toBe('/scheduling/zeiten?klasse=c1');
  });

  it('guards unsaved planner changes reported by step 4', async () => {
    const app = open('/scheduling/planen?klasse=c1', { range: { body: EXACT } });
    await screen.findByTestId('planner');
    act(() => plannerProps.at(-1)!.onUnsavedChange!(true));
    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    // the planner registered no save: 'Speichern und fortfahren' cannot act
    expect((within(dialog).getByRole('button', { name: 'Speichern und fortfahren' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/me/classes'));
  });

  it("uses the planner's registered save for 'Speichern und fortfahren'", async () => {
    const save = vi.fn(async () => true);
    plannerSave.handler = save;
    const app = open('/scheduling/planen?klasse=c1', { range: { body: EXACT } });
    await screen.findByTestId('planner');
    act(() => plannerProps.at(-1)!.onUnsavedChange!(true));
    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und fortfahren' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/me/classes'));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
