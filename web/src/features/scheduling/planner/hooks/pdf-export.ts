import { documents } from '@stundenplan/contracts/routes';
import { DEFAULT_VISIBLE_RANGE, SLOTS_PER_DAY } from '@stundenplan/timegrid';
import { call } from '../../../../shared/api/client';
import { hasSemester, type SemesterAnswer } from '../../../../shared/data/semester';
import { pdfRoomsOfPlan, planHasRooms } from '../model/rooms';
import { spansToSaved, toWorkingForm } from '../model/schedule-forms';
import type { PlanContent, PlannerMember, VisibleRange } from '../model/types';

export interface PdfInput {
  plan: PlanContent;
  members: readonly PlannerMember[];
  shortNames: ReadonlyMap<string, string>;
  range: VisibleRange | null;
  className: string;
  /** The plan's name: the PDF's title. */
  scheduleName?: string | null;
  /** The class's semester (GET classes/{id}/semester): the PDF names it and its days without lessons. */
  semester?: SemesterAnswer | null;
}

/** Lessons of class members (error entries of unknown members are left out). */
function spans(input: PdfInput) {
  const ids = new Set(input.members.map((m) => m.member_id));
  return [...input.plan.placements, ...input.plan.errors.filter((e) => !e.unknownMember)].filter((s) => ids.has(s.memberId));
}

export function exportablePlan(input: PdfInput): boolean {
  return spans(input).length > 0;
}

/**
 * POST export-pdf-alternative: the working form (the saved form when the plan has 14-day lessons), the visible range widened so no lesson is cut,
 * the students list, the class name, the plan's name (the PDF's title) and the semester as the teacher set it (the
 * document service finds the state's holidays itself).
 */
export function pdfBody(input: PdfInput) {
  const lessons = spans(input);
  let start = input.range?.start ?? DEFAULT_VISIBLE_RANGE.start;
  let end = input.range?.end ?? DEFAULT_VISIBLE_RANGE.end;
  for (const s of lessons) {
    start = Math.min(start, s.start);
    end = Math.max(end, s.end);
  }
  return {
    // With 14-day lessons the saved form, which keeps the A and the B lesson of one quarter hour apart.
    schedule: lessons.some((s) => 'week' in s && s.week) ? spansToSaved(lessons, new Set(lessons.map((s) => s.memberId))).times : toWorkingForm(lessons),
    timeRange: { start, end: Math.min(SLOTS_PER_DAY, end) },
    studentsList: input.members.map((m) => ({
      member_id: m.member_id,
      name: input.shortNames.get(m.member_id) ?? m.name,
      fullName: m.name,
      duration: m.duration,
    })),
    className: input.className,
    // A class of a school: 'Raum 1.01, Hauptstelle' on the tiles (docs/product/school-rooms-for-students.md).
    ...(planHasRooms(input.plan) ? { rooms: pdfRoomsOfPlan(input.plan, new Set(input.members.map((m) => m.member_id))) } : {}),
    ...(input.scheduleName?.trim() ? { scheduleName: input.scheduleName.trim() } : {}),
    ...(hasSemester(input.semester)
      ? {
          semester: {
            first_day: input.semester.first_day,
            last_day: input.semester.last_day,
            state: input.semester.state,
            breaks: input.semester.breaks.map(({ from, to, label }) => ({ from, to, label })),
          },
        }
      : {}),
  };
}

export async function requestPdf(input: PdfInput): Promise<Blob> {
  const blob = await call(documents.exportPdf, { body: pdfBody(input) }, { timeoutMs: 60_000 });
  if (!blob) throw new Error('PDF-Generierung fehlgeschlagen');
  return blob;
}
