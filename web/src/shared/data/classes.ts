// The teacher's classes and a class's members: one parser and one query per resource, shared by every page that
// shows them (docs/product/data.md Class / Class member, docs/product/api.md "Classes and members").
import { queryOptions } from '@tanstack/react-query';
import { classes } from '@stundenplan/contracts/routes';
import type { TimesMap } from '@stundenplan/timegrid';
import { ApiError, call } from '../api/client';
import { queryKeys } from './query-keys';

/** docs/product/data.md Class. */
export interface ClassDto {
  class_id: string;
  name: string;
  description: string | null;
  is_group: boolean;
  member_count?: number;
  register_shortcut: string;
  teacher_id?: string;
  created_at?: string;
  /** Last day for the students' times (YYYY-MM-DD, Europe/Berlin) or null. */
  deadline?: string | null;
  allow_late_changes?: boolean;
  /** Automatic reminders 3 and 1 days before the deadline (default true). */
  auto_reminders?: boolean;
  /** Members who have entered times (own or teacher-entered); null when unknown. */
  answered_count?: number | null;
}

/** A lesson every week, or every other week (in the A or B weeks of the semester). */
export type MemberFrequency = 'weekly' | 'biweekly';

/** docs/product/data.md Class member, as GET classes/{id}/members answers it (times included). */
export interface MemberDto {
  member_id: string;
  class_id?: string;
  user_id: string | null;
  student_id: string | null;
  name: string;
  email: string | null;
  duration: number;
  /** Absent in answers of older servers: weekly. */
  frequency?: MemberFrequency;
  available_times?: TimesMap | null;
  available_times_user_input?: TimesMap | null;
  available_times_user_input_last_modified?: string | null;
  /** Preferred times (Wunschzeiten), teacher-entered and the student's own; inside the matching available times. */
  preferred_times?: TimesMap | null;
  preferred_times_user_input?: TimesMap | null;
  /** docs/product/school.md: equipment this member's lessons need (null: the class's), sites (null: the class's), family label. */
  needs?: string[] | null;
  sites?: string[] | null;
  family?: string | null;
}

/** GET me/classes. Reads keep running across route changes (the planning steps are one page). */
export async function fetchMyClasses(signal?: AbortSignal): Promise<ClassDto[]> {
  const read = async (): Promise<ClassDto[]> => (await call(classes.myClasses, {}, { signal, abortOnRouteChange: false }))?.classes ?? [];
  let list: ClassDto[];
  try {
    list = await read();
  } catch (error) {
    // docs/product/errors.md: aborted class loads are ignored. One superseded by another caller is simply asked again.
    if (error instanceof ApiError && error.kind === 'aborted' && !signal?.aborted) list = await read();
    else throw error;
  }
  return list;
}

export async function fetchMembers(classId: string, signal?: AbortSignal): Promise<MemberDto[]> {
  return (await call(classes.listMembers, { params: { classId } }, { signal }))?.members ?? [];
}

export const myClassesQuery = () => queryOptions({ queryKey: queryKeys.myClasses, queryFn: ({ signal }) => fetchMyClasses(signal) });

export const membersQuery = (classId: string) =>
  queryOptions({ queryKey: queryKeys.members(classId), queryFn: ({ signal }) => fetchMembers(classId, signal), enabled: Boolean(classId) });
