import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, STUDENT } from '../../test/render-app';
import { STUDENT_TIMES_TEXTS } from './StudentTimesPage';

// The grids make jsdom slow: give async queries more time.

// Montag 8.00-9.00 and Mittwoch 14.00-14.30 (already padded by the server).
const RANGES = { time_ranges: { '0': ['8.00', '8.15', '8.30', '8.45'], '2': ['14.00', '14.15'] }, has_range: true };
const OWN = { available_times_response: { available_times: { '0': ['8.15'] }, last_modified: '2026-01-10T10:00:00Z' } };

function routes(overrides: Partial<Record<'own' | 'ranges' | 'put', MockRoute['reply']>> = {}): MockRoute[] {
  return [
    { method: 'GET', path: '/api/me/available-times', reply: overrides.own ?? { body: OWN } },
    { method: 'GET', path: '/api/me/teachers-time-ranges', reply: overrides.ranges ?? { body: RANGES } },
    {
      method: 'PUT',
      path: '/api/me/available-times',
      reply:
        overrides.put ??
        ((call) => ({ body: { ...(call.body as object), last_modified: '2026-01-11T10:00:00Z', message: 'Verfügbare Zeiten erfolgreich gespeichert' } })),
    },
  ];
}

const course = (name: string, memberId: string, deadline: string | null, allowLate = false, verified = true) => ({
  duration: 30,
  member_id: memberId,
  student_id: verified ? 's' : null,
  class_id: memberId,
  classes: { name, class_id: memberId },
  teacher_name: null,
  institution: null,
  deadline,
  allow_late_changes: allowLate,
});

