import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../test/fetch-mock';
import { ClassLessonTools } from './ClassLessonTools';
import { classLesson, classLessonRoutes, renderWithQueries } from './test-fixtures';

/** The class page's "Termine absagen": a day's lessons with their actions and „Ich bin krank“ for the whole day. */

const FUTURE = '2999-01-07';
const row = (member: string, name: string, start: string, status: string, extra: object = {}) => classLesson(member, name, FUTURE, start, status, extra);

function show(lessons: unknown[]) {
  const fetchMock = installFetchMock([
    ...classLessonRoutes({ lessons, makeups: [] }),
    {
      method: 'POST',
      path: '/api/lessons/cancel-day',
      reply: { body: { status: 'cancelled', skipped: 1, cancelled: [], message: 'Am 07.01.2999 ist 1 Termin abgesagt (Anna Alt).' } },
    },
  ]);
  renderWithQueries(<ClassLessonTools classId="c1" className="Klavier" />);
  return fetchMock;
}

describe('ClassLessonTools', () => {
  it('lists the chosen day’s lessons with „Absagen“ or „Absage zurücknehmen“ and cancels the whole day', async () => {
    const fetchMock = show([
      row('a', 'Anna Alt', '09:00', 'planned'),
      row('b', 'Ben Bauer', '10:00', 'cancelled', { cancelled_by: 'student', reason: 'Konzert' }),
    ]);
    const tools = within(await screen.findByRole('region', { name: 'Termine absagen' }));
    // Today nobody has a lesson: the button for the day waits for a day with lessons.
    expect(await tools.findByText('An diesem Tag hat in diesem Kurs niemand Unterricht.')).toBeTruthy();
    expect(tools.getByRole('button', { name: 'Ich bin krank: alle Termine des Tages absagen' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(tools.getByLabelText('Tag'), { target: { value: FUTURE } });
    expect(tools.getByRole('button', { name: 'Absagen: Anna Alt, Mo, 07.01. 09:00 Uhr' })).toBeTruthy();
    expect(tools.getByRole('button', { name: 'Absage zurücknehmen: Ben Bauer, Mo, 07.01.' })).toBeTruthy();
    expect(tools.getByText('Abgesagt: Konzert')).toBeTruthy();

    fireEvent.click(tools.getByRole('button', { name: 'Ich bin krank: alle Termine des Tages absagen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ich bin krank – Termine absagen' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Tag').value).toBe(FUTURE);
    fireEvent.click(dialog.getByRole('button', { name: 'Termine absagen' }));
    await waitFor(() => expect(fetchMock.callsTo('/api/lessons/cancel-day', 'POST')).toHaveLength(1));
    expect(fetchMock.callsTo('/api/lessons/cancel-day', 'POST')[0]!.body).toEqual({ date: FUTURE });
    expect((await tools.findByText('Am 07.01.2999 ist 1 Termin abgesagt (Anna Alt).')).closest('[role="status"]')).toBeTruthy();
  }, 15_000);

  it('before the first sending: says so instead of a day to choose', async () => {
    show([]);
    expect(await screen.findByText('Sobald du einen Stundenplan verschickt hast, kannst du hier Termine absagen.')).toBeTruthy();
    expect(screen.queryByLabelText('Tag')).toBeNull();
  });
});
