import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, STUDENT, TEACHER } from '../../test/render-app';

const STUDENT_PROFILE = {
  name: 'Felix Müller',
  email: 'felix@stud.hmtm.de',
  role: 'student',
  duration: 45,
  classes: [
    {
      duration: 45,
      member_id: 'm1',
      student_id: 's1',
      class_id: 'c1',
      classes: { name: 'Klavier Hauptfach', class_id: 'c1' },
      teacher_name: 'Clara Schumann',
      institution: 'HMTM',
    },
    { duration: 30, member_id: 'm2', student_id: null, class_id: 'c2', classes: null, teacher_name: null, institution: null },
  ],
};

/** /profile of a student whose DELETE /api/me answers `status`. */
function renderProfileWithDelete(status: number) {
  return renderApp({
    path: '/profile',
    user: STUDENT,
    routes: [
      { path: '/api/profile', reply: { body: STUDENT_PROFILE } },
      { method: 'DELETE', path: '/api/me', reply: { status } },
    ],
  });
}

describe('ProfilePage', () => {
  it('shows the three sections and, for students, duration and courses', async () => {
    renderApp({ path: '/profile', user: STUDENT, routes: [{ path: '/api/profile', reply: { body: STUDENT_PROFILE } }] });
    expect(await screen.findByRole('heading', { name: 'Persönliche Informationen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sicherheit' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gefahrenzone' })).toBeTruthy();
    expect(screen.getAllByText('45 Min.').length).toBeGreaterThan(0);
    expect(screen.getByText('Klavier Hauptfach')).toBeTruthy();
    expect(screen.getByText('Unbekannt')).toBeTruthy();
    expect(screen.getByText('⚠️ Dieser Kurs muss noch verifiziert werden')).toBeTruthy();
    // An unknown institution is left out rather than shown as 'Institution: Unbekannt'.
    expect(screen.getByText('Institution: HMTM')).toBeTruthy();
    expect(screen.getAllByText(/^Institution:/)).toHaveLength(1);
    expect(screen.queryByText('Institution: Unbekannt')).toBeNull();
  });

  it('hides duration and courses for teachers', async () => {
    renderApp({
      path: '/profile',
      user: TEACHER,
      routes: [{ path: '/api/profile', reply: { body: { name: 'Clara', email: 'c@x.de', role: 'teacher', duration: null, classes: [] } } }],
    });
    await screen.findByRole('heading', { name: 'Persönliche Informationen' });
    expect(screen.queryByText('Unterrichtsdauer')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Deine Kurse' })).toBeNull();
  });

  it("says 'Fehler beim Laden der Profildaten' when loading fails", async () => {
    renderApp({ path: '/profile', user: STUDENT, routes: [{ path: '/api/profile', reply: { status: 500 } }] });
    expect(await screen.findByText('Fehler beim Laden der Profildaten')).toBeTruthy();
  });

  it('shows an error for an unknown user type', async () => {
    renderApp({ path: '/profile', user: STUDENT, routes: [{ path: '/api/profile', reply: { body: { ...STUDENT_PROFILE, role: 'admin' } } }] });
    expect(await screen.findByText('Unbekannter Benutzertyp')).toBeTruthy();
  });

  it('sends the password reset mail', async () => {
    const app = renderApp({
      path: '/profile',
      user: STUDENT,
      routes: [
        { path: '/api/profile', reply: { body: STUDENT_PROFILE } },
        { method: 'POST', path: '/api/auth/forgot-password', reply: { body: {} } },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Passwort zurücksetzen' }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/auth/forgot-password')).toHaveLength(1));
    expect(app.fetchMock.callsTo('/api/auth/forgot-password')[0]!.body).toEqual({
      email: 'felix@stud.hmtm.de',
      redirectTo: `${window.location.origin}/update-password`,
    });
  });

  it('deletes the account only after confirmation in the styled dialog', async () => {
    const app = renderProfileWithDelete(204);
    const button = await screen.findByRole('button', { name: 'Account löschen' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Account löschen?' });
    expect(dialog.textContent).toContain('Möchtest du deinen Account wirklich unwiderruflich löschen?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.fetchMock.callsTo('/api/me', 'DELETE')).toHaveLength(0);

    fireEvent.click(button);
    confirmDelete();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.fetchMock.callsTo('/api/me', 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Startseite' })).toBeTruthy();
  });

  it('tells the other tabs that the session is gone after the account was deleted', async () => {
    const otherTab = new BroadcastChannel('auth');
    const received: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => received.push(event.data);
    try {
      renderProfileWithDelete(204);
      fireEvent.click(await screen.findByRole('button', { name: 'Account löschen' }));
      confirmDelete();
      await waitFor(() => expect(received).toContainEqual({ type: 'logout' }));
    } finally {
      otherTab.close();
    }
  });

  it("says 'Fehler beim Löschen des Accounts' when deletion fails", async () => {
    renderProfileWithDelete(500);
    fireEvent.click(await screen.findByRole('button', { name: 'Account löschen' }));
    confirmDelete();
    expect((await screen.findAllByText('Fehler beim Löschen des Accounts')).length).toBeGreaterThan(0);
  });
});

function confirmDelete() {
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Account löschen?' })).getByRole('button', { name: 'Account endgültig löschen' }));
}
