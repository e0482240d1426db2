import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../shared/toast/toast-store';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';

const S = '/api/schools/sch1';
const OLGA = { user_id: 'u1', name: 'Olga Office', email: 'olga@hmtm.de' };
const SABINE = { user_id: 'u2', name: 'Sabine Keller', email: 'sabine@hmtm.de' };

function routes(role: 'admin' | 'teacher', extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/schools/mine', reply: { body: { schools: [{ id: 'sch1', name: 'Musikschule Vogelsang', role }] } } },
    { method: 'GET', path: `${S}/sites`, reply: { body: { sites: [] } } },
    { method: 'GET', path: `${S}/rooms`, reply: { body: { rooms: [] } } },
    { method: 'GET', path: `${S}/equipment`, reply: { body: { equipment: [] } } },
    { method: 'GET', path: `${S}/travel`, reply: { body: { travel: [], default_minutes: 30 } } },
  ];
}

describe('AdminsCard', () => {
  it('lists the administrators for a teacher, without the form', async () => {
    renderApp({ path: '/school', user: TEACHER, routes: routes('teacher', [{ method: 'GET', path: `${S}/admins`, reply: { body: { admins: [OLGA] } } }]) });
    const list = await screen.findByRole('list', { name: 'Mitglieder der Schulverwaltung' });
    expect(within(list).getByText('Olga Office')).toBeTruthy();
    expect(within(list).getByText('olga@hmtm.de')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Neues Mitglied der Schulverwaltung' })).toBeNull();
  });

  it("lets an administrator add a teacher by address, with the API's answer as the toast", async () => {
    let added = false;
    const app = renderApp({
      path: '/school',
      user: TEACHER,
      routes: routes('admin', [
        { method: 'GET', path: `${S}/admins`, reply: () => ({ body: { admins: added ? [OLGA, SABINE] : [OLGA] } }) },
        {
          method: 'POST',
          path: `${S}/admins`,
          reply: () => {
            added = true;
            return { status: 201, body: { admin: SABINE, message: 'Zur Schulverwaltung hinzugefügt' } };
          },
        },
      ]),
    });
    const form = await screen.findByRole('form', { name: 'Neues Mitglied der Schulverwaltung' });
    fireEvent.change(within(form).getByLabelText('E-Mail-Adresse einer Lehrkraft'), { target: { value: ' sabine@hmtm.de ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Zur Schulverwaltung hinzufügen' }));
    await waitFor(() => expect(app.fetchMock.callsTo(`${S}/admins`, 'POST')).toHaveLength(1));
    expect(app.fetchMock.callsTo(`${S}/admins`, 'POST')[0]!.body).toEqual({ email: 'sabine@hmtm.de' });
    expect(await within(screen.getByRole('list', { name: 'Mitglieder der Schulverwaltung' })).findByText('Sabine Keller')).toBeTruthy();
    expect(getToasts().map((t) => t.message)).toContain('Zur Schulverwaltung hinzugefügt');
    expect(within(form).getByLabelText('E-Mail-Adresse einer Lehrkraft')).toHaveProperty('value', '');
  });

  it("shows the API's German refusals in the form", async () => {
    const empty = 'Bitte gib die E-Mail-Adresse eines Lehrkraftkontos ein.';
    const unknown = 'Zu „anna@stud.hmtm.de“ gibt es kein Lehrkraftkonto.';
    renderApp({
      path: '/school',
      user: TEACHER,
      routes: routes('admin', [
        { method: 'GET', path: `${S}/admins`, reply: { body: { admins: [OLGA] } } },
        {
          method: 'POST',
          path: `${S}/admins`,
          reply: (call) => ({ status: 400, body: { detail: (call.body as { email: string }).email ? unknown : empty } }),
        },
      ]),
    });
    const form = await screen.findByRole('form', { name: 'Neues Mitglied der Schulverwaltung' });
    fireEvent.click(within(form).getByRole('button', { name: 'Zur Schulverwaltung hinzufügen' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(empty);
    fireEvent.change(within(form).getByLabelText('E-Mail-Adresse einer Lehrkraft'), { target: { value: 'anna@stud.hmtm.de' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Zur Schulverwaltung hinzufügen' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(unknown));
  });
});
