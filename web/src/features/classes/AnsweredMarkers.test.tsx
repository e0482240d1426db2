import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { renderApp, TEACHER } from '../../test/render-app';
import { answeredText } from './member-utils';
import { ANNA, BEN, CEM, CLASS_A, CLASS_A_ID, CLASS_B, classesRoute, membersRoute, noLinksRoute } from './test-fixtures';

/** GET me/classes answering `answered()` at the time of the call. */
const liveClassesRoute = (answered: () => number) => ({
  ...classesRoute(),
  reply: () => ({ body: { classes: [{ ...CLASS_A, answered_count: answered() }] } }),
});

describe('who has answered', () => {
  it('answeredText', () => {
    expect(answeredText(12, 15)).toBe('12 von 15 haben Zeiten eingetragen');
    expect(answeredText(0, 3)).toBe('0 von 3 haben Zeiten eingetragen');
    expect(answeredText(null, 3)).toBeNull();
    expect(answeredText(0, 0)).toBeNull();
  });

  it('the class list shows the count per class, and the member list marks who has no times', async () => {
    renderApp({
      path: `/me/classes?selectClass=${CLASS_A_ID}`,
      user: TEACHER,
      routes: [
        classesRoute([
          { ...CLASS_A, answered_count: 2 },
          { ...CLASS_B, answered_count: null },
        ]),
        membersRoute([ANNA, BEN, CEM]),
        noLinksRoute,
      ],
    });
    expect((await screen.findByTestId(`answered-${CLASS_A_ID}`)).textContent).toBe('2 von 3 haben Zeiten eingetragen');
    expect(screen.queryByTestId(`answered-${CLASS_B.class_id}`)).toBeNull();
    await screen.findByTestId(`member-${CEM.member_id}`);
    const member = (m: { member_id: string }) => within(screen.getByTestId(`member-${m.member_id}`));
    expect(member(CEM).getByTestId('no-times').textContent).toBe('noch keine Zeiten');
    expect(member(ANNA).queryByTestId('no-times')).toBeNull();
    expect(member(BEN).queryByTestId('no-times')).toBeNull();
  });

  it('the count follows saved times at once, and times entered elsewhere when the tab comes back into view', async () => {
    let answered = 2;
    // The app's own client (30 s stale time, no refetch on focus by default), not the test client.
    const { fetchMock } = renderApp({
      queryClient: createQueryClient(),
      path: `/me/classes?selectClass=${CLASS_A_ID}`,
      user: TEACHER,
      routes: [
        liveClassesRoute(() => answered),
        membersRoute([ANNA, BEN, CEM]),
        noLinksRoute,
        {
          method: 'PUT',
          path: `/api/classes/${CLASS_A_ID}/members/${CEM.member_id}/update`,
          reply: () => {
            answered = 3;
            return { body: { ...CEM, available_times: { '0': ['9.00', '9.15'] } } };
          },
        },
      ],
    });
    const count = async () => (await screen.findByTestId(`answered-${CLASS_A_ID}`)).textContent;
    expect(await count()).toBe('2 von 3 haben Zeiten eingetragen');
    await screen.findByTestId(`member-${CEM.member_id}`);
    fireEvent.click(within(screen.getByTestId(`member-${CEM.member_id}`)).getByRole('button', { name: 'Verfügbare Zeiten bearbeiten' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('z.B. Mo 9-12, Di 14:00-16:30, Mi ab 10'), { target: { value: 'Mo 9-9:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId(`answered-${CLASS_A_ID}`).textContent).toBe('3 von 3 haben Zeiten eingetragen'));

    // A student entered times meanwhile (another device): coming back to the tab fetches the list again.
    answered = 1;
    const before = fetchMock.callsTo('/api/me/classes').length;
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByTestId(`answered-${CLASS_A_ID}`).textContent).toBe('1 von 3 haben Zeiten eingetragen'));
    expect(fetchMock.callsTo('/api/me/classes').length).toBeGreaterThan(before);
  }, 30_000);
});
