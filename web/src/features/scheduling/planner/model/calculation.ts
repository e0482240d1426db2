/** The calculation answer and its errors (docs/product/planning.md "Calculation", docs/product/errors.md "Calculation"). */
import { DAYS, SLOTS_PER_DAY, durationToSlots } from '@stundenplan/timegrid';
import { calculatedPlanName } from './names';
import { parseSummary, type CalcSummary } from './plan-summary';
import { planFromDaySlots, planFromWorking, slotOfKey } from './schedule-forms';
import type { PlanContent, PlannerMember } from './types';

export const CALC_TEXTS = {
  success: 'Neuer Stundenplan erfolgreich berechnet!',
  running: 'Berechnung läuft...',
  patience: 'Bitte haben Sie einen Moment Geduld...',
  errorTitle: 'Stundenplan konnte nicht erstellt werden',
  infeasible: 'Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.',
  otherType: 'Die automatische Stundenplanerstellung war nicht erfolgreich. Dies kann verschiedene Gründe haben.',
  fallback: 'Fehler bei der Berechnung',
  badFormat: 'Unerwartetes Ergebnisformat von der Berechnung erhalten.',
  skippedTitle: 'Studenten ohne Zeitverfügbarkeit',
  unscheduledTitle: 'Studenten, die nicht eingeplant werden konnten',
  suggestionsTitle: 'Vorschläge',
  suggestions: [
    'Erhöhen Sie den Spielraum, damit mehr Studierende ohne Termin bleiben dürfen.',
    'Passen Sie Ihre eigenen Zeiten in Schritt 2 an.',
    'Überprüfen Sie die Zeiten der Studierenden.',
  ],
  editTimes: 'Zeitverfügbarkeiten anpassen',
  close: 'Schließen',
  takeBest: 'Besten Teilplan übernehmen',
} as const;

