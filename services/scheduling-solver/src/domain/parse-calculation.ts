import { AppError } from '@stundenplan/base';
import { scheduling } from '@stundenplan/contracts';
import { SLOTS_PER_DAY, tryLabelToSlot } from '@stundenplan/timegrid';
import type { z } from 'zod';
import { CLASS_NOT_FOUND, SCHEDULE_NOT_FOUND } from './access.js';
import { CALC_TEXTS } from './calculation-texts.js';
import type { Priority, TimeSource } from './solver-port.js';

export interface CalcInput {
  classId: string;
  wiggleRoom: number;
  timePreferences: Record<string, TimeSource>;
  /** Pinned lessons: day 0..6 and the first quarter hour as a slot index (the body's label read once). */
  pinned: { member_id: string; day: number; slot: number; week?: 'A' | 'B' }[];
  previousScheduleId: string | null | undefined;
  /** Absent: the SPEC's order (preferred times before compact days). */
  priority?: Priority;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** The contract's first failure as the SPEC's German refusal (the field decides the text). */
function refusal(issue: z.core.$ZodIssue, body: Record<string, unknown>): AppError {
  const [field, key] = issue.path;
  switch (field) {
    case 'selectedClass':
      return isBlank(body.selectedClass) ? AppError.badRequest(CALC_TEXTS.noClass) : AppError.notFound(CLASS_NOT_FOUND);
    case 'wiggleRoom':
      return AppError.badRequest(CALC_TEXTS.wiggleRoom);
    case 'timePreferences':
      return AppError.badRequest(key === undefined ? CALC_TEXTS.timePreferences : CALC_TEXTS.timePreferenceValue(String(key)));
    case 'previous_schedule_id':
      return AppError.notFound(SCHEDULE_NOT_FOUND);
    case 'priority':
      return AppError.badRequest(CALC_TEXTS.priorityInvalid);
    case 'gap_minutes_per_preferred':
      return AppError.badRequest(CALC_TEXTS.gapMinutesInvalid);
    default:
      return AppError.badRequest(CALC_TEXTS.pinnedInvalid);
  }
}

/** Body of POST /api/cp-sat-berechnung-from-db, checked with its contract; every refusal in the SPEC's German. */
export function parseCalculationBody(raw: unknown): CalcInput {
  const body = isPlainObject(raw) ? raw : {};
  const parsed = scheduling.calculationBody.safeParse(body);
  if (!parsed.success) {
    // A class id of the wrong type is refused as an unknown class only after every 400 (as the class check comes later).
    const issues = parsed.error.issues;
    const wrongClass = (i: z.core.$ZodIssue) => i.path[0] === 'selectedClass' && !isBlank(body.selectedClass);
    throw refusal(issues.find((i) => !wrongClass(i)) ?? issues[0]!, body);
  }
  const b = parsed.data;
  const pinned: CalcInput['pinned'] = [];
  for (const p of b.pinned ?? []) {
    const slot = typeof p.start === 'number' ? p.start : tryLabelToSlot(p.start);
    if (slot === undefined || slot >= SLOTS_PER_DAY) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
    pinned.push({ member_id: p.member_id, day: Number(p.day), slot, ...(p.week ? { week: p.week } : {}) });
  }
  return {
    ...priorityOf(b.priority, b.gap_minutes_per_preferred),
    classId: b.selectedClass,
    wiggleRoom: Number(b.wiggleRoom),
    timePreferences: b.timePreferences ?? {},
    pinned,
    previousScheduleId: b.previous_schedule_id,
  };
}

/** The request's priority in the engine's terms; absent or 'preferred_first': none (the engine's default). */
function priorityOf(priority: string | null | undefined, gapMinutes: number | null | undefined): { priority?: Priority } {
  if (priority === 'compact_first') return { priority: { order: 'compact' } };
  if (priority === 'weighted') return { priority: { order: 'weighted', gapMinutesPerPreferred: gapMinutes ?? scheduling.DEFAULT_GAP_MINUTES_PER_PREFERRED } };
  return {};
}
