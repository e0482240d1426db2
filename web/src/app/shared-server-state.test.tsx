// One cache for the whole app: a member edited on the class page is what the planner shows, without a reload.
import '../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../test/fetch-mock';
import { renderApp, TEACHER } from '../test/render-app';
import { createQueryClient } from './query-client';

const CLASS_ID = 'c0000000-0000-4000-8000-000000000001';
const TEACHER_TIMES = { '0': ['9.00', '9.15', '9.30', '9.45', '10.00', '10.15', '10.30', '10.45'] };

interface Member {
  member_id: string;
  user_id: null;
  student_id: null;
  name: string;
  email: string | null;
  duration: number;
  available_times: Record<string, string[]>;
  available_times_user_input: Record<string, string[]>;
  available_times_user_input_last_modified: null;
}

/** A server that keeps its members: the edit changes what later GETs answer. */
function server(): MockRoute[] {
  const members: Member[] = [
    {
      member_id: 'a0000000-0000-4000-8000-000000000001',
      user_id: null,
      student_id: null,
      name: 'Cem Ay',
      email: null,
      duration: 30,
      available_times: { '0': ['9.00', '9.15'] },
      available_times_user_input: {},
      available_times_user_input_last_modified: null,
    },
  ];
  const cls = { class_id: CLASS_ID, name: 'Klavier Hauptfach', description: null, is_group: false, register_shortcut: 'baum-haus-see', member_count: 1 };
  return [
    { method: 'GET', path: '/api/me/classes', reply: { body: { classes: [cls] } } },
    { method: 'GET', path: `/api/classes/${CLASS_ID}/members`, reply: () => ({ body: { members: structuredClone(members) } }) },
    {
      method: 'PUT',
      path: `/api/classes/${CLASS_ID}/members/${members[0]!.member_id}/update`,
      reply: (call) => {
        Object.assign(members[0]!, call.body as Partial<Member>);
        return { body: members[0] };
      },
    },
    { method: 'POST', path: '/api/check-student-exists', reply: { body: { existing_students: {} } } },
    { method: 'GET', path: `/api/classes/${CLASS_ID}/available-times`, reply: { body: { available_times: TEACHER_TIMES } } },
    { method: 'GET', path: `/api/classes/${CLASS_ID}/time-range`, reply: { body: { time_range: TEACHER_TIMES, mode: 'exact', extraMinutes: null } } },
    { method: 'GET', path: `/api/classes/${CLASS_ID}/schedules`, reply: { body: { schedules: [] } } },
  ];
}

describe('server state shared by the class page and the planner', () => {
  it('the planner shows a member renamed on /me/classes while its own copy was still fresh', async () => {
    // The app's own client: data stays fresh for a while, so a page that keeps its own copy would show the old name.
    const app = renderApp({ path: `/scheduling/planen?klasse=${CLASS_ID}`, user: TEACHER, routes: server(), queryClient: createQueryClient() });
    // The planner shows short names (first name and initial).
    expect(await screen.findByText('Cem A.', {}, { timeout: 10_000 })).toBeTruthy();

    await act(() => app.router.navigate(`/me/classes?selectClass=${CLASS_ID}`));
    const row = within(await screen.findByTestId('member-a0000000-0000-4000-8000-000000000001'));
    const name = row.getByLabelText('Name von Cem Ay');
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'Cem Yilmaz' } });
    fireEvent.blur(name);
    await waitFor(() => expect(app.fetchMock.callsTo(`/api/classes/${CLASS_ID}/members/a0000000-0000-4000-8000-000000000001/update`, 'PUT')).toHaveLength(1));

    const membersReads = app.fetchMock.callsTo(`/api/classes/${CLASS_ID}/members`, 'GET').length;
    await act(() => app.router.navigate(`/scheduling/planen?klasse=${CLASS_ID}`));
    expect(await screen.findByText('Cem Y.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Cem A.')).toBeNull();
    // Shown from the shared cache entry the edit updated, not from a second fetch.
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_ID}/members`, 'GET')).toHaveLength(membersReads);
  }, 30_000);
});
