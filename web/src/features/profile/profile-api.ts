import { api } from '../../shared/api/client';

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

export const profileApi = {
  get: (signal?: AbortSignal) => api.get<Profile>('profile', { signal }),
  deleteAccount: () => api.delete('me'),
};
