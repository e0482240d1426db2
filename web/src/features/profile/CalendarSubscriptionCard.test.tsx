import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, STUDENT, TEACHER } from '../../test/render-app';

const PROFILE = { name: 'Felix Müller', email: 'felix@stud.hmtm.de', role: 'student', duration: 45, classes: [] };
const URL_1 = 'http://localhost:8080/api/calendar/abcDEF_-0123456789abcdefghijklmnopqrstuvwxyz01.ics';

describe('CalendarSubscriptionCard', () => {
  it('makes a link, shows it once, and revokes it after confirmation', async () => {
    let active = false;
    const app = renderApp({
      path: '/profile',
      user: STUDENT,
      routes: [
        { path: '/api/profile', reply: { body: PROFILE } },
        { method: 'GET', path: '/api/me/calendar-subscription', reply: () => ({ body: { active, created_at: active ? '2026-11-26T05:00:00Z' : null } }) },
        {
          method: 'POST',
          path: '/api/me/calendar-subscription',
          reply: () => {
            active = true;
            return {
              status: 201,
              body: {
                url: URL_1,
                created_at: '2026-11-26T05:00:00Z',
                message: 'Dein privater Kalender-Link wurde erstellt. Ein früherer Link funktioniert nicht mehr.',
              },
            };
          },
        },
        {
          method: 'DELETE',
          path: '/api/me/calendar-subscription',
          reply: () => {
            active = false;
            return { body: { message: 'Dein Kalender-Link wurde widerrufen.' } };
          },
        },
      ],
    });
    expect(await screen.findByText('Du hast noch keinen Kalender-Link.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kalender-Link erstellen' }));
    const input = (await screen.findByLabelText('Dein privater Kalender-Link')) as HTMLInputElement;
    expect(input.value).toBe(URL_1);
    expect(screen.getByText('Kopiere den Link jetzt in deine Kalender-App – er wird nur dieses eine Mal angezeigt:')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Link widerrufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kalender-Link widerrufen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link widerrufen' }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/me/calendar-subscription', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Du hast noch keinen Kalender-Link.')).toBeTruthy();
    expect(screen.queryByLabelText('Dein privater Kalender-Link')).toBeNull();
  });

  it('says an existing link is active without showing it; teachers do not see the card', async () => {
    const { unmount } = renderApp({
      path: '/profile',
      user: STUDENT,
      routes: [
        { path: '/api/profile', reply: { body: PROFILE } },
        { method: 'GET', path: '/api/me/calendar-subscription', reply: { body: { active: true, created_at: '2026-11-20T05:00:00Z' } } },
      ],
    });
    expect(await screen.findByText('Dein Kalender-Link ist aktiv. Aus Sicherheitsgründen wird er nur beim Erstellen angezeigt.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neuen Link erstellen' })).toBeTruthy();
    unmount();
    renderApp({ path: '/profile', user: TEACHER, routes: [{ path: '/api/profile', reply: { body: { ...PROFILE, role: 'teacher' } } }] });
    expect(await screen.findByText('Persönliche Informationen')).toBeTruthy();
    expect(screen.queryByText('Kalender-Abo')).toBeNull();
  });
});
