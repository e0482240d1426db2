// Shared fixtures of the lesson screen tests: the teacher's class c1 and the student's "Meine Kurse".
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, STUDENT } from '../../test/render-app';

/** Renders a screen with a query client of its own that does not retry. */
export function renderWithQueries(ui: ReactElement) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

/** One dated lesson of class c1 as the teacher's list has it: 45 minutes from `start`. */
export const classLesson = (member: string, name: string, date: string, start: string, status: string, extra: object = {}) => ({
  member_id: member,
  name,
  date,
  start,
  end: `${start.slice(0, 2)}:45`,
  status,
  reason: null,
  week: null,
  ...extra,
});

/** What the teacher's lesson screens of class c1 read: its dated lessons, make-ups and (when given) swap requests. */
export function classLessonRoutes({ lessons, makeups, swapRequests }: { lessons: unknown[]; makeups: unknown[]; swapRequests?: unknown[] }): MockRoute[] {
  return [
    { method: 'GET', path: '/api/classes/c1/lessons', reply: { body: { lessons } } },
    { method: 'GET', path: '/api/classes/c1/makeups', reply: { body: { makeups } } },
    ...(swapRequests ? [{ method: 'GET', path: '/api/classes/c1/swap-requests', reply: { body: { requests: swapRequests } } }] : []),
  ];
}

/** "Meine Kurse" for the student; `routes` come first, then what the page reads. */
export function openMyCourses(
  routes: MockRoute[],
  { lessons, makeups = [], swaps = [], swapDates = [] }: { lessons: unknown[]; makeups?: unknown[]; swaps?: unknown[]; swapDates?: string[] },
) {
  return renderApp({
    path: '/student/classes',
    user: STUDENT,
    routes: [
      ...routes,
      { method: 'GET', path: '/api/profile', reply: { body: { name: 'Felix Müller', email: 'f@x.de', role: 'student', duration: 30, classes: [] } } },
      { method: 'GET', path: '/api/me/lessons', reply: { body: { lessons } } },
      { method: 'GET', path: '/api/me/makeups', reply: { body: { makeups } } },
      { method: 'GET', path: '/api/me/swap-requests', reply: { body: { requests: swaps } } },
      { method: 'GET', path: '/api/me/swap-dates', reply: { body: { dates: swapDates.map((date) => ({ class_id: 'c1', member_id: 'm1', date })) } } },
    ],
  });
}