function cell(day: number, slot: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`);
  if (!el) throw new Error(`no cell ${day}/${slot}`);
  return el;
}

function clickCell(day: number, slot: number) {
  fireEvent.pointerDown(cell(day, slot), { button: 0, pointerType: 'mouse' });
  fireEvent.pointerUp(document);
}

async function openPage(extra: Partial<Record<'own' | 'ranges' | 'put', MockRoute['reply']>> = {}, path = '/student') {
  const app = renderApp({ path, user: STUDENT, routes: routes(extra) });
  if (path === '/student') await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' });
  return app;
}

describe('/student window', () => {
  it('hides days without a teacher range, disables slots outside it and shows only its rows', async () => {
    await openPage();
    const grid = screen.getByRole('grid', { name: 'Deine verfügbaren Zeiten' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Uhrzeit', 'Montag', 'Mittwoch']);
    // rows: 8.00 (first range slot) .. 14.15 (last), nothing before or after
    expect(document.querySelector('[data-day="0"][data-slot="31"]')).toBeNull();
    expect(document.querySelector('[data-day="0"][data-slot="58"]')).toBeNull();
    expect(cell(0, 32).getAttribute('aria-disabled')).toBeNull();
    expect(cell(0, 36).getAttribute('aria-disabled')).toBe('true');
    expect(cell(2, 32).getAttribute('aria-disabled')).toBe('true');
    expect(cell(2, 57).getAttribute('aria-disabled')).toBeNull();
    expect(cell(0, 33).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText(/noch keinen Zeitraum festgelegt/)).toBeNull();
    expect(screen.getByTestId('summed-time').textContent).toBe('15 Minuten');
  });

  it('names each course with a deadline above the grid', async () => {
    renderApp({
      path: '/student',
      user: STUDENT,
      routes: [
        ...routes(),
        { method: 'GET', path: '/api/profile', reply: { body: { name: 'S', classes: [course('Klavier', 'm1', '2999-01-31'), course('Gesang', 'm2', null)] } } },
      ],
    });
    const list = await screen.findByTestId('student-deadlines');
    expect(list.textContent).toBe('Klavier: Bitte trage deine Zeiten bis 31.01.2999 ein');
  });

  it('after a deadline without late changes the grid is read-only: no painting, no mode switch, nothing to save', async () => {
    renderApp({
      path: '/student',
      user: STUDENT,
      routes: [
        ...routes(),
        {
          method: 'GET',
          path: '/api/profile',
          reply: { body: { name: 'S', classes: [course('Klavier', 'm1', '2020-01-31'), course('Gesang', 'm2', '2999-01-31', true)] } },
        },
      ],
    });
    expect((await screen.findByTestId('student-deadlines')).textContent).toContain('Klavier: Die Frist ist am 31.01.2020 abgelaufen.');
    const grid = await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' });
    expect(grid.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('group', { name: 'Markieren als' })).toBeNull();
    expect(screen.getByText(STUDENT_TIMES_TEXTS.locked)).toBeTruthy();
    expect(screen.queryByText(STUDENT_TIMES_TEXTS.helpDrag)).toBeNull();
    expect(cell(0, 33).getAttribute('aria-label')).toBe('Montag 08:15, verfügbar');
    clickCell(0, 32);
    fireEvent.click(cell(0, 32));
    expect(cell(0, 32).getAttribute('aria-label')).toBe('Montag 08:00, nicht verfügbar');
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.getByTestId('summed-time').textContent).toBe('15 Minuten');
  });

  it('stays editable when late changes are allowed, the deadline has not passed or the course is not verified yet', async () => {
    renderApp({
      path: '/student',
      user: STUDENT,
      routes: [
        ...routes(),
        {
          method: 'GET',
          path: '/api/profile',
          reply: {
            body: {
              name: 'S',
              classes: [course('Klavier', 'm1', '2020-01-31', true), course('Gesang', 'm2', '2999-01-31'), course('Chor', 'm3', '2020-01-31', false, false)],
            },
          },
        },
      ],
    });
    await screen.findByTestId('student-deadlines');
    await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' });
    clickCell(0, 32);
    expect(cell(0, 32).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
  });

  it('a disabled slot cannot be selected', async () => {
    await openPage();
    clickCell(0, 40);
    expect(cell(0, 40).getAttribute('aria-selected')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('without any teacher range shows the info message and opens all days', async () => {
    await openPage({
      ranges: { body: { time_ranges: {}, has_range: false } },
      own: { body: { available_times_response: { available_times: {}, last_modified: null } } },
    });
    expect(screen.getByText('Deine Lehrkräfte haben noch keinen Zeitraum festgelegt. Du kannst deine Zeiten an allen Tagen eintragen.')).toBeTruthy();
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
    expect(cell(6, 32).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByTestId('summed-time').textContent).toBe('Keine Zeiten');
    // the default view 8:00-19:00 and the picker to widen it
    expect(document.querySelector('[data-day="0"][data-slot="75"]')).not.toBeNull();
    expect(document.querySelector('[data-day="0"][data-slot="76"]')).toBeNull();
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '88' } });
    expect(document.querySelector('[data-day="0"][data-slot="87"]')).not.toBeNull();
  });

  it("says 'Fehler beim Laden der Zeiten' when loading fails", async () => {
    renderApp({ path: '/student', user: STUDENT, routes: routes({ own: { status: 500, body: { detail: 'kaputt' } } }) });
    expect(await screen.findByText('Fehler beim Laden der Zeiten')).toBeTruthy();
  });

  it("shows 'Das Laden dauert länger als gewöhnlich...' after 5 s of loading", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp({ path: '/student', user: STUDENT, routes: routes({ own: { hang: true } }) });
    await screen.findByText('Zeiten werden geladen…');
    expect(screen.queryByText('Das Laden dauert länger als gewöhnlich...')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText('Das Laden dauert länger als gewöhnlich...')).toBeTruthy();
  });
});

describe('/student saving', () => {
  it('shows the save action only while edits differ from the loaded times, then saves them', async () => {
    const app = await openPage();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    clickCell(0, 32);
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
    expect(screen.getByTestId('summed-time').textContent).toBe('30 Minuten');
    // toggling back to the loaded state hides it again
    clickCell(0, 32);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    clickCell(0, 32);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Verfügbare Zeiten erfolgreich aktualisiert')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/me/available-times', 'PUT')[0]!.body).toEqual({ available_times: { '0': ['8.00', '8.15'] }, preferred_times: {} });
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it("says 'gespeichert' for the first save", async () => {
    await openPage({ own: { body: { available_times_response: { available_times: {}, last_modified: null } } } });
    clickCell(0, 32);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Verfügbare Zeiten erfolgreich gespeichert')).toBeTruthy();
  });

  it("logs 'Failed to save times' and keeps the edits when saving fails", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openPage({ put: { status: 400, body: { detail: 'Die Zeit Montag 7.00 liegt außerhalb des von deinen Lehrkräften freigegebenen Zeitraums.' } } });
    clickCell(0, 32);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Speichern fehlgeschlagen: Die Zeit Montag 7.00 liegt außerhalb/)).toBeTruthy();
    expect(log).toHaveBeenCalledWith('Failed to save times', expect.anything());
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
  });
});

describe('/student when the session expired', () => {
  it('a 401 on saving runs the expiry flow (no error toast) and the unsaved times come back on the next visit', async () => {
    const app = await openPage({ put: { status: 401, body: { detail: 'Nicht angemeldet' } } });
    clickCell(0, 32);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    // The flow's flag, taken up (and cleared) by the note on '/'. Not the flag itself: how long it is left
    // before the note clears it depends on the runtime's scheduling (React renders the move in a later slice).
    expect(await screen.findByText('Deine Sitzung ist abgelaufen. Bitte melde Dich erneut an.')).toBeTruthy();
    expect(window.localStorage.getItem('sessionExpired')).toBeNull();
    expect(screen.queryByText(/Speichern fehlgeschlagen/)).toBeNull();
    app.unmount();

    await openPage();
    expect(await screen.findByText(/Deine noch nicht gespeicherten Zeiten wurden wiederhergestellt/)).toBeTruthy();
    expect(cell(0, 32).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Verfügbare Zeiten erfolgreich aktualisiert')).toBeTruthy();
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('/student unsaved-changes guard', () => {
  it('does not ask when nothing changed', async () => {
    const app = await openPage();
    fireEvent.click(screen.getByRole('link', { name: 'Impressum' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/impressum'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a link click opens the modal; 'Zurück' stays, 'Verwerfen' leaves without saving", async () => {
    const app = await openPage();
    clickCell(0, 32);
    fireEvent.click(screen.getByRole('link', { name: 'Impressum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(within(dialog).getByRole('button', { name: 'Speichern und fortfahren' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/student');
    expect(cell(0, 32).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('link', { name: 'Impressum' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/impressum'));
    expect(app.fetchMock.callsTo('/api/me/available-times', 'PUT')).toHaveLength(0);
  });

  it("'Verwerfen' forgets the draft: the next visit shows the saved times, not the discarded ones", async () => {
    const app = await openPage();
    clickCell(0, 32);
    expect(window.sessionStorage.length).toBe(1);
    fireEvent.click(screen.getByRole('link', { name: 'Impressum' }));
    // The click itself drops the kept copy: no render or effect after it may be left to do so, for the
    // navigation it lets go on takes the page away.
    let keptAtClick = -1;
    const atClick = () => (keptAtClick = window.sessionStorage.length);
    document.addEventListener('click', atClick);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwerfen' }));
    document.removeEventListener('click', atClick);
    expect(keptAtClick).toBe(0);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/impressum'));
    expect(window.sessionStorage.length).toBe(0);
    app.unmount();

    await openPage();
    expect(cell(0, 32).getAttribute('aria-selected')).toBe('false');
    expect(screen.queryByText(/Deine noch nicht gespeicherten Zeiten wurden wiederhergestellt/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it("'Speichern und fortfahren' saves, then navigates", async () => {
    const app = await openPage();
    clickCell(0, 32);
    fireEvent.click(screen.getByRole('link', { name: 'Impressum' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Speichern und fortfahren' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/impressum'));
    expect(app.fetchMock.callsTo('/api/me/available-times', 'PUT')).toHaveLength(1);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('guards the back button', async () => {
    const app = renderApp({ path: '/impressum', user: STUDENT, routes: routes() });
    await act(() => app.router.navigate('/student'));
    await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' });
    clickCell(0, 32);
    await act(() => app.router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/student');
  });

  it('asks the browser before closing the tab only while there are unsaved edits', async () => {
    await openPage();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    clickCell(0, 32);
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
