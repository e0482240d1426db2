// The profile: one parser and one query, shared by the profile page, the student's courses and the deadline
// notices (docs/product/data.md Profile, Profile membership).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
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

/** An answer without a profile object is a failed load; memberships that are not a list count as none. */
export function parseProfile(answer: unknown): Profile {
  if (!answer || typeof answer !== 'object') throw new Error(PROFILE_LOAD_FAILED);
  const profile = answer as Profile;
  return { ...profile, classes: Array.isArray(profile.classes) ? profile.classes : null };
}

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return parseProfile(await api.get<unknown>('profile', { signal }));
}

export const profileQuery = () => queryOptions({ queryKey: queryKeys.profile, queryFn: ({ signal }) => fetchProfile(signal), retry: false });
