import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, STUDENT } from '../../test/render-app';
import { getToasts } from '../../shared/toast/toast-store';

const lesson = (date: string, status = 'planned', reason: string | null = null) => ({
  member_id: 'm1',
  name: 'Felix Müller',
  date,
  start: '09:00',
  end: '09:30',
  status,
  reason,
  week: null,
  class_id: 'c1',
  class_name: 'Klavier Hauptfach',
  cancel_notice_hours: 24,
  cancel_in_time_until: `${date}T08:00:00.000Z`,
});

const MAKEUP = {
  makeup_id: 'mk1',
  member_id: 'm1',
  name: 'Klavier Hauptfach',
  class_id: 'c1',
  cancelled_date: '2999-01-04',
  status: 'open',
  booked: null,
  expires_on: '2999-02-01',
};

function open(routes: MockRoute[] = [], extra: { lessons?: unknown[]; makeups?: unknown[]; swaps?: unknown[] } = {}) {
  return renderApp({
    path: '/student/classes',
    user: STUDENT,
    routes: [
      ...routes,
      { method: 'GET', path: '/api/profile', reply: { body: { name: 'Felix Müller', email: 'f@x.de', role: 'student', duration: 30, classes: [] } } },
      {
        method: 'GET',
        path: '/api/me/lessons',
        reply: { body: { lessons: extra.lessons ?? [lesson('2000-01-03'), lesson('2999-01-04'), lesson('2999-01-11', 'swapped', 'Getauscht mit Lena V.')] } },
      },
      { method: 'GET', path: '/api/me/makeups', reply: { body: { makeups: extra.makeups ?? [] } } },
      { method: 'GET', path: '/api/me/swap-requests', reply: { body: { requests: extra.swaps ?? [] } } },
    ],
  });
}

const toastsOf = (kind: 'success' | 'error') =>
  getToasts()
    .filter((t) => t.kind === kind)
    .map((t) => t.message);

describe('Meine Kurse: dates, cancelling, make-ups and swaps', () => {
  it('shows the next dates (not the past ones) with their status, and Absagen/Tauschen', async () => {
    open();
    const list = await screen.findByTestId('my-dates');
    expect(within(list).queryByText(/03\.01\./)).toBeNull();
    const first = within(screen.getByTestId('date-2999-01-04'));
    expect(first.getByText('Geplant')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Absagen: Fr, 04.01.' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Tauschen: Fr, 04.01.' })).toBeTruthy();
    const swapped = within(screen.getByTestId('date-2999-01-11'));
    expect(swapped.getByText('Getauscht mit Lena V.')).toBeTruthy();
    // A swapped date can be cancelled, not swapped again.
    expect(swapped.queryByRole('button', { name: /Tauschen/ })).toBeNull();
  });

  it('cancels a date with its reason through POST /api/lessons/cancel and shows the answer', async () => {
    const app = open([
      { method: 'POST', path: '/api/lessons/cancel', reply: { body: { status: 'cancelled', makeup_id: null, message: 'Zu spät für einen Nachholtermin.' } } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Absagen: Fr, 04.01.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termin absagen' });
    fireEvent.change(within(dialog).getByLabelText('Grund (optional, sieht deine Lehrkraft)'), { target: { value: 'Krank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Termin absagen' }));
    // The answer stays in the page (a notice to close), not a toast that vanishes.
    await waitFor(() => expect(screen.getByText('Zu spät für einen Nachholtermin.').closest('[role="status"]')).toBeTruthy());
    expect(toastsOf('success')).not.toContain('Zu spät für einen Nachholtermin.');
    expect(app.fetchMock.callsTo('/api/lessons/cancel', 'POST')[0]!.body).toEqual({ class_id: 'c1', member_id: 'm1', date: '2999-01-04', reason: 'Krank' });
    await waitFor(() => expect(app.fetchMock.callsTo('/api/me/lessons').length).toBeGreaterThan(1));
  });

  it('lists an open make-up with its suggestions and books one', async () => {
    const app = open(
      [
        {
          method: 'GET',
          path: '/api/makeups/mk1/suggestions',
          reply: { body: { suggestions: [{ date: '2999-01-06', start: '10:00', end: '10:30', idle_added_minutes: 0 }] } },
        },
        { method: 'POST', path: '/api/makeups/mk1/book', reply: { body: { makeup: { ...MAKEUP, status: 'booked' }, message: 'Nachholtermin gebucht.' } } },
      ],
      { makeups: [MAKEUP] },
    );
    const item = within(await screen.findByTestId('makeup-mk1'));
    expect(item.getByText(/Ausgefallen am 04\.01\.2999 – nachholen bis 01\.02\.2999/)).toBeTruthy();
    fireEvent.click(await item.findByRole('button', { name: 'Buchen: So, 06.01. 10:00 Uhr' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Nachholtermin gebucht.'));
    expect(app.fetchMock.callsTo('/api/makeups/mk1/book', 'POST')[0]!.body).toEqual({ date: '2999-01-06', start: '10:00' });
  });

  it('asks for a swap: only the offered classmates, by first name and initial; the weekly choice drops the date', async () => {
    const app = open([
      { method: 'GET', path: '/api/lessons/swap-options', reply: { body: { date: '2999-01-04', options: [{ member_id: 'm2', name: 'Lena V.' }] } } },
      { method: 'POST', path: '/api/lessons/swap-requests', reply: { status: 201, body: { request_id: 'r1', message: 'Lena V. wurde per E-Mail gefragt.' } } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Tauschen: Fr, 04.01.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termin tauschen' });
    const send = within(dialog).getByRole('button', { name: 'Anfrage senden' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Lena V.' }));
    expect(app.fetchMock.callsTo('/api/lessons/swap-options')[0]!.url).toBe('/api/lessons/swap-options?class_id=c1&member_id=m1&date=2999-01-04');
    fireEvent.click(send);
    await waitFor(() => expect(toastsOf('success')).toContain('Lena V. wurde per E-Mail gefragt.'));
    expect(app.fetchMock.callsTo('/api/lessons/swap-requests', 'POST')[0]!.body).toEqual({
      class_id: 'c1',
      member_id: 'm1',
      with_member_id: 'm2',
      date: '2999-01-04',
    });
  });

  it('answers an incoming request: Annehmen swaps, a refusal shows the German reason', async () => {
    const request = {
      request_id: 'r9',
      class_id: 'c1',
      class_name: 'Klavier Hauptfach',
      member_id: 'm1',
      incoming: true,
      with_name: 'Anna A.',
      date: '2999-01-04',
      from_date: '2999-01-04',
      status: 'pending',
      created_at: '2026-11-27T10:00:00Z',
    };
    const app = open(
      [{ method: 'POST', path: '/api/lessons/swap-requests/r9/accept', reply: { status: 409, body: { detail: 'Der Tausch ist nicht mehr möglich.' } } }],
      { swaps: [request] },
    );
    const item = within(await screen.findByTestId('swap-request-r9'));
    expect(item.getByText('Anna A. möchte am 04.01.2999 mit dir tauschen (Klavier Hauptfach).')).toBeTruthy();
    fireEvent.click(item.getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(toastsOf('error')).toContain('Der Tausch ist nicht mehr möglich.'));
    expect(app.fetchMock.callsTo('/api/lessons/swap-requests/r9/accept', 'POST')).toHaveLength(1);
    expect(item.getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
  });
});
