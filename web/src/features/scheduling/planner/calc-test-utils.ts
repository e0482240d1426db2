// Shared set-up of the planner's calculation tests: the answers, a fake progress stream and the ready planner.
import { screen } from '@testing-library/react';
import { calcAnswer, placementView } from './model/fixtures';
import { CLASS_ID } from './test-utils';

export const SAVED = { id: '11111111-1111-4111-8111-111111111111', name: 'Plan Oktober', class_id: CLASS_ID, created_at: '2025-10-01T10:00:00.000Z' };

export const SUCCESS = calcAnswer([placementView('m-anna', 0, 40, 42, true), placementView('m-ben', 1, 32, 35)], {
  skipped_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Keine verfügbaren Zeiten eingetragen' }],
});

export const INFEASIBLE = {
  detail: {
    error_type: 'INFEASIBLE',
    message: 'Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.',
    skipped_students: [{ member_id: 'm-carla', name: 'Carla', reason: 'Keine verfügbaren Zeiten eingetragen' }],
    unscheduled_students: [{ member_id: 'm-ben', name: 'Ben Schröder', reason: 'Alle passenden Zeitfenster sind bereits belegt' }],
    best_plan: { timetable: {}, placements: [placementView('m-anna', 0, 40, 42)] },
  },
};

export class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  emit(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {
    this.closed = true;
  }
}

export async function ready() {
  await screen.findByText('Anna M.');
}
