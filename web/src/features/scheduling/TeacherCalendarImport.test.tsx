import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CALENDAR_TEXTS } from '../availability';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';

// Step 2 'Aus Kalender übernehmen' (docs/product/times.md): the teacher's own calendar for the class's semester.
const CLASSES = { classes: [{ class_id: 'c1', name: 'Klavier Hauptfach', description: '', is_group: false, member_count: 3 }] };
// Busy: Montag 9.00-9.30 (Orchester) and Dienstag 10.00 (below the shown rows).
const IMPORTED = {
  busy: { '0': ['9.00', '9.15'], '1': ['10.00'], '2': [], '3': [], '4': [], '5': [], '6': [] },
  events: [
    { day: 0, start: '9.00', end: '9.30', summary: 'Orchester' },
    { day: 1, start: '10.00', end: '10.15', summary: 'Chorprobe' },
  ],
  from: '2027-01-04',
  to: '2027-02-28',
};

const routes: MockRoute[] = [
  { method: 'GET', path: '/api/me/classes', reply: { body: CLASSES } },
  { method: 'GET', path: '/api/classes/c1/available-times', reply: { body: { available_times: { '0': ['9.00', '9.15'] } } } },
  { method: 'PUT', path: '/api/classes/c1/available-times', reply: (call) => ({ body: call.body }) },
  { method: 'GET', path: '/api/classes/c1/time-range', reply: { body: { time_range: null, mode: null, extraMinutes: null } } },
  { method: 'POST', path: '/api/me/calendar-import', reply: { body: IMPORTED } },
];

const cell = (day: number, slot: number) => document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`)!;
const selected = (day: number, slots: number[]) => slots.map((s) => cell(day, s).getAttribute('aria-selected'));

afterEach(() => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

describe('/scheduling/zeiten: Aus Kalender übernehmen', () => {
  it("reads the file for the class, hatches the busy cells and 'Freie Zeiten übernehmen' fills the shown rows minus them", async () => {
    const app = renderApp({ path: '/scheduling/zeiten?klasse=c1', user: TEACHER, routes });
    await screen.findByRole('grid', { name: 'Bevorzugte Zeiten für Klavier Hauptfach' });
    // Show only 9.00-10.00 so that the window is small: 4 rows on 7 days.
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '36' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '40' } });

    const file = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'mein-kalender.ics', { type: 'text/calendar' });
    fireEvent.change(screen.getByLabelText(CALENDAR_TEXTS.file), { target: { files: [file] } });
    await waitFor(() => expect(cell(0, 36).classList.contains('wg-cell--busy')).toBe(true));
    const posted = app.fetchMock.callsTo('/api/me/calendar-import', 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/api/me/calendar-import?class_id=c1');
    expect(((posted[0]!.body as FormData).get('file') as File).name).toBe('mein-kalender.ics');
    expect(cell(0, 37).classList.contains('wg-cell--busy')).toBe(true);
    expect(cell(0, 37).title).toBe('Belegt: Orchester');
    expect(cell(0, 37).getAttribute('aria-label')).toBe('Montag 09:15, verfügbar, belegt: Orchester');
    expect(cell(0, 38).classList.contains('wg-cell--busy')).toBe(false);
    expect(cell(0, 38).title).toBe('');
    expect(screen.getByText('Belegt laut deinem Kalender')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: CALENDAR_TEXTS.applyFree }));
    await waitFor(() => expect(cell(0, 38).getAttribute('aria-selected')).toBe('true'));
    expect(selected(0, [36, 37, 38, 39])).toEqual(['false', 'false', 'true', 'true']);
    expect(selected(1, [36, 37, 38, 39])).toEqual(['true', 'true', 'true', 'true']);
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')).toHaveLength(1));
    const rows = ['9.00', '9.15', '9.30', '9.45'];
    expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')[0]!.body).toEqual({
      available_times: { '0': ['9.30', '9.45'], '1': rows, '2': rows, '3': rows, '4': rows, '5': rows, '6': rows },
    });
  });
});
