import { AppError } from '@stundenplan/base';
import { SLOTS_PER_DAY, tryLabelToSlot } from '@stundenplan/timegrid';
import { CALC_TEXTS } from './calculation-texts.js';
import type { TimeSource } from './solver-port.js';

export interface CalcInput {
  classId: unknown;
  wiggleRoom: number;
  timePreferences: Record<string, TimeSource>;
  /** Pinned lessons: day 0..6 and the first quarter hour as a slot index (the body's label read once). */
  pinned: { member_id: string; day: number; slot: number }[];
  previousScheduleId: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Body of POST /api/cp-sat-berechnung-from-db; every refusal in the SPEC's German. */
export function parseCalculationBody(body: unknown): CalcInput {
  const b = isPlainObject(body) ? body : {};
  const selected = b.selectedClass;
  if (selected === undefined || selected === null || selected === '') throw AppError.badRequest(CALC_TEXTS.noClass);
  let wiggle: unknown = b.wiggleRoom;
  if (typeof wiggle === 'string' && /^\d{1,2}$/.test(wiggle.trim())) wiggle = Number(wiggle.trim());
  if (typeof wiggle !== 'number' || !Number.isInteger(wiggle) || wiggle < 0 || wiggle > 99) throw AppError.badRequest(CALC_TEXTS.wiggleRoom);
  const prefs: Record<string, TimeSource> = {};
  if (b.timePreferences !== undefined && b.timePreferences !== null) {
    if (!isPlainObject(b.timePreferences)) throw AppError.badRequest(CALC_TEXTS.timePreferences);
    for (const [id, v] of Object.entries(b.timePreferences)) {
      if (v !== 'available_times' && v !== 'available_times_user_input') throw AppError.badRequest(CALC_TEXTS.timePreferenceValue(id));
      prefs[id] = v;
    }
  }
  const pinned: CalcInput['pinned'] = [];
  if (b.pinned !== undefined && b.pinned !== null) {
    if (!Array.isArray(b.pinned) || b.pinned.length > 1000) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
    for (const p of b.pinned) {
      if (!isPlainObject(p) || typeof p.member_id !== 'string' || !p.member_id) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
      const day = typeof p.day === 'string' && /^[0-6]$/.test(p.day) ? Number(p.day) : p.day;
      const slot = typeof p.start === 'number' ? p.start : tryLabelToSlot(p.start);
      if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
      if (slot === undefined || !Number.isInteger(slot) || slot < 0 || slot >= SLOTS_PER_DAY) throw AppError.badRequest(CALC_TEXTS.pinnedInvalid);
      pinned.push({ member_id: p.member_id, day, slot });
    }
  }
  return { classId: selected, wiggleRoom: wiggle, timePreferences: prefs, pinned, previousScheduleId: b.previous_schedule_id };
}