export interface CalcNote {
  memberId?: string;
  name: string;
  reason?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** docs/product/data.md "Solver error details": items are strings or objects with name (and here member_id, reason). */
export function parseNotes(list: unknown, members: readonly PlannerMember[] = []): CalcNote[] {
  if (!Array.isArray(list)) return [];
  const notes: CalcNote[] = [];
  for (const item of list) {
    if (typeof item === 'string' && item.trim()) {
      const match = members.find((m) => m.name === item || m.member_id === item);
      notes.push({ name: match?.name ?? item, ...(match ? { memberId: match.member_id } : {}) });
    } else if (isRecord(item)) {
      const memberId = typeof item.member_id === 'string' ? item.member_id : undefined;
      const name = typeof item.name === 'string' && item.name.trim() ? item.name : (members.find((m) => m.member_id === memberId)?.name ?? 'Unbekannt');
      const reason = typeof item.reason === 'string' && item.reason.trim() ? item.reason : undefined;
      notes.push({ name, ...(memberId ? { memberId } : {}), ...(reason ? { reason } : {}) });
    }
  }
  return notes;
}

/** Placement views of the answer (`{member_id, day, set_time_from_to | start, pinned}`) -> plan. */
function planFromViews(views: unknown[], members: readonly PlannerMember[]): PlanContent {
  const byId = new Map(members.map((m) => [m.member_id, m]));
  const days = Array.from({ length: DAYS }, () => new Map<number, string>());
  const pinned: string[] = [];
  for (const v of views) {
    if (!isRecord(v) || typeof v.member_id !== 'string' || typeof v.day !== 'number' || !Number.isInteger(v.day) || v.day < 0 || v.day >= DAYS) continue;
    let start: number | undefined;
    let end: number | undefined;
    if (Array.isArray(v.set_time_from_to) && typeof v.set_time_from_to[0] === 'number' && typeof v.set_time_from_to[1] === 'number') {
      [start, end] = v.set_time_from_to as [number, number];
    } else {
      start = slotOfKey(v.start);
      const member = byId.get(v.member_id);
      if (start !== undefined) end = start + durationToSlots(member?.duration ?? 30);
    }
    if (start === undefined || end === undefined || !Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > SLOTS_PER_DAY || end <= start)
      continue;
    for (let slot = start; slot < end; slot++) days[v.day]!.set(slot, v.member_id);
    if (v.pinned === true) pinned.push(v.member_id);
  }
  return planFromDaySlots(days, members, pinned);
}

export interface CalcOutcome {
  plan: PlanContent;
  name: string;
  unscheduled: CalcNote[];
  skipped: CalcNote[];
  /** Members the calculation could not place (SPEC is_not_assigned). */
  notAssigned: string[];
  /** The German reason per member in `notAssigned`, where the answer gave one. */
  reasons: Record<string, string>;
  /** The answer's summary (placed, preferred_placed, moved...), null when it had none. */
  summary: CalcSummary | null;
}

/**
 * The success answer `{timetable, placements, unscheduled_students, skipped_students, name}` (or a
 * `best_plan`) -> outcome; null when neither placements nor a timetable are there (SPEC:
 * 'Unerwartetes Ergebnisformat von der Berechnung erhalten.').
 */
export function parseCalcAnswer(
  answer: unknown,
  members: readonly PlannerMember[],
  now: Date,
  extra?: { unscheduled?: unknown; skipped?: unknown },
): CalcOutcome | null {
  if (!isRecord(answer)) return null;
  let plan: PlanContent;
  if (Array.isArray(answer.placements)) plan = planFromViews(answer.placements, members);
  else if (isRecord(answer.timetable)) plan = planFromWorking(answer.timetable, members);
  else return null;
  const unscheduled = parseNotes(extra?.unscheduled ?? answer.unscheduled_students, members);
  const skipped = parseNotes(extra?.skipped ?? answer.skipped_students, members);
  const placed = new Set(plan.placements.map((p) => p.memberId));
  const notAssigned = [...new Set([...unscheduled, ...skipped].map((n) => n.memberId).filter((id): id is string => Boolean(id) && !placed.has(id!)))];
  const reasons: Record<string, string> = {};
  for (const n of [...skipped, ...unscheduled]) if (n.memberId && n.reason && !placed.has(n.memberId)) reasons[n.memberId] ??= n.reason;
  const name = typeof answer.name === 'string' && answer.name.trim() ? answer.name.trim() : calculatedPlanName(now);
  return { plan, name, unscheduled, skipped, notAssigned, reasons, summary: parseSummary(answer) };
}

export interface CalcErrorView {
  title: string;
  messages: string[];
  skipped: CalcNote[];
  unscheduled: CalcNote[];
  /** The best partial plan of an object detail (beyond the SPEC), when it places anyone. */
  bestPlan: CalcOutcome | null;
  /** Object detail: the modal shows the lists and suggestions. */
  detailed: boolean;
}

/** A thrown calculation error, reduced to what the modal needs (status, raw detail, message). */
export function describeCalcError(error: { status?: number; detail?: unknown; message?: string }, members: readonly PlannerMember[], now: Date): CalcErrorView {
  const base = { title: CALC_TEXTS.errorTitle, skipped: [], unscheduled: [], bestPlan: null, detailed: false };
  const detail = error.detail;
  if (error.status === 400 && isRecord(detail)) {
    const lead = detail.error_type === 'INFEASIBLE' ? CALC_TEXTS.infeasible : CALC_TEXTS.otherType;
    const messages: string[] = [lead];
    if (typeof detail.message === 'string' && detail.message.trim() && detail.message.trim() !== lead) messages.push(detail.message.trim());
    const skipped = parseNotes(detail.skipped_students, members);
    const unscheduled = parseNotes(detail.unscheduled_students, members);
    const best = isRecord(detail.best_plan)
      ? parseCalcAnswer(detail.best_plan, members, now, { unscheduled: detail.unscheduled_students, skipped: detail.skipped_students })
      : null;
    return { ...base, messages, skipped, unscheduled, bestPlan: best && best.plan.placements.length > 0 ? best : null, detailed: true };
  }
  if (error.status === 400) {
    const text = typeof detail === 'string' && detail.trim() ? detail.trim() : CALC_TEXTS.errorTitle;
    return { ...base, messages: [text] };
  }
  return { ...base, messages: [error.message?.trim() || CALC_TEXTS.fallback] };
}
