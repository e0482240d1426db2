import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEACHER } from '../../test/render-app';
import { answeredText } from './member-utils';
import { ANNA, BEN, CEM, CLASS_A, CLASS_A_ID, CLASS_B, classesRoute, membersRoute, noLinksRoute } from './test-fixtures';

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
});
