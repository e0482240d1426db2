/**
 * GET /api/classes/{classId}/room-options (docs/product/school-rooms-in-plans.md "Changing a lesson's room"):
 * the rooms the teacher may give one lesson, by the calculation's own rules (rooms.ts): at one of the member's
 * sites, with every needed tag, open for the whole lesson and not booked by another class's sent plan then.
 */
import { AppError } from '@stundenplan/base';
import { durationToSlots, SLOTS_PER_DAY, tryLabelToSlot } from '@stundenplan/timegrid';
import type { ClassesClient } from '../clients/classes-client.js';
import type { SchoolClient } from '../clients/school-client.js';
import { listOwnedMembers } from './access.js';
import { loadRoomPlanning, memberWish } from './calculation-rooms.js';
import { lessonMinutes } from './calculation-problem.js';
import { RoomBoard, type LessonRoom, type LessonWeeks } from './rooms.js';

export const ROOM_OPTION_TEXTS = Object.freeze({
  member: 'Bitte gib mit member_id an, für wessen Stunde ein Raum gesucht wird.',
  notMember: 'Diese Person gehört nicht zu der Klasse. Bitte lade die Seite neu.',
  day: 'Der Tag muss eine ganze Zahl von 0 (Montag) bis 6 (Sonntag) sein.',
  start: 'Ungültiger Beginn: erwartet wird eine Uhrzeit im Viertelstundenraster wie „9.00“ oder „14.15“.',
  week: 'Die Woche muss „A“ oder „B“ sein.',
  pastMidnight: 'Die Stunde reicht über das Tagesende hinaus.',
  noSchool: 'Die Klasse hat keine Schule: Räume gibt es nur für eine Klasse mit Schule (Klasse bearbeiten).',
});

export interface RoomOptionsDeps {
  classes: ClassesClient;
  school: SchoolClient;
}

const one = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);

/** The query's lesson: day 0..6, start slot, week (undefined when absent); German 400 otherwise. */
function parseLesson(query: Record<string, unknown>): { memberId: string; day: number; slot: number; week: 'A' | 'B' | undefined } {
  const memberId = one(query.member_id);
  if (!memberId) throw AppError.badRequest(ROOM_OPTION_TEXTS.member);
  const dayText = one(query.day) ?? '';
  if (!/^[0-6]$/.test(dayText)) throw AppError.badRequest(ROOM_OPTION_TEXTS.day);
  const slot = tryLabelToSlot(one(query.start) ?? '');
  if (slot === undefined || slot >= SLOTS_PER_DAY) throw AppError.badRequest(ROOM_OPTION_TEXTS.start);
  const weekText = one(query.week);
  if (weekText !== undefined && weekText !== '' && weekText !== 'A' && weekText !== 'B') throw AppError.badRequest(ROOM_OPTION_TEXTS.week);
  return { memberId, day: Number(dayText), slot, week: weekText === 'A' || weekText === 'B' ? weekText : undefined };
}

/** The free suitable rooms of one lesson of a member of the teacher's class (404 for anybody else's class). */
export async function roomOptions(
  deps: RoomOptionsDeps,
  teacherId: string,
  classId: unknown,
  query: Record<string, unknown>,
): Promise<{ rooms: LessonRoom[] }> {
  const owned = await listOwnedMembers(deps.classes, classId, teacherId);
  const lesson = parseLesson(query);
  const member = owned.members.find((m) => m.memberId === lesson.memberId);
  if (!member) throw AppError.badRequest(ROOM_OPTION_TEXTS.notMember);
  const len = durationToSlots(lessonMinutes(member.duration));
  if (lesson.slot + len > SLOTS_PER_DAY) throw AppError.badRequest(ROOM_OPTION_TEXTS.pastMidnight);
  const school = (await deps.classes.getClass(owned.classId, teacherId)).school;
  if (!school) throw AppError.badRequest(ROOM_OPTION_TEXTS.noSchool);
  const board = new RoomBoard(await loadRoomPlanning(deps.school, school.schoolId, teacherId, owned.classId));
  // A weekly lesson takes its room every week; a biweekly one only in its week (default A, as a pin).
  const weeks: LessonWeeks = member.frequency === 'biweekly' ? (lesson.week ?? 'A') : 'both';
  const rooms = board.suitableRooms(memberWish(member, school)).filter((r) => board.roomFree(r, weeks, lesson.day, lesson.slot, len));
  return { rooms: rooms.map((r) => board.view(r)) };
}
