import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';
import { ANNA, CLASS_A_ID, classesRoute, membersRoute, noLinksRoute, toastsOf } from './test-fixtures';

const SEMESTER_URL = `/api/classes/${CLASS_A_ID}/semester`;
const NONE = { first_day: null, last_day: null, state: null, breaks: [], holidays: [] };
const BAVARIAN = {
  first_day: '2027-01-04',
  last_day: '2027-01-15',
  state: 'BY',
  breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }],
  holidays: [{ date: '2027-01-06', name: 'Heilige Drei Könige' }],
};

async function openSemester(extra: MockRoute[]) {
  const app = renderApp({
    path: `/me/classes?selectClass=${CLASS_A_ID}`,
    user: TEACHER,
    routes: [...extra, classesRoute(), membersRoute([ANNA]), noLinksRoute],
  });
  const section = await screen.findByTestId(`semester-${CLASS_A_ID}`);
  fireEvent.click(within(section).getByText('Semester'));
  return { app, panel: within(section) };
}

describe('SemesterPanel', () => {
  it('sets a semester with a break and lists the holidays of the state from the answer', async () => {
    let stored: object = NONE;
    const { app, panel } = await openSemester([
      { method: 'GET', path: SEMESTER_URL, reply: () => ({ body: stored }) },
      {
        method: 'PUT',
        path: SEMESTER_URL,
        reply: (call) => {
          stored = { ...(call.body as object), holidays: [{ date: '2027-01-06', name: 'Heilige Drei Könige' }] };
          return { body: { ...stored, message: 'Semester gespeichert' } };
        },
      },
    ]);
    expect(await panel.findByText(/Kein Semester festgelegt/)).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Semester entfernen' })).toBeNull();
    const states = panel.getByLabelText<HTMLSelectElement>('Bundesland');
    expect([...states.options].map((o) => o.textContent)).toEqual([
      'Bitte wählen',
      'Baden-Württemberg',
      'Bayern',
      'Berlin',
      'Brandenburg',
      'Bremen',
      'Hamburg',
      'Hessen',
      'Mecklenburg-Vorpommern',
      'Niedersachsen',
      'Nordrhein-Westfalen',
      'Rheinland-Pfalz',
      'Saarland',
      'Sachsen',
      'Sachsen-Anhalt',
      'Schleswig-Holstein',
      'Thüringen',
    ]);
    fireEvent.change(panel.getByLabelText('Erster Tag'), { target: { value: '2027-01-04' } });
    fireEvent.change(panel.getByLabelText('Letzter Tag'), { target: { value: '2027-01-15' } });
    fireEvent.change(states, { target: { value: 'BY' } });
    fireEvent.click(panel.getByRole('button', { name: 'Zeitraum hinzufügen' }));
    fireEvent.click(panel.getByRole('button', { name: 'Zeitraum hinzufügen' }));
    const rows = () => panel.getAllByTestId('semester-break').map((row) => within(row));
    fireEvent.change(rows()[0]!.getByLabelText('Von'), { target: { value: '2027-01-11' } });
    fireEvent.change(rows()[0]!.getByLabelText('Bis'), { target: { value: '2027-01-15' } });
    fireEvent.change(rows()[0]!.getByLabelText('Bezeichnung'), { target: { value: 'Prüfungswoche' } });
    fireEvent.click(panel.getByRole('button', { name: 'Zeitraum 2 entfernen' }));
    expect(rows()).toHaveLength(1);
    fireEvent.click(panel.getByRole('button', { name: 'Semester speichern' }));

    await waitFor(() => expect(toastsOf('success')).toContain('Semester gespeichert'));
    expect(app.fetchMock.callsTo(SEMESTER_URL, 'PUT').map((c) => c.body)).toEqual([
      { first_day: '2027-01-04', last_day: '2027-01-15', state: 'BY', breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }] },
    ]);
    const holidays = await panel.findByRole('region', { name: 'Gesetzliche Feiertage in Bayern (entfallen automatisch)' });
    expect(holidays.textContent).toContain('06.01.2027 Heilige Drei Könige');
    expect(panel.getByText('04.01.2027–15.01.2027, Bayern')).toBeTruthy();
  }, 15000);

  it("shows the server's German detail as it comes and keeps the input", async () => {
    const detail = 'Die Ferien „Prüfungswoche“ müssen innerhalb des Semesters liegen.';
    const { panel } = await openSemester([
      { method: 'GET', path: SEMESTER_URL, reply: { body: NONE } },
      { method: 'PUT', path: SEMESTER_URL, reply: { status: 400, body: { detail } } },
    ]);
    fireEvent.change(await panel.findByLabelText('Erster Tag'), { target: { value: '2027-01-04' } });
    fireEvent.click(panel.getByRole('button', { name: 'Semester speichern' }));
    expect(await panel.findByText(detail)).toBeTruthy();
    expect(toastsOf('error')).toContain(detail);
    expect(panel.getByLabelText<HTMLInputElement>('Erster Tag').value).toBe('2027-01-04');
  });

  it('shows a saved semester and removes it after confirmation', async () => {
    const { app, panel } = await openSemester([
      { method: 'GET', path: SEMESTER_URL, reply: { body: BAVARIAN } },
      { method: 'DELETE', path: SEMESTER_URL, reply: { body: { message: 'Semester entfernt' } } },
    ]);
    expect(await panel.findByText('04.01.2027–15.01.2027, Bayern')).toBeTruthy();
    expect(panel.getByLabelText<HTMLSelectElement>('Bundesland').value).toBe('BY');
    expect(panel.getByLabelText<HTMLInputElement>('Bezeichnung').value).toBe('Prüfungswoche');
    expect(panel.getByText('Heilige Drei Könige')).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: 'Semester entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Semester entfernen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Semester entfernen' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Semester entfernt'));
    expect(app.fetchMock.callsTo(SEMESTER_URL, 'DELETE')).toHaveLength(1);
    expect(await panel.findByText(/Kein Semester festgelegt/)).toBeTruthy();
    expect(panel.queryByText('Heilige Drei Könige')).toBeNull();
  });
});
