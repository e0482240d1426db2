import { isUuid, parseInput } from '@stundenplan/base';
import { publicHolidays, type GermanState, type PublicHoliday } from '@stundenplan/timegrid';
import type { SemesterRow } from '../data/semester-repository.js';
import { assertOwnsClass, lockOwnedClass } from './classes.js';
import type { Deps } from './context.js';
import { SEMESTER_MSG, semesterSchema } from './semester-input.js';

export type { SemesterRow };

/** Wire shape of GET /api/classes/{classId}/semester; without a semester every field is null or empty. */
export interface SemesterDto {
  first_day: string | null;
  last_day: string | null;
  state: string | null;
  breaks: { from: string; to: string; label: string }[];
  holidays: PublicHoliday[];
}

/** The semester with the statutory public holidays of its state between its first and last day. */
function withHolidays(s: SemesterRow): SemesterRow & { holidays: PublicHoliday[] } {
  return { ...s, holidays: publicHolidays(s.state as GermanState, s.firstDay, s.lastDay) };
}

function toSemesterDto(s: SemesterRow | null): SemesterDto {
  if (!s) return { first_day: null, last_day: null, state: null, breaks: [], holidays: [] };
  return { first_day: s.firstDay, last_day: s.lastDay, state: s.state, breaks: s.breaks, holidays: withHolidays(s).holidays };
}

export async function getSemester(deps: Deps, teacherId: string, classId: string): Promise<SemesterDto> {
  await assertOwnsClass(deps.data.classes, classId, teacherId);
  return toSemesterDto(await deps.data.semesters.find(classId));
}

/** Sets (or replaces) the semester; a refusal changes nothing. */
export async function setSemester(deps: Deps, teacherId: string, classId: string, body: unknown): Promise<SemesterDto & { message: string }> {
  await assertOwnsClass(deps.data.classes, classId, teacherId);
  const input = parseInput(semesterSchema, body);
  const saved = await deps.data.transaction(async (tx) => {
    // The class row locked: a class deleted meanwhile is a 404, not a foreign-key error.
    await lockOwnedClass(tx.classes, classId, teacherId);
    return tx.semesters.save({ classId, firstDay: input.first_day, lastDay: input.last_day, state: input.state, breaks: input.breaks });
  });
  deps.log.info({ classId, firstDay: saved.firstDay, lastDay: saved.lastDay, state: saved.state, breaks: saved.breaks.length }, 'class semester set');
  return { ...toSemesterDto(saved), message: SEMESTER_MSG.saved };
}

export async function deleteSemester(deps: Deps, teacherId: string, classId: string): Promise<{ message: string }> {
  await assertOwnsClass(deps.data.classes, classId, teacherId);
  await deps.data.semesters.remove(classId);
  deps.log.info({ classId }, 'class semester removed');
  return { message: SEMESTER_MSG.removed };
}

/** gRPC ListSemesters: the semesters (with holidays) of those classes that have one; malformed ids are skipped. */
export async function listSemesters(deps: Deps, classIds: string[]): Promise<(SemesterRow & { holidays: PublicHoliday[] })[]> {
  const ids = [...new Set(classIds.filter(isUuid).map((id) => id.toLowerCase()))];
  return (await deps.data.semesters.findMany(ids)).map(withHolidays);
}
