import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../../test/fetch-mock';
import { CLASS_ID, renderPlanner, savedSchedule } from './test-utils';

const SEMESTER_URL = `/api/classes/${CLASS_ID}/semester`;
const BAVARIAN = {
  first_day: '2027-01-04',
  last_day: '2027-01-15',
  state: 'BY',
  breaks: [],
  holidays: [{ date: '2027-01-06', name: 'Heilige Drei Könige' }],
};
// Anna on Wednesday 14:00-14:30, Ben on Monday 9:00-9:45 (the saved form: one pair per quarter hour).
const { summary: SAVED, route: savedRoute } = savedSchedule('11111111-1111-4111-8111-111111111111', 'Plan Januar', {
  '0': [
    ['9.00', 'm-ben'],
    ['9.15', 'm-ben'],
    ['9.30', 'm-ben'],
  ],
  '2': [
    ['14.00', 'm-anna'],
    ['14.15', 'm-anna'],
  ],
});

async function openSendDialog(semester: MockRoute) {
  const app = renderPlanner({ schedules: [SAVED], routes: [savedRoute, semester] });
  await screen.findByText('Anna M.');
  await screen.findByText(/2 von 3 eingeplant/);
  fireEvent.click(screen.getByRole('button', { name: 'Stundenplan versenden' }));
  return { app, dialog: within(await screen.findByRole('dialog', { name: 'Stundenplan speichern und versenden' })) };
}

describe('PlannerStep: what the semester costs', { timeout: 30_000 }, () => {
  it('lists per student the lessons of the semester and the dates that fall out, instead of the end date', async () => {
    const { dialog } = await openSendDialog({ method: 'GET', path: SEMESTER_URL, reply: { body: BAVARIAN } });
    const cost = await dialog.findByRole('region', { name: 'Termine im Semester 04.01.2027–15.01.2027' });
    expect(cost.textContent).toContain('Die Termine im Kalender der Studierenden folgen dem Semester.');
    const lines = within(cost)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['Anna Müller: 1 TerminEs entfällt 1 Termin: 06.01. Heilige Drei Könige', 'Ben Schröder: 2 TermineEs entfällt kein Termin.']);
    expect(dialog.queryByLabelText('Termine im Kalender bis')).toBeNull();
  });

  it('keeps the end date of the calendar when the class has no semester', async () => {
    const { dialog, app } = await openSendDialog({
      method: 'GET',
      path: SEMESTER_URL,
      reply: { body: { first_day: null, last_day: null, state: null, breaks: [], holidays: [] } },
    });
    expect(await dialog.findByLabelText('Termine im Kalender bis')).toBeTruthy();
    expect(app.fetchMock.callsTo(SEMESTER_URL, 'GET')).toHaveLength(1);
    expect(dialog.queryByTestId('semester-cost')).toBeNull();
  });
});

describe('PlannerStep: the semester in the PDF', { timeout: 30_000 }, () => {
  it('sends the semester as the teacher set it (not the holidays) with the export, and none without one', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pdfRoute: MockRoute = {
      method: 'POST',
      path: '/api/export-pdf-alternative',
      reply: { status: 500, body: { detail: 'PDF-Generierung fehlgeschlagen' } },
    };
    const withBreak = { ...BAVARIAN, breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }] };
    const app = renderPlanner({ schedules: [SAVED], routes: [savedRoute, pdfRoute, { method: 'GET', path: SEMESTER_URL, reply: { body: withBreak } }] });
    await screen.findByText(/2 von 3 eingeplant/);
    fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/export-pdf-alternative')).toHaveLength(1));
    const body = app.fetchMock.callsTo('/api/export-pdf-alternative')[0]!.body as Record<string, unknown>;
    expect(body.semester).toEqual({
      first_day: '2027-01-04',
      last_day: '2027-01-15',
      state: 'BY',
      breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }],
    });
    app.unmount();

    const none = renderPlanner({
      schedules: [SAVED],
      routes: [
        savedRoute,
        pdfRoute,
        { method: 'GET', path: SEMESTER_URL, reply: { body: { first_day: null, last_day: null, state: null, breaks: [], holidays: [] } } },
      ],
    });
    await screen.findByText(/2 von 3 eingeplant/);
    fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    await waitFor(() => expect(none.fetchMock.callsTo('/api/export-pdf-alternative')).toHaveLength(1));
    expect(none.fetchMock.callsTo('/api/export-pdf-alternative')[0]!.body).not.toHaveProperty('semester');
  });
});
