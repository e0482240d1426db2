import '../../../test/dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLASS_ID, MEMBERS, renderPlanner } from './test-utils';

const SAVED = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Plan Oktober',
  description: 'Erste Woche',
  class_id: CLASS_ID,
  created_at: '2025-10-01T10:00:00.000Z',
  updated_at: '2025-10-01T10:00:00.000Z',
};
const OLDER = { ...SAVED, id: '22222222-2222-4222-8222-222222222222', name: 'Plan September', created_at: '2025-09-01T10:00:00.000Z' };

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

  it('loads the latest saved schedule on mount, with its pinned lesson and name', async () => {
    const { fetchMock, onUnsavedChange } = renderPlanner({
      schedules: [OLDER, SAVED],
      routes: [
        {
          method: 'GET',
          path: `/api/schedules/${SAVED.id}`,
          reply: {
            body: {
              ...SAVED,
              available_times: {
                '0': [
                  ['10.00', 'm-anna'],
                  ['10.15', 'm-anna'],
                ],
                '1': [],
                '2': [],
                '3': [],
                '4': [],
                '5': [],
                '6': [],
              },
              pinned: ['m-anna'],
            },
          },
        },
      ],
    });
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, fixiert' });
    expect(lesson.getAttribute('data-lesson-rows')).toBe('2');
    expect(fetchMock.callsTo(`/api/schedules/${OLDER.id}`)).toHaveLength(0);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Plan Oktober');
    expect(onUnsavedChange).not.toHaveBeenLastCalledWith(true);
  });

  it("shows a mismatching entry as 'ERROR: ...' with the missing-data tooltip", async () => {
    renderPlanner({
      schedules: [SAVED],
      routes: [{ method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { body: { ...SAVED, available_times: { '3': [['9.00', 'ghost']] }, pinned: [] } } }],
    });
    expect(await screen.findByText('ERROR: Unbekannte*r Student*in')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Fehler: Fehlende Studentendaten' }).length).toBeGreaterThan(0);
  });

  it("load failure: 'Laden fehlgeschlagen: ...'", async () => {
    renderPlanner({
      schedules: [SAVED],
      routes: [{ method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { status: 500, body: { detail: 'Datenbank weg' } } }],
    });
    expect(await screen.findByText('Laden fehlgeschlagen: Datenbank weg')).toBeTruthy();
  });

  it('hovering a student highlights their chosen times after 300 ms', async () => {
    renderPlanner();
    const panel = (await screen.findByText('Ben S.')).closest('.student-panel__main') as HTMLElement;
    const cell = () => document.querySelector('[data-cell="1:32"]') as HTMLElement; // Ben: Tuesday 8.00
    vi.useFakeTimers();
    fireEvent.pointerEnter(panel);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(cell().className).not.toContain('grid-cell--highlight');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(cell().className).toContain('grid-cell--highlight');
    expect(screen.getByText('Zeiten von Ben S.')).toBeTruthy();
    fireEvent.pointerLeave(panel);
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(cell().className).not.toContain('grid-cell--highlight');
    vi.useRealTimers();
  });

  it('shades free cells by the number of unplaced students who could take them', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    // Monday 9.00: Ben (teacher-entered 9.00-10.15, 45 min) fits; Anna uses her own times (10.00-11.00).
    expect(document.querySelector('[data-cell="0:36"]')!.getAttribute('title')).toBe('1 nicht eingeplante Studierende*r hätte hier Zeit');
    expect(document.querySelector('[data-cell="0:40"]')!.getAttribute('title')).toBe('2 nicht eingeplante Studierende hätten hier Zeit');
    expect(document.querySelector('[data-cell="4:40"]')!.getAttribute('title')).toBeNull();
  });

  it("PDF without lessons: 'Kein Stundenplan zum Exportieren vorhanden.'", async () => {
    const { fetchMock } = renderPlanner();
    await screen.findByText('Anna M.');
    fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    expect(await screen.findByText('Kein Stundenplan zum Exportieren vorhanden.')).toBeTruthy();
    expect(fetchMock.callsTo('/api/export-pdf-alternative')).toHaveLength(0);
  });
});
