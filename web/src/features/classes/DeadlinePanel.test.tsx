import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';
import { ANNA, CLASS_A, CLASS_A_ID, classesRoute, membersRoute, noLinksRoute, toastsOf } from './test-fixtures';

const DEADLINE_URL = `/api/classes/${CLASS_A_ID}/deadline`;

async function openClass(extra: MockRoute[], cls = CLASS_A) {
  const app = renderApp({
    path: `/me/classes?selectClass=${CLASS_A_ID}`,
    user: TEACHER,
    routes: [...extra, classesRoute([cls]), membersRoute([ANNA]), noLinksRoute],
  });
  const panel = within(await screen.findByTestId(`deadline-${CLASS_A_ID}`));
  return { app, panel };
}

describe('DeadlinePanel', () => {
  it('sets a deadline with late changes and shows it in German date format', async () => {
    const { app, panel } = await openClass([
      { method: 'PUT', path: DEADLINE_URL, reply: (call) => ({ body: { ...(call.body as object), message: 'Frist gespeichert' } }) },
    ]);
    expect(panel.getByText('Keine Frist gesetzt.')).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Frist entfernen' })).toBeNull();
    fireEvent.change(panel.getByLabelText('Zeiten eintragen bis (einschließlich)'), { target: { value: '2026-12-24' } });
    fireEvent.click(panel.getByLabelText('Studierende dürfen ihre Zeiten nach der Frist noch ändern'));
    fireEvent.click(panel.getByRole('button', { name: 'Frist speichern' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Frist bis 24.12.2026 gespeichert'));
    expect(app.fetchMock.callsTo(DEADLINE_URL, 'PUT').map((c) => c.body)).toEqual([{ deadline: '2026-12-24', allow_late_changes: true, auto_reminders: true }]);
    const after = within(await screen.findByTestId(`deadline-${CLASS_A_ID}`));
    expect(await after.findByText('Aktuelle Frist: 24.12.2026')).toBeTruthy();
  });

  it('switches the automatic reminders off and on again with the deadline', async () => {
    const { app, panel } = await openClass(
      [{ method: 'PUT', path: DEADLINE_URL, reply: (call) => ({ body: { ...(call.body as object), message: 'Frist gespeichert' } }) }],
      { ...CLASS_A, deadline: '2026-12-24', allow_late_changes: false, auto_reminders: true },
    );
    const box = () =>
      within(screen.getByTestId(`deadline-${CLASS_A_ID}`)).getByLabelText<HTMLInputElement>('Automatisch erinnern (3 Tage und 1 Tag vor der Frist)');
    expect(box().checked).toBe(true);
    fireEvent.click(box());
    fireEvent.click(panel.getByRole('button', { name: 'Frist speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(DEADLINE_URL, 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(DEADLINE_URL, 'PUT')[0]!.body).toEqual({ deadline: '2026-12-24', allow_late_changes: false, auto_reminders: false });
    await waitFor(() => expect(toastsOf('success')).toContain('Frist bis 24.12.2026 gespeichert'));
    // The saved state survives the panel's re-mount (it is keyed on the settings).
    await waitFor(() => expect(box().checked).toBe(false));

    fireEvent.click(box());
    fireEvent.click(within(screen.getByTestId(`deadline-${CLASS_A_ID}`)).getByRole('button', { name: 'Frist speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(DEADLINE_URL, 'PUT')).toHaveLength(2));
    expect(app.fetchMock.callsTo(DEADLINE_URL, 'PUT')[1]!.body).toEqual({ deadline: '2026-12-24', allow_late_changes: false, auto_reminders: true });
    await waitFor(() => expect(box().checked).toBe(true));
  });

  it('shows a class whose automatic reminders are off unchecked', async () => {
    const { panel } = await openClass([], { ...CLASS_A, deadline: '2026-12-24', auto_reminders: false });
    expect(panel.getByLabelText<HTMLInputElement>('Automatisch erinnern (3 Tage und 1 Tag vor der Frist)').checked).toBe(false);
  });

  it('asks for a date before saving and clears an existing deadline', async () => {
    const { app, panel } = await openClass(
      [{ method: 'PUT', path: DEADLINE_URL, reply: { body: { deadline: null, allow_late_changes: false, auto_reminders: true } } }],
      { ...CLASS_A, deadline: '2026-12-24', allow_late_changes: false },
    );
    expect(panel.getByText('Aktuelle Frist: 24.12.2026')).toBeTruthy();
    fireEvent.change(panel.getByLabelText('Zeiten eintragen bis (einschließlich)'), { target: { value: '' } });
    fireEvent.click(panel.getByRole('button', { name: 'Frist speichern' }));
    expect(await panel.findByText('Bitte wähle ein Datum.')).toBeTruthy();
    expect(app.fetchMock.callsTo(DEADLINE_URL, 'PUT')).toHaveLength(0);
    fireEvent.click(panel.getByRole('button', { name: 'Frist entfernen' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Frist entfernt'));
    expect(app.fetchMock.callsTo(DEADLINE_URL, 'PUT').map((c) => c.body)).toEqual([{ deadline: null, allow_late_changes: false, auto_reminders: true }]);
    expect(await within(screen.getByTestId(`deadline-${CLASS_A_ID}`)).findByText('Keine Frist gesetzt.')).toBeTruthy();
  });

  it("shows the server's German detail when saving fails", async () => {
    const { panel } = await openClass([
      { method: 'PUT', path: DEADLINE_URL, reply: { status: 400, body: { detail: 'Die Frist muss ein gültiges Datum im Format JJJJ-MM-TT sein.' } } },
    ]);
    fireEvent.change(panel.getByLabelText('Zeiten eintragen bis (einschließlich)'), { target: { value: '2026-12-24' } });
    fireEvent.click(panel.getByRole('button', { name: 'Frist speichern' }));
    expect(await panel.findByText('Die Frist muss ein gültiges Datum im Format JJJJ-MM-TT sein.')).toBeTruthy();
  });

  it('sends reminders after confirmation and shows the count in a toast; none due says so', async () => {
    let count = 3;
    const { app, panel } = await openClass([
      { method: 'POST', path: `/api/classes/${CLASS_A_ID}/remind`, reply: () => ({ body: { recipient_count: count, message: 'x' } }) },
    ]);
    fireEvent.click(panel.getByRole('button', { name: 'Erinnerung senden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erinnerung senden' });
    expect(dialog.textContent).toContain('Möchtest du allen Studierenden ohne eingetragene Zeiten jetzt eine Erinnerung per E-Mail schicken?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}/remind`, 'POST')).toHaveLength(0);

    fireEvent.click(panel.getByRole('button', { name: 'Erinnerung senden' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Erinnerung senden' })).getByRole('button', { name: 'Erinnerung senden' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Erinnerung an 3 Studierende gesendet'));
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}/remind`, 'POST')).toHaveLength(1);

    count = 0;
    fireEvent.click(panel.getByRole('button', { name: 'Erinnerung senden' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Erinnerung senden' })).getByRole('button', { name: 'Erinnerung senden' }));
    await waitFor(() =>
      expect(toastsOf('info')).toContain('Keine Erinnerung nötig: Alle mit E-Mail-Adresse haben Zeiten eingetragen oder wurden heute schon erinnert.'),
    );
  });

  it("shows the server's detail when reminding fails (e.g. the daily mail limit)", async () => {
    const detail =
      'Tageslimit für E-Mails erreicht: höchstens 500 Empfänger*innen pro Tag (Einladungen und Stundenpläne zusammen). Bitte versuche es später erneut.';
    const { panel } = await openClass([
      { method: 'POST', path: `/api/classes/${CLASS_A_ID}/remind`, reply: { status: 429, body: { detail, wait_time: 100 } } },
    ]);
    fireEvent.click(panel.getByRole('button', { name: 'Erinnerung senden' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Erinnerung senden' })).getByRole('button', { name: 'Erinnerung senden' }));
    await waitFor(() => expect(toastsOf('error')).toContain(detail));
  });
});
