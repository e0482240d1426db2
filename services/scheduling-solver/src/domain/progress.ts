import type { KeyValueStore, Logger } from '@stundenplan/base';

/** Stages of one calculation as the engine reports them, plus 'started' (request accepted). */
export type ProgressStage = 'started' | 'first-plan' | 'maximum-proven' | 'compacting' | 'done';

const STAGE_PERCENT: Record<ProgressStage, number> = {
  started: 0,
  'first-plan': 35,
  'maximum-proven': 70,
  compacting: 85,
  done: 100,
};

const STAGE_LABEL: Record<ProgressStage, string> = {
  started: 'Berechnung gestartet',
  'first-plan': 'Erster Plan gefunden',
  'maximum-proven': 'Maximale Anzahl eingeplanter Studierender bewiesen',
  compacting: 'Unterrichtstage werden kompakter gemacht',
  done: 'Berechnung abgeschlossen',
};

export interface ProgressEvent {
  run_id: string;
  class_id: string;
  stage: ProgressStage;
  percent: number;
  label: string;
  /** Only on 'done': 'ok' (a plan within the wiggle room), 'infeasible', 'error'. */
  result?: 'ok' | 'infeasible' | 'error';
  /** Students placed in the best plan known at this point, when the engine reports it. */
  placed?: number;
  at: string;
}

/** One channel per teacher: every replica's SSE connections of that teacher listen on it (Redis pub/sub when distributed). */
export const progressChannel = (teacherId: string) => `progress:${teacherId}`;
/** The latest event of the teacher's running calculation, so a stream opened mid-run starts with the current stage. */
export const progressLastKey = (teacherId: string) => `progress:last:${teacherId}`;

export class ProgressPublisher {
  private lastPercent = -1;
  constructor(
    private readonly store: KeyValueStore,
    private readonly log: Logger,
    private readonly teacherId: string,
    private readonly runId: string,
    private readonly classId: string,
  ) {}

  /** Never throws and never goes backwards: progress is best effort and must not break a calculation. */
  async emit(stage: ProgressStage, result?: ProgressEvent['result'], placed?: number): Promise<void> {
    const percent = STAGE_PERCENT[stage];
    if (percent < this.lastPercent || (percent === this.lastPercent && stage !== 'done')) return;
    this.lastPercent = percent;
    const event: ProgressEvent = {
      run_id: this.runId,
      class_id: this.classId,
      stage,
      percent,
      label: STAGE_LABEL[stage],
      ...(result ? { result } : {}),
      ...(placed !== undefined ? { placed } : {}),
      at: new Date().toISOString(),
    };
    const text = JSON.stringify(event);
    try {
      // A finished run is not replayed to streams opened later (they would see 100 % before their own run starts).
      if (stage === 'done') await this.store.del(progressLastKey(this.teacherId));
      else await this.store.set(progressLastKey(this.teacherId), text, 120);
      await this.store.publish(progressChannel(this.teacherId), text);
    } catch (e) {
      this.log.warn({ err: (e as Error).message, stage }, 'progress publish failed');
    }
  }
}
