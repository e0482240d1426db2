import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, STUDENT } from '../../test/render-app';

// Montag 8.00-9.00 open; available 8.15 and 8.30, preferred 8.30.
const RANGES = { time_ranges: { '0': ['8.00', '8.15', '8.30', '8.45'] }, has_range: true };
const OWN = {
  available_times_response: { available_times: { '0': ['8.15', '8.30'] }, preferred_times: { '0': ['8.30'] }, last_modified: '2026-01-10T10:00:00Z' },
};

function routes(put: MockRoute['reply'] = (call) => ({ body: { ...(call.body as object), last_modified: '2026-01-11T10:00:00Z' } })): MockRoute[] {
  return [
    { method: 'GET', path: '/api/me/available-times', reply: { body: OWN } },
    { method: 'GET', path: '/api/me/teachers-time-ranges', reply: { body: RANGES } },
    { method: 'PUT', path: '/api/me/available-times', reply: put },
  ];
}

const cell = (day: number, slot: number) => document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`)!;
function clickCell(day: number, slot: number) {
  fireEvent.pointerDown(cell(day, slot), { button: 0, pointerType: 'mouse' });
  fireEvent.pointerUp(document);
}

async function openPage(put?: MockRoute['reply']) {
  const app = renderApp({ path: '/student', user: STUDENT, routes: routes(put) });
  await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' });
  return app;
}

describe('/student preferred times (Wunschzeiten)', () => {
  it('shows loaded preferred slots distinctly and names them', async () => {
    await openPage();
    expect(cell(0, 34).className).toContain('wg-cell--marked');
    expect(cell(0, 34).getAttribute('aria-label')).toBe('Montag 08:30, bevorzugt');
    expect(cell(0, 33).className).not.toContain('wg-cell--marked');
    expect(screen.getByRole('radio', { name: 'Verfügbar' })).toHaveProperty('checked', true);
  });

  it("in 'Bevorzugt' mode a stroke paints preferred times, an unavailable slot becomes available, and saving sends both", async () => {
    const app = await openPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Bevorzugt' }));
    const grid = await screen.findByRole('grid', { name: 'Deine bevorzugten Zeiten' });
    expect(cell(0, 34).getAttribute('aria-selected')).toBe('true');
    expect(cell(0, 33).getAttribute('aria-label')).toBe('Montag 08:15, verfügbar');
    clickCell(0, 32); // not available yet
    expect(cell(0, 32).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('summed-time').textContent).toBe('45 Minuten');
    expect(screen.getByTestId('preferred-time').textContent).toBe(', davon bevorzugt: 30 Minuten');
    // keyboard: Space toggles the focused cell in the current mode
    fireEvent.keyDown(cell(0, 33), { key: ' ' });
    expect(cell(0, 33).getAttribute('aria-selected')).toBe('true');
    expect(grid).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Verfügbare Zeiten erfolgreich aktualisiert')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/me/available-times', 'PUT')[0]!.body).toEqual({
      available_times: { '0': ['8.00', '8.15', '8.30'] },
      preferred_times: { '0': ['8.00', '8.15', '8.30'] },
    });
  });

  it("removing an available slot in 'Verfügbar' mode drops its preference too", async () => {
    const app = await openPage();
    clickCell(0, 34);
    expect(cell(0, 34).className).not.toContain('wg-cell--marked');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Verfügbare Zeiten erfolgreich aktualisiert');
    expect(app.fetchMock.callsTo('/api/me/available-times', 'PUT')[0]!.body).toEqual({ available_times: { '0': ['8.15'] }, preferred_times: {} });
  });

  it('a change of only the preferred times counts as unsaved and survives an expired session', async () => {
    const app = await openPage({ status: 401, body: { detail: 'Nicht angemeldet' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Bevorzugt' }));
    clickCell(0, 33);
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    app.unmount();

    await openPage();
    expect(await screen.findByText(/Deine noch nicht gespeicherten Zeiten wurden wiederhergestellt/)).toBeTruthy();
    expect(cell(0, 33).className).toContain('wg-cell--marked');
  });
});
