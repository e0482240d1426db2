import '../../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../../test/fetch-mock';
import { renderApp, STUDENT } from '../../../test/render-app';
import { CALENDAR_TEXTS } from './CalendarImportPanel';

// The student's window: Montag 8.00-9.00 and Mittwoch 14.00-14.30; saved: Montag 8.15.
const RANGES = { time_ranges: { '0': ['8.00', '8.15', '8.30', '8.45'], '2': ['14.00', '14.15'] }, has_range: true };
const OWN = { available_times_response: { available_times: { '0': ['8.15'] }, last_modified: '2026-01-10T10:00:00Z' } };
// Busy: Montag 8.30-9.00 (Vorlesung) and Dienstag 10.00 (outside the window).
const IMPORTED = {
  busy: { '0': ['8.30', '8.45'], '1': ['10.00'], '2': [], '3': [], '4': [], '5': [], '6': [] },
  events: [
    { day: 0, start: '8.30', end: '9.00', summary: 'Vorlesung Harmonielehre' },
    { day: 1, start: '10.00', end: '10.15', summary: 'Orchester' },
  ],
  from: '2027-01-04',
  to: '2027-02-28',
};

const routes: MockRoute[] = [
  { method: 'GET', path: '/api/me/available-times', reply: { body: OWN } },
  { method: 'GET', path: '/api/me/teachers-time-ranges', reply: { body: RANGES } },
  { method: 'POST', path: '/api/me/calendar-import', reply: { body: IMPORTED } },
  {
    method: 'PUT',
    path: '/api/me/available-times',
    reply: (call) => ({ body: { ...(call.body as object), last_modified: '2026-01-11T10:00:00Z', message: 'Verfügbare Zeiten erfolgreich gespeichert' } }),
  },
];

const cell = (day: number, slot: number) => document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`)!;

async function openPage() {
  const app = renderApp({ path: '/student', user: STUDENT, routes });
  await screen.findByRole('grid', { name: 'Deine verfügbaren Zeiten' });
  return app;
}

describe('/student: Aus Kalender übernehmen', () => {
  it('hatches the busy slots with the event name on hover and in the accessible name; Freie Zeiten übernehmen fills the window minus them', async () => {
    const app = await openPage();
    const input = screen.getByLabelText(CALENDAR_TEXTS.file);
    fireEvent.change(input, { target: { files: [new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'stundenplan.ics', { type: 'text/calendar' })] } });
    await waitFor(() => expect(cell(0, 34).classList.contains('wg-cell--busy')).toBe(true));
    const sent = app.fetchMock.callsTo('/api/me/calendar-import', 'POST')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('stundenplan.ics');
    expect(cell(0, 34).title).toBe('Belegt: Vorlesung Harmonielehre');
    expect(cell(0, 35).getAttribute('aria-label')).toBe('Montag 08:45, nicht verfügbar, belegt: Vorlesung Harmonielehre');
    expect(cell(0, 32).classList.contains('wg-cell--busy')).toBe(false);
    expect(cell(0, 32).title).toBe('');

    fireEvent.click(screen.getByRole('button', { name: CALENDAR_TEXTS.applyFree }));
    await waitFor(() => expect(cell(0, 32).getAttribute('aria-selected')).toBe('true'));
    expect([32, 33, 34, 35].map((s) => cell(0, s).getAttribute('aria-selected'))).toEqual(['true', 'true', 'false', 'false']);
    expect([56, 57].map((s) => cell(2, s).getAttribute('aria-selected'))).toEqual(['true', 'true']);

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/me/available-times', 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo('/api/me/available-times', 'PUT')[0]!.body).toEqual({
      available_times: { '0': ['8.00', '8.15'], '2': ['14.00', '14.15'] },
      preferred_times: {},
    });
  });

  it('remembers a link on this device only when asked, and reads it again with one click', async () => {
    localStorage.clear();
    const app = await openPage();
    fireEvent.change(screen.getByLabelText(CALENDAR_TEXTS.link), { target: { value: 'webcal://example.org/stundenplan.ics' } });
    fireEvent.click(screen.getByLabelText(CALENDAR_TEXTS.remember));
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_TEXTS.readLink }));
    await waitFor(() => expect(cell(0, 34).classList.contains('wg-cell--busy')).toBe(true));
    expect((app.fetchMock.callsTo('/api/me/calendar-import', 'POST')[0]!.body as FormData).get('url')).toBe('webcal://example.org/stundenplan.ics');
    expect(Object.values({ ...localStorage })).toContain('webcal://example.org/stundenplan.ics');

    fireEvent.click(await screen.findByRole('button', { name: CALENDAR_TEXTS.reread }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/me/calendar-import', 'POST')).toHaveLength(2));
    expect((app.fetchMock.callsTo('/api/me/calendar-import', 'POST')[1]!.body as FormData).get('url')).toBe('webcal://example.org/stundenplan.ics');

    fireEvent.click(screen.getByRole('button', { name: CALENDAR_TEXTS.forget }));
    expect(Object.values({ ...localStorage })).not.toContain('webcal://example.org/stundenplan.ics');
  });

  it('without the checkbox the link is not kept', async () => {
    localStorage.clear();
    await openPage();
    fireEvent.change(screen.getByLabelText(CALENDAR_TEXTS.link), { target: { value: 'https://example.org/a.ics' } });
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_TEXTS.readLink }));
    await waitFor(() => expect(cell(0, 34).classList.contains('wg-cell--busy')).toBe(true));
    expect(Object.values({ ...localStorage })).not.toContain('https://example.org/a.ics');
    expect(screen.queryByRole('button', { name: CALENDAR_TEXTS.reread })).toBeNull();
  });
});
