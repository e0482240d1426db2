import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock, type MockRoute } from '../../test/fetch-mock';
import { getToasts } from '../../shared/toast/toast-store';
import { berlinToday } from './lessons-api';
import { TeacherDates } from './TeacherDates';
import { classLesson, classLessonRoutes, renderWithQueries } from './test-fixtures';

/** The teacher's "Termine": cancelling one lesson or a whole day, withdrawing a cancellation, booking a make-up. */

const FUTURE = '2999-01-07';
const MAKEUP = {
  makeup_id: 'mk1',
  member_id: 'b',
  name: 'Ben Bauer',
  class_id: 'c1',
  cancelled_date: '2999-01-14',
  status: 'open',
  booked: null,
  expires_on: '2999-02-11',
};

function show(routes: MockRoute[] = [], lessons: unknown[] = []) {
  const fetchMock = installFetchMock([
    ...routes,
    ...classLessonRoutes({
      lessons: lessons.length
        ? lessons
        : [
            classLesson('old', 'Olga Ost', '2000-01-03', '09:00', 'planned'),
            classLesson('a', 'Anna Alt', FUTURE, '09:00', 'planned'),
            classLesson('b', 'Ben Bauer', FUTURE, '10:00', 'planned'),
            classLesson('b', 'Ben Bauer', '2999-01-14', '10:00', 'cancelled', { reason: 'Konzert', cancelled_by: 'student', makeup_id: 'mk1' }),
          ],
      makeups: [MAKEUP],
      swapRequests: [],
    }),
  ]);
  renderWithQueries(<TeacherDates classId="c1" className="Klavier" />);
  return fetchMock;
}

const toasts = () => getToasts().map((t) => t.message);

