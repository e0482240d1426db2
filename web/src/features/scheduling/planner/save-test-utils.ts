// Shared set-up of the planner's save, send and load tests: the answers, a calculated plan and the save button.
import { fireEvent, screen } from '@testing-library/react';
import type { MockRoute } from '../../../test/fetch-mock';
import { calcAnswer, placementView } from './model/fixtures';
import { CALC, CLASS_ID } from './test-utils';

export const CREATE = `/api/classes/${CLASS_ID}/schedules`;
export const SAVED = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Plan Oktober',
  description: null,
  class_id: CLASS_ID,
  created_at: '2025-10-01T10:00:00.000Z',
};
export const EXISTING_ID = '33333333-3333-4333-8333-333333333333';
export const DAYS7 = ['0', '1', '2', '3', '4', '5', '6'];

export const calcRoute: MockRoute = {
  method: 'POST',
  path: CALC,
  reply: {
    body: calcAnswer([placementView('m-anna', 0, 40, 42)]),
  },
};

export const loadedRoutes = (times: unknown): MockRoute[] => [
  { method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { body: { ...SAVED, available_times: times, pinned: [] } } },
];

export async function calculate() {
  await screen.findByText('Anna M.');
  fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
  await screen.findByText('Neuer Stundenplan erfolgreich berechnet!');
}

export const saveButton = () => screen.getByRole('button', { name: /^Stundenplan speichern/ });
