// Shared set-up of the /scheduling page tests: the planner (step 4) stands in as a stub that records its props and
// registers a save, the mocked calls of steps 1-3, and small helpers for cells, cookies and the location.
import { fireEvent } from '@testing-library/react';
import type { MockRoute, MockReply, RecordedCall } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';
import type { PlannerStepProps } from './planner/PlannerStep';

/** What the planner stub was handed, render by render, and the save it registers. */
export const plannerProps: PlannerStepProps[] = [];
export const plannerSave = { handler: null as null | (() => Promise<boolean>) };

/** The module factory for `vi.mock('./planner/PlannerStep', ...)`: here only the seam (props, save registration) matters. */
export async function plannerStepStub() {
  const { useRegisterPlannerSave } = await import('./planner-save-context');
  return {
    PlannerStep: (props: PlannerStepProps) => {
      plannerProps.push(props);
      useRegisterPlannerSave(plannerSave.handler);
      return <div data-testid="planner">Planer für {props.className}</div>;
    },
  };
}

export const CLASSES = { classes: [{ class_id: 'c1', name: 'Klavier Hauptfach', description: 'Montagsgruppe', is_group: false, member_count: 3 }] };
export const TIMES = { '0': ['9.00', '9.15'] };
export const NO_RANGE = { time_range: null, mode: null, extraMinutes: null };
export const EXACT = { time_range: TIMES, mode: 'exact', extraMinutes: null };

type Reply = MockReply | ((call: RecordedCall) => MockReply);

export interface Setup {
  classes?: Reply;
  times?: Reply;
  range?: Reply;
}

export function routes({ classes = { body: CLASSES }, times = { body: { available_times: TIMES } }, range = { body: NO_RANGE } }: Setup = {}): MockRoute[] {
  return [
    { method: 'GET', path: '/api/me/classes', reply: classes },
    { method: 'GET', path: '/api/classes/c1/available-times', reply: times },
    { method: 'PUT', path: '/api/classes/c1/available-times', reply: (call) => ({ body: call.body }) },
    { method: 'GET', path: '/api/classes/c1/time-range', reply: range },
    { method: 'POST', path: '/api/classes/c1/time-range/exact', reply: { body: { ...EXACT, message: 'Zeitraum für Klasse gespeichert' } } },
    {
      method: 'POST',
      path: '/api/classes/c1/time-range/extended',
      reply: (call) => ({
        body: {
          time_range: { '0': ['8.30', '8.45', '9.00', '9.15', '9.30', '9.45'] },
          mode: 'extended',
          extraMinutes: (call.body as { extraMinutes: number }).extraMinutes,
        },
      }),
    },
    { method: 'PUT', path: '/api/classes/c1/time-range', reply: (call) => ({ body: { ...(call.body as object), extraMinutes: null } }) },
  ];
}

export function open(path: string, setup: Setup = {}) {
  return renderApp({ path, user: TEACHER, routes: routes(setup) });
}

export function cell(day: number, slot: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`);
  if (!el) throw new Error(`no cell ${day}/${slot}`);
  return el;
}

export function clickCell(day: number, slot: number) {
  fireEvent.pointerDown(cell(day, slot), { button: 0, pointerType: 'mouse' });
  fireEvent.pointerUp(document);
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

export const location = (app: ReturnType<typeof open>) => app.router.state.location.pathname + app.router.state.location.search;

/** After each test: no cookies, no recorded props, no registered save. */
export function resetSchedulingTest() {
  clearCookies();
  plannerProps.length = 0;
  plannerSave.handler = null;
}
