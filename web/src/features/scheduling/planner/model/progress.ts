/** GET /api/progress (server-sent events): one JSON event per calculation stage. */

export interface ProgressInfo {
  stage: string;
  percent: number;
  label: string;
  runId?: string;
  classId?: string;
  result?: string;
}

/** Parses one event's data; null for anything that is not a progress event. */
export function parseProgress(data: unknown): ProgressInfo | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.stage !== 'string' || typeof v.percent !== 'number' || !Number.isFinite(v.percent)) return null;
  return {
    stage: v.stage,
    percent: Math.max(0, Math.min(100, Math.round(v.percent))),
    label: typeof v.label === 'string' ? v.label : '',
    ...(typeof v.run_id === 'string' ? { runId: v.run_id } : {}),
    ...(typeof v.class_id === 'string' ? { classId: v.class_id } : {}),
    ...(typeof v.result === 'string' ? { result: v.result } : {}),
  };
}
