import { useCallback, useEffect, useRef, useState } from 'react';
import { scheduling, type BodyOf } from '@stundenplan/contracts';
import { call, isApiError } from '../../../../shared/api/client';
import { toast } from '../../../../shared/toast';
import { CALC_TEXTS, describeCalcError, parseCalcAnswer, type CalcErrorView, type CalcOutcome } from '../model/calculation';
import { parseProgress, type ProgressInfo } from '../model/progress';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlannerMember, TimeSource } from '../model/types';
import { useLatest } from '../../../../shared/hooks/use-latest';

/** timeoutBudget().browserMs of @stundenplan/base: just above the gateway's limit, so the server's answer (or its 504) arrives first. */
export const CALCULATION_TIMEOUT_MS = 30_000;

/** The body of POST cp-sat-berechnung-from-db as the planner builds it; the contract must accept it (checked at compile time). */
export interface CalculationBody extends BodyOf<typeof scheduling.calculate> {
  wiggleRoom: number;
  selectedClass: string;
  timePreferences: Record<string, TimeSource>;
  pinned?: { member_id: string; day: number; start: string }[];
  previous_schedule_id?: string;
  priority?: 'compact_first' | 'weighted';
  gap_minutes_per_preferred?: number;
}

/** Opens GET /api/progress (server-sent events); null where EventSource is missing. */
function openProgress(classId: string, onProgress: (p: ProgressInfo) => void): EventSource | null {
  if (typeof EventSource === 'undefined') return null;
  try {
    const source = new EventSource('/api/progress', { withCredentials: true });
    source.onmessage = (event: MessageEvent) => {
      const info = parseProgress(event.data);
      if (info && (!info.classId || info.classId === classId)) onProgress(info);
    };
    // The stream reconnects by itself; progress is best effort and never fails a calculation.
    source.onerror = () => undefined;
    return source;
  } catch {
    return null;
  }
}

/** docs/product/planning.md "Calculation": idle -> running (with progress) -> done (toast) or error (modal). */
export function useCalculation(classId: string, onResult: (outcome: CalcOutcome, body: CalculationBody) => void) {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ProgressInfo | null>(null);
  const [error, setError] = useState<CalcErrorView | null>(null);
  const sourceRef = useRef<EventSource | null>(null);
  const onResultRef = useLatest(onResult);

  useEffect(() => () => sourceRef.current?.close(), []);

  const run = useCallback(
    async (body: CalculationBody, members: readonly PlannerMember[]) => {
      if (!classId) {
        toast.error(PLANNER_TEXTS.chooseClass);
        return;
      }
      setRunning(true);
      setProgress(null);
      setError(null);
      sourceRef.current?.close();
      sourceRef.current = openProgress(classId, (p) => setProgress((prev) => (prev && prev.percent > p.percent ? prev : p)));
      try {
        const answer = await call(scheduling.calculate, { body }, { timeoutMs: CALCULATION_TIMEOUT_MS });
        if (answer === undefined) return; // the session-expired flow took over
        const outcome = parseCalcAnswer(answer, members, new Date());
        if (!outcome) {
          setError({ title: CALC_TEXTS.errorTitle, messages: [CALC_TEXTS.badFormat], skipped: [], unscheduled: [], bestPlan: null, detailed: false });
          return;
        }
        onResultRef.current(outcome, body);
        toast.success(CALC_TEXTS.success);
      } catch (e) {
        if (isApiError(e) && e.kind === 'aborted') return;
        const err = isApiError(e) ? { status: e.status, detail: e.detail, message: e.message } : { message: e instanceof Error ? e.message : '' };
        setError(describeCalcError(err, members, new Date()));
      } finally {
        sourceRef.current?.close();
        sourceRef.current = null;
        setRunning(false);
        setProgress(null);
      }
    },
    [classId, onResultRef],
  );

  const closeError = useCallback(() => setError(null), []);
  return { running, progress, error, run, closeError };
}
