import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { getToasts } from '../../shared/toast/toast-store';
import { berlinMoment } from './StudentCancelDialog';
import { openMyCourses } from './test-fixtures';

/** "Meine Kurse": a late cancellation is said before it happens; a cancellation is withdrawn while still ahead. */

const lesson = (date: string, inTimeUntil: string, extra: object = {}) => ({
  member_id: 'm1',
  name: 'Felix Müller',
  date,
  start: '09:00',
  end: '09:45',
  status: 'planned',
  reason: null,
  week: null,
  class_id: 'c1',
  class_name: 'Klavier Hauptfach',
  cancel_notice_hours: 48,
  cancel_in_time_until: inTimeUntil,
  ...extra,
});

function open(lessons: unknown[], routes: MockRoute[] = []) {
  return openMyCourses(routes, { lessons });
}

describe('Meine Kurse: cancelling late and withdrawing', () => {
  it('warns before a late cancellation that no make-up follows; the answer stays as a notice', async () => {
    // Cancelling in time was possible until yesterday.
    const late = lesson('2999-01-07', new Date(Date.now() - 86_400_000).toISOString());
    const app = open(
      [late],
      [
        {
          method: 'POST',
          path: '/api/lessons/cancel',
          reply: {
            body: {
              status: 'cancelled',
              makeup_id: null,
              message:
                'Dein Termin am 07.01.2999 ist abgesagt. Für einen Nachholtermin ist es zu spät: Dafür musst du mindestens 48 Stunden vor dem Unterricht absagen.',
            },
          },
        },
      ],
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Absagen: Mo, 07.01.' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Termin absagen' }));
    const warning = dialog.getByText('Für einen Nachholtermin ist es zu spät').closest('.alert')!;
    expect(warning.textContent).toContain(
      `Dafür musst du mindestens 48 Stunden vor dem Unterricht absagen (bis ${berlinMoment(late.cancel_in_time_until)}). Wenn du jetzt absagst, fällt der Termin ohne Nachholtermin aus.`,
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Trotzdem absagen' }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/lessons/cancel', 'POST')).toHaveLength(1));
    const notice = (await screen.findByText(/Für einen Nachholtermin ist es zu spät: Dafür musst du/)).closest('[role="status"]')!;
    expect(notice.className).toContain('alert--warning');
    expect(getToasts().map((t) => t.message)).not.toContain(notice.textContent);
    fireEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Hinweis schließen' }));
    expect(screen.queryByText(/Für einen Nachholtermin ist es zu spät: Dafür musst du/)).toBeNull();
  }, 15_000);

  it('says a cancellation in time gives a make-up, with the last moment for it', async () => {
    open([lesson('2999-01-07', '2999-01-05T08:00:00.000Z')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Absagen: Mo, 07.01.' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Termin absagen' }));
    expect(dialog.getByText('Du sagst rechtzeitig ab: Du bekommst einen Nachholtermin. (Rechtzeitig ist eine Absage bis Sa, 05.01., 09:00 Uhr.)')).toBeTruthy();
    expect(dialog.queryByText('Für einen Nachholtermin ist es zu spät')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Termin absagen' })).toBeTruthy();
  }, 15_000);

  it('offers „Absage zurücknehmen“ on the own cancellation only and shows the answer or the refusal', async () => {
    let refuse = false;
    const app = open(
      [
        lesson('2999-01-07', '2999-01-05T08:00:00.000Z', { status: 'cancelled', reason: 'krank', cancelled_by: 'student', makeup_id: 'mk1' }),
        lesson('2999-01-14', '2999-01-12T08:00:00.000Z', { status: 'cancelled', reason: 'Ich bin krank.', cancelled_by: 'teacher', makeup_id: 'mk2' }),
      ],
      [
        {
          method: 'POST',
          path: '/api/lessons/withdraw-cancellation',
          reply: () =>
            refuse
              ? { status: 409, body: { detail: 'Dieser Termin hat schon begonnen. Die Absage kann nicht mehr zurückgenommen werden.' } }
              : { body: { status: 'planned', message: 'Deine Absage ist zurückgenommen: Dein Termin am 07.01.2999 um 09:00 Uhr findet statt.' } },
        },
      ],
    );
    const own = within(await screen.findByTestId('date-2999-01-07'));
    expect(within(screen.getByTestId('date-2999-01-14')).queryByRole('button', { name: /Absage zurücknehmen/ })).toBeNull();
    fireEvent.click(own.getByRole('button', { name: 'Absage zurücknehmen: Mo, 07.01.' }));
    await waitFor(() => expect(app.fetchMock.callsTo('/api/lessons/withdraw-cancellation', 'POST')).toHaveLength(1));
    expect(app.fetchMock.callsTo('/api/lessons/withdraw-cancellation', 'POST')[0]!.body).toEqual({ class_id: 'c1', member_id: 'm1', date: '2999-01-07' });
    expect(
      (await screen.findByText('Deine Absage ist zurückgenommen: Dein Termin am 07.01.2999 um 09:00 Uhr findet statt.')).closest('[role="status"]'),
    ).toBeTruthy();
    refuse = true;
    fireEvent.click(own.getByRole('button', { name: 'Absage zurücknehmen: Mo, 07.01.' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Dieser Termin hat schon begonnen.');
  }, 15_000);
});
