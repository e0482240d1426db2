/** The calculation answer and its errors (docs/product/planning.md "Calculation", docs/product/errors.md "Calculation"). */
import { scheduling } from '@stundenplan/contracts';
import { DAYS, SLOTS_PER_DAY } from '@stundenplan/timegrid';
import type { z } from 'zod';
import type { FixInfo } from './fixes';
import { calculatedPlanName } from './names';
import type { CalcSummary } from './plan-summary';
import { planFromLayers, type WeekLayer } from './schedule-forms';
import { withRooms } from './rooms';
import type { PlanContent, PlannerMember, PlannerRoom } from './types';

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

type StudentNote = z.output<typeof scheduling.studentNote>;
type PlacementView = z.output<typeof scheduling.placement>;
type BestPlan = z.output<typeof scheduling.bestPlan>;

/** docs/product/data.md "Solver error details": `{ member_id, name, reason }`; the member's name in the planner where known. */
export function parseNotes(list: readonly StudentNote[], members: readonly PlannerMember[] = []): CalcNote[] {
  return list.map((n) => ({
    name: n.name.trim() || (members.find((m) => m.member_id === n.member_id)?.name ?? 'Unbekannt'),
    memberId: n.member_id,
    ...(n.reason.trim() ? { reason: n.reason } : {}),
  }));
}

/** The answer's placements (start slot and exclusive end slot, the week of a biweekly lesson) -> plan. */
function planFromViews(views: readonly PlacementView[], members: readonly PlannerMember[]): PlanContent {
  // Weekly lessons, A-week and B-week lessons apart: two biweekly students may share a quarter hour.
  const layers: WeekLayer[] = [null, 'A', 'B'].map((week) => ({
    week: week as WeekLayer['week'],
    days: Array.from({ length: DAYS }, () => new Map<number, string>()),
  }));
  const pinned: string[] = [];
  for (const v of views) {
    const [start, end] = v.set_time_from_to;
    if (start < 0 || end > SLOTS_PER_DAY || end <= start) continue;
    const days = layers[v.week === 'A' ? 1 : v.week === 'B' ? 2 : 0]!.days;
    for (let slot = start; slot < end; slot++) days[v.day]!.set(slot, v.member_id);
    if (v.pinned) pinned.push(v.member_id);
  }
  // docs/product/school-rooms-in-plans.md: each placement of a class with a school carries its room.
  const rooms: Record<string, PlannerRoom> = {};
  for (const v of views) if (v.room) rooms[v.member_id] ??= v.room;
  return withRooms(planFromLayers(layers, members, pinned), rooms);
}

function summaryOf(s: BestPlan['summary']): CalcSummary | null {
  if (!s) return null;
  return { placed: s.placed, preferredPlaced: s.preferred_placed, moved: s.moved, preferredIds: s.preferred_member_ids, movedIds: s.moved_member_ids };
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
  /** What would place each member in `notAssigned`, where the answer listed `fixes` (docs/product/planning.md "Fixes"). */
  fixes: Record<string, FixInfo>;
}

function outcomeOf(plan: BestPlan, notes: { unscheduled: StudentNote[]; skipped: StudentNote[] }, members: readonly PlannerMember[], now: Date): CalcOutcome {
  const content = planFromViews(plan.placements, members);
  const unscheduled = parseNotes(notes.unscheduled, members);
  const skipped = parseNotes(notes.skipped, members);
  const placed = new Set(content.placements.map((p) => p.memberId));
  const notAssigned = [...new Set([...unscheduled, ...skipped].map((n) => n.memberId).filter((id): id is string => Boolean(id) && !placed.has(id!)))];
  const reasons: Record<string, string> = {};
  for (const n of [...skipped, ...unscheduled]) if (n.memberId && n.reason && !placed.has(n.memberId)) reasons[n.memberId] ??= n.reason;
  const fixes: Record<string, FixInfo> = {};
  for (const n of [...notes.unscheduled, ...notes.skipped]) {
    if (n.member_id && n.fixes && !placed.has(n.member_id)) fixes[n.member_id] ??= { fixes: n.fixes, complete: n.fixes_complete !== false };
  }
  const name = plan.name?.trim() || calculatedPlanName(now);
  return { plan: content, name, unscheduled, skipped, notAssigned, reasons, summary: summaryOf(plan.summary), fixes };
}

/**
 * The success answer, checked with its contract (packages/contracts) -> outcome; null when it is not the
 * contract's shape (SPEC: 'Unerwartetes Ergebnisformat von der Berechnung erhalten.').
 */
export function parseCalcAnswer(answer: unknown, members: readonly PlannerMember[], now: Date): CalcOutcome | null {
  const parsed = scheduling.calculationAnswer.safeParse(answer);
  if (!parsed.success) return null;
  const a = parsed.data;
  return outcomeOf(a, { unscheduled: a.unscheduled_students, skipped: a.skipped_students }, members, now);
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
  const refusal = error.status === 400 ? scheduling.calculationRefusal.safeParse(detail) : undefined;
  if (refusal?.success) {
    const r = refusal.data;
    const lead = r.error_type === 'INFEASIBLE' ? CALC_TEXTS.infeasible : CALC_TEXTS.otherType;
    const messages: string[] = [lead];
    if (r.message.trim() && r.message.trim() !== lead) messages.push(r.message.trim());
    const best = outcomeOf(r.best_plan, { unscheduled: r.unscheduled_students, skipped: r.skipped_students }, members, now);
    return { ...base, messages, skipped: best.skipped, unscheduled: best.unscheduled, bestPlan: best.plan.placements.length > 0 ? best : null, detailed: true };
  }
  if (error.status === 400) {
    const text = typeof detail === 'string' && detail.trim() ? detail.trim() : CALC_TEXTS.errorTitle;
    return { ...base, messages: [text] };
  }
  return { ...base, messages: [error.message?.trim() || CALC_TEXTS.fallback] };
}
