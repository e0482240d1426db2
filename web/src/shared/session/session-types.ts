export type Role = 'teacher' | 'student';

/** docs/product/data.md User, as answered by GET /api/me. */
export interface SessionUser {
  role: Role | (string & {});
  username: string;
  email: string;
  profilePicture?: string | null;
  role_id?: number;
  user_id?: string;
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export const ROLE_IDS = { student: 1, teacher: 2 } as const;

export const ROLE_LABELS: Record<Role, string> = {
  teacher: 'Dozent*in / Lehrkraft',
  student: 'Student*in',
};

/** Short form for the role tag next to the username. */
export const ROLE_TAGS: Record<Role, string> = {
  teacher: 'Dozent*in',
  student: 'Student*in',
};
