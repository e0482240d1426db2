// docs/product/screens.md: prefixes a logged-out visitor may not open; plus the role homes of docs/product/accounts.md.
export const PROTECTED_PREFIXES = [
  '/app',
  '/student',
  '/teacher',
  '/admin',
  '/profile',
  '/scheduling',
  '/me/available-times',
  '/me/times',
  '/save-class',
  '/load-class',
  '/calculate',
  '/calculate-from-db',
  '/upload-students',
  '/upload-teachers',
  '/download-csv',
  '/upload-csv',
  '/api/progress',
  '/api/json-to-csv',
  '/protected-endpoint',
  '/api/extract-hmtm-csv',
] as const;

/** Pages that only one role may see; everyone else is sent to their own home. */
export const ROLE_ONLY_PREFIXES = {
  teacher: ['/scheduling', '/me/classes', '/school'],
  student: ['/student'],
} as const;

/** Auth pages on which the periodic session check does not run (docs/product/README.md). */
export const SESSION_CHECK_EXCLUDED_PATHS = ['/forgot-password', '/reset-password', '/update-password'] as const;

/**
 * True when `path` is `prefix` itself or lies below it. Matching stops at a path-segment
 * boundary, so '/student/classes' is under '/student' but '/students' and '/apple' are not.
 */
export function isUnderPrefix(path: string, prefix: string): boolean {
  const pathname = normalise(path);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isProtectedPath(path: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => isUnderPrefix(path, prefix));
}

/** Any page a logged-out visitor cannot stay on (guarded prefixes and role-only pages). */
export function requiresLogin(path: string): boolean {
  return isProtectedPath(path) || Object.values(ROLE_ONLY_PREFIXES).some((prefixes) => prefixes.some((p) => isUnderPrefix(path, p)));
}

export function isSessionCheckExcluded(path: string): boolean {
  return SESSION_CHECK_EXCLUDED_PATHS.some((p) => isUnderPrefix(path, p));
}

export function homePathForRole(role: string | null | undefined): string {
  if (role === 'teacher') return '/scheduling';
  if (role === 'student') return '/student';
  return '/';
}

function normalise(path: string): string {
  const pathname = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/{2,}/g, '/');
  // A trailing slash ('/profile/') is the same page.
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