describe('Termine: the teacher cancels, withdraws and books', () => {
  it('cancels one lesson with a reason; the answer stays as a notice until it is closed', async () => {
    const fetchMock = show([
      {
        method: 'POST',
        path: '/api/lessons/cancel',
        reply: {
          body: {
            status: 'cancelled',
            makeup_id: 'mk2',
            message: 'Der Termin von Anna Alt am 07.01.2999 ist abgesagt. Ein Nachholtermin ist bis zum 04.02.2999 möglich.',
          },
        },
      },
    ]);
    // No 'Absagen' on a past lesson.
    await screen.findByRole('button', { name: 'Absagen: Anna Alt, Mo, 07.01. 09:00 Uhr' });
    expect(screen.queryByRole('button', { name: /^Absagen: Olga Ost/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Absagen: Anna Alt, Mo, 07.01. 09:00 Uhr' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Termin absagen' }));
    expect(dialog.getByText('Anna Alt bekommt eine E-Mail und kann den Termin nachholen.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Grund (optional, steht in der E-Mail)'), { target: { value: 'Ich bin krank.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Termin absagen' }));
    await waitFor(() => expect(fetchMock.callsTo('/api/lessons/cancel', 'POST')).toHaveLength(1));
    expect(fetchMock.callsTo('/api/lessons/cancel', 'POST')[0]!.body).toEqual({ class_id: 'c1', member_id: 'a', date: FUTURE, reason: 'Ich bin krank.' });
    const notice = await screen.findByText(/Der Termin von Anna Alt am 07\.01\.2999 ist abgesagt/);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(toasts().some((t) => t.includes('Anna Alt'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hinweis schließen' }));
    expect(screen.queryByText(/Der Termin von Anna Alt am 07\.01\.2999 ist abgesagt/)).toBeNull();
  }, 15_000);

  it('„Ich bin krank“ cancels a whole day in all classes or in this one and lists what it hit', async () => {
    const today = berlinToday();
    const fetchMock = show(
      [
        {
          method: 'POST',
          path: '/api/lessons/cancel-day',
          reply: {
            body: {
              status: 'cancelled',
              skipped: 0,
              message: 'Am 07.01.2999 sind 2 Termine abgesagt (Anna Alt, Ben Bauer). Alle bekommen eine E-Mail und können den Termin nachholen.',
              cancelled: [
                { class_id: 'c1', class_name: 'Klavier', member_id: 'a', name: 'Anna Alt', date: FUTURE, start: '09:00', end: '09:45', makeup_id: 'x' },
                { class_id: 'c1', class_name: 'Klavier', member_id: 'b', name: 'Ben Bauer', date: FUTURE, start: '10:00', end: '10:45', makeup_id: 'y' },
              ],
            },
          },
        },
      ],
      [
        classLesson('a', 'Anna Alt', today, '23:45', 'planned'),
        classLesson('a', 'Anna Alt', FUTURE, '09:00', 'planned'),
        classLesson('b', 'Ben Bauer', FUTURE, '10:00', 'planned'),
      ],
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Ich bin krank' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ich bin krank – Termine absagen' }));
    const day = dialog.getByLabelText<HTMLInputElement>('Tag');
    expect(day.value).toBe(today);
    expect(dialog.getByTestId('day-lessons').textContent).toContain('In „Klavier“: 1 Termin');
    fireEvent.change(day, { target: { value: FUTURE } });
    expect(dialog.getByTestId('day-lessons').textContent).toContain('In „Klavier“: 2 Termine09:00–09:45 Uhr Anna Alt10:00–10:45 Uhr Ben Bauer');
    expect(dialog.getByLabelText<HTMLInputElement>('Alle meine Kurse').checked).toBe(true);
    fireEvent.click(dialog.getByLabelText('Nur „Klavier“'));
    fireEvent.change(dialog.getByLabelText('Grund (optional, steht in der E-Mail)'), { target: { value: 'Ich bin krank.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Termine absagen' }));
    await waitFor(() => expect(fetchMock.callsTo('/api/lessons/cancel-day', 'POST')).toHaveLength(1));
    expect(fetchMock.callsTo('/api/lessons/cancel-day', 'POST')[0]!.body).toEqual({ date: FUTURE, class_id: 'c1', reason: 'Ich bin krank.' });
    const notice = (await screen.findByText(/Am 07\.01\.2999 sind 2 Termine abgesagt/)).closest('[role="status"]')!;
    expect(notice.textContent).toContain('09:00–09:45 Uhr Anna Alt („Klavier“)');
    expect(notice.textContent).toContain('10:00–10:45 Uhr Ben Bauer („Klavier“)');
  }, 15_000);

  it('withdraws a cancellation; a refusal (make-up booked) stays as an alert', async () => {
    let refuse = false;
    const fetchMock = show([
      {
        method: 'POST',
        path: '/api/lessons/withdraw-cancellation',
        reply: () =>
          refuse
            ? {
                status: 409,
                body: {
                  detail:
                    'Für diesen Termin ist schon ein Nachholtermin gebucht (20.01.2999, 09:00 Uhr). Die Absage kann deshalb nicht mehr zurückgenommen werden.',
                },
              }
            : { body: { status: 'planned', message: 'Die Absage ist zurückgenommen: Der Termin von Ben Bauer am 14.01.2999 um 10:00 Uhr findet statt.' } },
      },
      { method: 'GET', path: '/api/makeups/mk1/suggestions', reply: { body: { suggestions: [] } } },
    ]);
    const button = await screen.findByRole('button', { name: 'Absage zurücknehmen: Ben Bauer, Mo, 14.01.' });
    fireEvent.click(button);
    await waitFor(() => expect(fetchMock.callsTo('/api/lessons/withdraw-cancellation', 'POST')).toHaveLength(1));
    expect(fetchMock.callsTo('/api/lessons/withdraw-cancellation', 'POST')[0]!.body).toEqual({ class_id: 'c1', member_id: 'b', date: '2999-01-14' });
    expect((await screen.findByText(/Die Absage ist zurückgenommen/)).closest('[role="status"]')).toBeTruthy();
    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Absage zurücknehmen: Ben Bauer, Mo, 14.01.' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Für diesen Termin ist schon ein Nachholtermin gebucht');
  }, 15_000);

  it('lists the open make-ups with their suggestions; the teacher books one for the student', async () => {
    const fetchMock = show([
      {
        method: 'GET',
        path: '/api/makeups/mk1/suggestions',
        reply: { body: { suggestions: [{ date: '2999-01-16', start: '11:00', end: '11:45', idle_added_minutes: 0 }] } },
      },
      {
        method: 'POST',
        path: '/api/makeups/mk1/book',
        reply: { body: { makeup: { ...MAKEUP, status: 'booked' }, message: 'Der Nachholtermin am 16.01.2999 um 11:00 Uhr ist gebucht.' } },
      },
    ]);
    const item = within(await screen.findByTestId('teacher-makeup-mk1'));
    expect(screen.getByRole('heading', { name: 'Offene Nachholtermine' })).toBeTruthy();
    expect(item.getByText('Ben Bauer')).toBeTruthy();
    fireEvent.click(await item.findByRole('button', { name: /^Buchen: Mi, 16\.01\. 11:00 Uhr/ }));
    // The booking may ask for confirmation first.
    const confirm = await screen.findByRole('dialog').catch(() => null);
    if (confirm) fireEvent.click(within(confirm).getByRole('button', { name: /buchen/i }));
    await waitFor(() => expect(fetchMock.callsTo('/api/makeups/mk1/book', 'POST')).toHaveLength(1));
    expect(fetchMock.callsTo('/api/makeups/mk1/book', 'POST')[0]!.body).toEqual({ date: '2999-01-16', start: '11:00' });
  }, 15_000);
});
