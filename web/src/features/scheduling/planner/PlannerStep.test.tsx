import '../../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLASS_ID, MEMBERS, renderPlanner } from './test-utils';

function grid() {
  return document.querySelector('.week-grid') as HTMLElement;
}

describe('PlannerStep: grid and sidebar', { timeout: 30_000 }, () => {
  it('shows the 7 day columns, full-hour labels of the default range 8.00-19.00 and the sidebar parts', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    for (const day of ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']) expect(within(grid()).getByText(day)).toBeTruthy();
    for (const day of ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']) expect(within(grid()).getByText(day)).toBeTruthy();
    expect(within(grid()).getByText('08:00')).toBeTruthy();
    expect(within(grid()).getByText('18:00')).toBeTruthy();
    expect(within(grid()).queryByText('19:00')).toBeNull();
    expect(within(grid()).queryByText('07:00')).toBeNull();
    // 44 rows x 7 days
    expect(document.querySelectorAll('[data-cell]')).toHaveLength(44 * 7);
    expect(screen.getByText('Zeit-Anzeige eingrenzen')).toBeTruthy();
    expect(screen.getByText('Dozent')).toBeTruthy();
    expect(screen.getByText('6 Stunden')).toBeTruthy();
    expect((screen.getByLabelText('Spielraum') as HTMLSelectElement).value).toBe('3');
    expect(screen.getByRole('link', { name: 'Studentenliste bearbeiten' }).getAttribute('href')).toBe(`/me/classes?selectClass=${CLASS_ID}`);
    expect(screen.getByText('30 Min.')).toBeTruthy();
    expect(screen.getByText('45 Min.')).toBeTruthy();
  });

  it('L/S toggles only for students with two time sources; S is the default for registered students with own times', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const group = screen.getByRole('group', { name: 'Zeitquelle für Anna Müller' });
    const [l, s] = within(group).getAllByRole('button');
    expect(l!.getAttribute('aria-pressed')).toBe('false');
    expect(s!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(l!);
    expect(l!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('group', { name: 'Zeitquelle für Ben Schröder' })).toBeNull();
  });

  it("marks members without any times with 'keine Zeiten'", async () => {
    const DORA = {
      member_id: 'm-dora',
      user_id: null,
      student_id: null,
      name: 'Dora Ohnezeit',
      duration: 30,
      available_times: {},
      available_times_user_input: {},
    };
    renderPlanner({ members: [...MEMBERS, DORA] });
    const dora = (await screen.findByRole('button', { name: /^Dora Ohnezeit, 30 Minuten/ })).closest('li')!;
    expect(within(dora).getByTestId('planner-no-times').textContent).toBe('keine Zeiten');
    expect(dora.querySelector('.student-panel__main > .visually-hidden')!.textContent).toBe(
      'Dora Ohnezeit, 30 Minuten, nicht eingeplant, Noch keine Zeiten eingetragen',
    );
    for (const name of ['Anna Müller', 'Ben Schröder']) {
      const li = screen.getByRole('button', { name: new RegExp(`^${name}, `) }).closest('li')!;
      expect(within(li).queryByTestId('planner-no-times')).toBeNull();
    }
  });

  it('loading and empty texts', async () => {
    const { unmount } = renderPlanner({ members: 'hang' });
    expect(await screen.findByText('Lade Studenten...')).toBeTruthy();
    unmount();
    renderPlanner({ members: [] });
    expect(await screen.findByText('Keine Studenten für diese Klasse gefunden oder Daten werden geladen')).toBeTruthy();
  });

  it('Von/Bis disabling rules and the message without a range', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    const von = screen.getByLabelText('Von') as HTMLSelectElement;
    const bis = screen.getByLabelText('Bis') as HTMLSelectElement;
    expect(von.value).toBe('32');
    expect(bis.value).toBe('76');
    const option = (select: HTMLSelectElement, value: string) => select.querySelector(`option[value="${value}"]`) as HTMLOptionElement;
    expect(option(von, '75').disabled).toBe(false);
    expect(option(von, '76').disabled).toBe(true);
    expect(option(bis, '32').disabled).toBe(true);
    expect(option(bis, '33').disabled).toBe(false);
    expect(bis.querySelectorAll('option[value]:not([value=""])')).toHaveLength(96);
    fireEvent.change(bis, { target: { value: '40' } });
    expect(document.querySelectorAll('[data-cell]')).toHaveLength(8 * 7);
    fireEvent.change(von, { target: { value: '' } });
    expect(screen.getByText('Bitte wählen Sie einen Zeitbereich in der Seitenleiste aus.')).toBeTruthy();
  });
});
