// Test harness of the planner: PlannerStep inside the app providers and a memory router, with the network faked.
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { installFetchMock, type MockRoute } from '../../../test/fetch-mock';
import { ANNA, BEN, CARLA } from './model/fixtures';
import type { PlannerMember } from './model/types';
import { PlannerStep, type PlannerStepProps } from './PlannerStep';

// Not test/render-app: that pulls in the whole route table (and other features' work in progress).
function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export const CLASS_ID = '3f0c6c9e-2b1a-4c43-9a55-0f7f0f5d1c11';
/** The calculation's address. */
export const CALC = '/api/cp-sat-berechnung-from-db';
export const MEMBERS: PlannerMember[] = [ANNA, BEN, CARLA];
/** Teacher: Monday 8.00-12.00, Wednesday 14.00-16.00. */
export const TEACHER_TIMES = {
  '0': Array.from({ length: 16 }, (_, i) => `${8 + Math.floor(i / 4)}.${String((i % 4) * 15).padStart(2, '0')}`),
  '2': ['14.00', '14.15', '14.30', '14.45', '15.00', '15.15', '15.30', '15.45'],
};

export interface PlannerHarnessOptions {
  members?: PlannerMember[] | 'hang';
  schedules?: unknown[];
  routes?: MockRoute[];
  props?: Partial<PlannerStepProps>;
}

export function renderPlanner({ members = MEMBERS, schedules = [], routes = [], props = {} }: PlannerHarnessOptions = {}) {
  const onUnsavedChange = vi.fn();
  const onEditTimes = vi.fn();
  const fetchMock = installFetchMock([
    ...routes,
    { method: 'GET', path: `/api/classes/${CLASS_ID}/members`, reply: members === 'hang' ? { hang: true } : { body: { members } } },
    { method: 'GET', path: `/api/classes/${CLASS_ID}/schedules`, reply: { body: { schedules } } },
  ]);
  const element = (
    <PlannerStep
      classId={CLASS_ID}
      className="Klavier 5b"
      teacherTimes={TEACHER_TIMES}
      timeRange={null}
      onUnsavedChange={onUnsavedChange}
      onEditTimes={onEditTimes}
      {...props}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/scheduling', element },
      { path: '/me/classes', element: <p>Klassenseite</p> },
    ],
    { initialEntries: ['/scheduling'] },
  );
  const view = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, fetchMock, onUnsavedChange, onEditTimes, router };
}

/** A saved schedule of the class (listed, so the planner loads it) and the route answering it with `times` (the saved form). */
export function savedSchedule(id: string, name: string, times: Record<string, unknown[]>) {
  const summary = { id, name, description: null, class_id: CLASS_ID, created_at: '2026-12-01T10:00:00.000Z' };
  const route: MockRoute = { method: 'GET', path: `/api/schedules/${id}`, reply: { body: { ...summary, pinned: [], available_times: times } } };
  return { summary, route };
}

/** Lets dnd-kit attach its document listeners (it does so in a timeout). */
export async function tick(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
