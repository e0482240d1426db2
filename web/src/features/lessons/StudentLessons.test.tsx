import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { getToasts } from '../../shared/toast/toast-store';
import { openMyCourses } from './test-fixtures';

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

function open(routes: MockRoute[] = [], extra: { lessons?: unknown[]; makeups?: unknown[]; swaps?: unknown[]; swapDates?: string[] } = {}) {
  return openMyCourses(routes, {
    lessons: extra.lessons ?? [lesson('2000-01-03'), lesson('2999-01-04'), lesson('2999-01-11', 'swapped', 'Getauscht mit Lena V.')],
    makeups: extra.makeups ?? [],
    swaps: extra.swaps ?? [],
    swapDates: extra.swapDates ?? ['2999-01-04'],
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
    const dialog = await screen.findByRole('dialog', { name: 'Nachholtermin buchen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verbindlich buchen' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Nachholtermin gebucht.'));
    expect(app.fetchMock.callsTo('/api/makeups/mk1/book', 'POST')[0]!.body).toEqual({ date: '2999-01-06', start: '10:00' });
  });

  it('asks for a swap: only the offered classmates, by first name and initial; the weekly choice drops the date', async () => {
    const app = open([
      {
        method: 'GET',
        path: '/api/lessons/swap-options',
        reply: {
          body: {
            date: '2999-01-04',
            options: [
              {
                member_id: 'm2',
                name: 'Lena V.',
                lesson: { date: '2999-01-04', start: '09:00', end: '09:30' },
                with_lesson: { date: '2999-01-03', start: '16:30', end: '17:00' },
              },
            ],
          },
        },
      },
      { method: 'POST', path: '/api/lessons/swap-requests', reply: { status: 201, body: { request_id: 'r1', message: 'Lena V. wurde per E-Mail gefragt.' } } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Tauschen: Fr, 04.01.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termin tauschen' });
    const send = within(dialog).getByRole('button', { name: 'Anfrage senden' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Lena V.: Do 03.01., 16:30' }));
    expect(within(dialog).getByText('Du gibst deinen Termin Fr 04.01., 09:00 und bekommst den von Lena V. am Do 03.01., 16:30.')).toBeTruthy();
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

describe('Meine Kurse: swaps name both lessons, make-ups ask before booking', () => {
  it('offers „Tauschen“ only on the dates somebody could swap, with one request for the page', async () => {
    const app = open([], { lessons: [lesson('2999-01-04'), lesson('2999-01-18'), lesson('2999-01-25')], swapDates: ['2999-01-18'] });
    const fits = within(await screen.findByTestId('date-2999-01-18'));
    expect(await fits.findByRole('button', { name: 'Tauschen: Fr, 18.01.' })).toBeTruthy();
    for (const date of ['2999-01-04', '2999-01-25']) {
      const row = within(screen.getByTestId(`date-${date}`));
      expect(row.getByRole('button', { name: /Absagen/ })).toBeTruthy();
      expect(row.queryByRole('button', { name: /Tauschen/ })).toBeNull();
    }
    expect(app.fetchMock.callsTo('/api/me/swap-dates')).toHaveLength(1);
    expect(app.fetchMock.callsTo('/api/lessons/swap-options')).toHaveLength(0);
  });

  it('asks before booking, naming the time; Abbrechen books nothing', async () => {
    const app = open(
      [
        {
          method: 'GET',
          path: '/api/makeups/mk1/suggestions',
          reply: { body: { suggestions: [{ date: '2999-01-06', start: '10:00', end: '10:30', idle_added_minutes: 0 }] } },
        },
      ],
      { makeups: [MAKEUP] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Buchen: So, 06.01. 10:00 Uhr' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nachholtermin buchen' });
    expect(within(dialog).getByText('Möchtest du den Nachholtermin am So, 06.01. 10:00–10:30 Uhr buchen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.fetchMock.callsTo('/api/makeups/mk1/book', 'POST')).toHaveLength(0);
  });

  it('shows three times first and the rest after „Weitere Zeiten“ (asking for up to twelve once)', async () => {
    const times = ['06', '07', '08', '09', '10'].map((d) => ({ date: `2999-01-${d}`, start: '10:00', end: '10:30', idle_added_minutes: 0 }));
    const app = open([{ method: 'GET', path: '/api/makeups/mk1/suggestions', reply: { body: { suggestions: times } } }], { makeups: [MAKEUP] });
    const item = within(await screen.findByTestId('makeup-mk1'));
    await item.findByRole('button', { name: 'Buchen: So, 06.01. 10:00 Uhr' });
    expect(item.getAllByRole('button', { name: /^Buchen/ })).toHaveLength(3);
    fireEvent.click(item.getByRole('button', { name: 'Weitere Zeiten' }));
    expect(item.getAllByRole('button', { name: /^Buchen/ })).toHaveLength(5);
    expect(document.activeElement).toBe(item.getByRole('button', { name: 'Buchen: Mi, 09.01. 10:00 Uhr' }));
    expect(item.queryByRole('button', { name: 'Weitere Zeiten' })).toBeNull();
    expect(app.fetchMock.callsTo('/api/makeups/mk1/suggestions').map((c) => c.url)).toEqual(['/api/makeups/mk1/suggestions?limit=12']);
  });

  it('does not ask a booked make-up for its suggestions again (the server answers 409 then)', async () => {
    let booked = false;
    const app = open(
      [
        {
          method: 'GET',
          path: '/api/me/makeups',
          reply: () => ({
            body: { makeups: [booked ? { ...MAKEUP, status: 'booked', booked: { date: '2999-01-06', start: '10:00', end: '10:30' } } : MAKEUP] },
          }),
        },
        {
          method: 'GET',
          path: '/api/makeups/mk1/suggestions',
          reply: () =>
            booked
              ? { status: 409, body: { detail: 'Dieser Nachholtermin ist bereits gebucht.' } }
              : { body: { suggestions: [{ date: '2999-01-06', start: '10:00', end: '10:30', idle_added_minutes: 0 }] } },
        },
        {
          method: 'POST',
          path: '/api/makeups/mk1/book',
          reply: () => {
            booked = true;
            return { body: { makeup: { ...MAKEUP, status: 'booked' }, message: 'Nachholtermin gebucht.' } };
          },
        },
      ],
      { makeups: [MAKEUP] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Buchen: So, 06.01. 10:00 Uhr' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Nachholtermin buchen' })).getByRole('button', { name: 'Verbindlich buchen' }));
    await screen.findByText('Nachholtermin gebucht: So, 06.01., 10:00–10:30 Uhr');
    expect(app.fetchMock.callsTo('/api/makeups/mk1/suggestions')).toHaveLength(1);
    expect(toastsOf('error')).not.toContain('Dieser Nachholtermin ist bereits gebucht.');
  });

  it('a request card names both lessons and whose answer it waits for', async () => {
    const base = { class_id: 'c1', class_name: 'Klavier Hauptfach', member_id: 'm1', date: '2999-01-04', from_date: '2999-01-04', created_at: '' };
    const mine = { date: '2999-01-04', start: '09:00', end: '09:30' };
    const theirs = { date: '2999-01-03', start: '16:30', end: '17:00' };
    open([], {
      swaps: [
        { ...base, request_id: 'in', incoming: true, with_name: 'Jonas W.', status: 'pending', lesson: mine, with_lesson: theirs },
        { ...base, request_id: 'out', incoming: false, with_name: 'Lena V.', status: 'pending', lesson: mine, with_lesson: theirs },
        { ...base, request_id: 'week', incoming: false, with_name: 'Ben B.', status: 'awaiting_approval', date: null, lesson: mine, with_lesson: theirs },
      ],
    });
    const incoming = within(await screen.findByTestId('swap-request-in'));
    expect(incoming.getByText('Jonas W. möchte den Termin Do 03.01., 16:30 mit deinem Fr 04.01., 09:00 tauschen (Klavier Hauptfach).')).toBeTruthy();
    expect(incoming.getByText('Wartet auf deine Antwort')).toBeTruthy();
    const outgoing = within(screen.getByTestId('swap-request-out'));
    expect(outgoing.getByText('Du möchtest deinen Termin Fr 04.01., 09:00 mit dem von Lena V. am Do 03.01., 16:30 tauschen (Klavier Hauptfach).')).toBeTruthy();
    expect(outgoing.getByText('Wartet auf die Antwort von Lena V.')).toBeTruthy();
    expect(outgoing.queryByRole('button', { name: 'Annehmen' })).toBeNull();
    const weekly = within(screen.getByTestId('swap-request-week'));
    expect(weekly.getByText(/mit dem von Ben B\. am Do 03\.01\., 16:30 tauschen – jede Woche bis zum Ende des Semesters/)).toBeTruthy();
    expect(weekly.getByText('Wartet auf Zustimmung der Lehrkraft')).toBeTruthy();
  });
});
