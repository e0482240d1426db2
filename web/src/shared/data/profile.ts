// The profile: one parser and one query, shared by the profile page, the student's courses and the deadline
// notices (docs/product/data.md Profile, Profile membership).
import { queryOptions } from '@tanstack/react-query';
import { auth } from '@stundenplan/contracts/routes';
import { call, type RequestOptions } from '../api/client';
import { queryKeys } from './query-keys';

/** docs/product/data.md Profile membership (GET profile). */
export interface ProfileMembership {
  duration: number | null;
  member_id: string;
  student_id: string | null;
  class_id: string;
  classes: { name: string | null; class_id: string } | null;
  teacher_name: string | null;
  institution: string | null;
  /** Last day for the times (YYYY-MM-DD, Europe/Berlin) or null. */
  deadline?: string | null;
  allow_late_changes?: boolean;
}

/** GET /api/profile (docs/product/data.md Profile). */
export interface Profile {
  name: string;
  email: string;
  role: string;
  duration: number | null;
  classes: ProfileMembership[] | null;
}

export const PROFILE_LOAD_FAILED = 'Fehler beim Laden der Profildaten';

/** GET profile as its contract gives it; no answer (the session-expired flow took over) is a failed load. */
export async function fetchProfile(signal?: AbortSignal, request: Pick<RequestOptions, 'authRedirect' | 'abortOnRouteChange'> = {}): Promise<Profile> {
  const profile = await call(auth.getProfile, {}, { ...request, signal });
  if (!profile) throw new Error(PROFILE_LOAD_FAILED);
  return profile;
}

/** `request`: how a prefetch asks (web/src/app/route-data.ts); the pages leave it out. */
export const profileQuery = (request: Pick<RequestOptions, 'authRedirect' | 'abortOnRouteChange'> = {}) =>
  queryOptions({ queryKey: queryKeys.profile, queryFn: ({ signal }) => fetchProfile(signal, request), retry: false });
