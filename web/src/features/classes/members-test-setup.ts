// Shared set-up of the member table tests: the class page with class A expanded, and row helpers.
import { fireEvent, screen, within } from '@testing-library/react';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';
import type { MemberDto } from './classes-api';
import { ANNA, BEN, CEM, CLASS_A_ID, classesRoute, membersRoute, noLinksRoute } from './test-fixtures';

export const MEMBERS_URL = `/api/classes/${CLASS_A_ID}/members`;
export const updateUrl = (m: MemberDto) => `${MEMBERS_URL}/${m.member_id}/update`;

/** The class page with class A expanded (through ?selectClass). */
export async function openMembers(extra: MockRoute[] = [], members: MemberDto[] = [ANNA, BEN, CEM]) {
  const app = renderApp({
    path: `/me/classes?selectClass=${CLASS_A_ID}`,
    user: TEACHER,
    routes: [...extra, classesRoute(), membersRoute(members), noLinksRoute],
  });
  await screen.findByTestId(`member-${members[0]!.member_id}`);
  return app;
}

export const row = (m: MemberDto) => within(screen.getByTestId(`member-${m.member_id}`));

/** Types `value` into an inline field and commits it by blur or Enter. */
export function edit(input: HTMLElement, value: string, how: 'blur' | 'enter' = 'blur') {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  if (how === 'enter') fireEvent.keyDown(input, { key: 'Enter' });
  else fireEvent.blur(input);
}
