import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock, type MockRoute } from '../../test/fetch-mock';
import { getToasts } from '../../shared/toast/toast-store';
import { TeacherDates } from './TeacherDates';
import { classLessonRoutes, renderWithQueries } from './test-fixtures';

const row = (name: string, date: string, start: string, status: string, reason: string | null = null) => ({
  member_id: name,
  name,
  date,
  start,
  end: `${start.slice(0, 2)}:30`,
  status,
  reason,
  week: null,
});

function show(routes: MockRoute[] = []) {
  const fetchMock = installFetchMock([
    ...routes,
    ...classLessonRoutes({
      lessons: [
        row('Anna Alt', '2027-01-04', '09:00', 'planned'),
        row('Ben Bauer', '2027-01-06', '10:00', 'cancelled', 'Krank'),
        row('Anna Alt', '2027-01-13', '10:00', 'swapped', 'Getauscht mit Ben B.'),
        row('Ben Bauer', '2027-01-11', '09:00', 'swapped', 'Getauscht mit Anna A.'),
        row('Carla Czerny', '2027-01-14', '14:00', 'makeup'),
      ],
      makeups: [
        {
          makeup_id: 'k',
          member_id: 'Ben Bauer',
          name: 'Ben Bauer',
          class_id: 'c1',
          cancelled_date: '2027-01-06',
          status: 'open',
          booked: null,
          expires_on: '2027-02-03',
        },
      ],
      swapRequests: [
        {
          request_id: 'r1',
          member_id: 'a',
          name: 'Anna Alt',
          with_member_id: 'b',
          with_name: 'Ben Bauer',
          date: '2027-01-25',
          from_date: '2027-01-25',
          status: 'awaiting_approval',
          created_at: '',
        },
      ],
    }),
  ]);
  renderWithQueries(<TeacherDates classId="c1" />);
  return fetchMock;
}

const toastsOf = (kind: 'success' | 'error') =>
  getToasts()
    .filter((t) => t.kind === kind)
    .map((t) => t.message);

describe('Termine: the semester week by week', () => {
  it('groups the dates by week with status and reason', async () => {
    show();
    const first = within(await screen.findByTestId('week-2027-01-04'));
    expect(first.getByRole('heading', { name: 'Woche ab Mo, 04.01.2027' })).toBeTruthy();
    expect(first.getByText('Abgesagt: Krank')).toBeTruthy();
    const second = within(screen.getByTestId('week-2027-01-11'));
    // The swap's reason says it all: no "Getauscht: " before it.
    expect(second.getByText('Getauscht mit Ben B.')).toBeTruthy();
    expect(second.getByText('Getauscht mit Anna A.')).toBeTruthy();
    expect(second.getByText('Nachholtermin')).toBeTruthy();
    expect(screen.getByText('1 Nachholtermin ist noch offen.')).toBeTruthy();
  });

  it('approves a swap waiting for the teacher', async () => {
    const fetchMock = show([
      { method: 'POST', path: '/api/lessons/swap-requests/r1/approve', reply: { body: { status: 'swapped', message: 'Die Stunden sind getauscht.' } } },
    ]);
    const item = within(await screen.findByTestId('approval-r1'));
    expect(item.getByText('Anna Alt und Ben Bauer möchten am 25.01.2027 tauschen.')).toBeTruthy();
    fireEvent.click(item.getByRole('button', { name: 'Zustimmen' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Die Stunden sind getauscht.'));
    expect(fetchMock.callsTo('/api/lessons/swap-requests/r1/approve', 'POST')).toHaveLength(1);
  });
  it('the approval names both lessons and says it waits for the teacher', async () => {
    show([
      {
        method: 'GET',
        path: '/api/classes/c1/swap-requests',
        reply: {
          body: {
            requests: [
              {
                request_id: 'r2',
                member_id: 'a',
                name: 'Jonas Weber',
                with_member_id: 'b',
                with_name: 'Lena Vogel',
                date: '2027-01-27',
                from_date: '2027-01-27',
                status: 'awaiting_approval',
                created_at: '',
                lesson: { date: '2027-01-27', start: '15:00', end: '15:30' },
                with_lesson: { date: '2027-01-28', start: '16:30', end: '17:00' },
              },
            ],
          },
        },
      },
    ]);
    const item = within(await screen.findByTestId('approval-r2'));
    expect(item.getByText('Jonas Weber (Mi 27.01., 15:00) und Lena Vogel (Do 28.01., 16:30) möchten ihre Termine tauschen.')).toBeTruthy();
    expect(item.getByText('Wartet auf deine Antwort')).toBeTruthy();
  });

  it('filters the dates by student and jumps to the week of a day', async () => {
    show();
    await screen.findByTestId('week-2027-01-04');
    fireEvent.change(screen.getByLabelText('Studierende'), { target: { value: 'Carla Czerny' } });
    expect(screen.queryByTestId('week-2027-01-04')).toBeNull();
    expect(within(screen.getByTestId('week-2027-01-11')).getByText('Carla Czerny')).toBeTruthy();
    expect(within(screen.getByTestId('week-2027-01-11')).queryByText('Anna Alt')).toBeNull();
    fireEvent.change(screen.getByLabelText('Studierende'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Zur Woche springen'), { target: { value: '2027-01-13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Woche ab Mo, 11.01.2027' }));
  });
});
