import type { SessionUser } from '../session/session-types';

export interface NavItem {
  to: string;
  label: string;
  /** Active only on the exact path (otherwise also on sub paths). */
  end?: boolean;
}

/**
 * docs/product/screens.md: the links per role. `null` while the session is still unknown. `school`: the teacher
 * administers or teaches at a school (docs/product/school.md), which adds 'Schulverwaltung' and 'Raumbelegung'.
 */
export function navItemsFor(user: SessionUser | null, loading: boolean, school = false): NavItem[] {
  if (loading) return [];
  if (!user) {
    return [
      { to: '/', label: 'Startseite', end: true },
      { to: '/contact', label: 'Kontakt' },
      { to: '/register', label: 'Registrieren' },
      { to: '/login', label: 'Login' },
    ];
  }
  if (user.role === 'teacher') {
    return [
      { to: '/scheduling', label: 'Stundenplanung' },
      { to: '/me/classes', label: 'Deine Kurse' },
      ...(school
        ? [
            { to: '/school', label: 'Schulverwaltung', end: true },
            { to: '/school/bookings', label: 'Raumbelegung' },
          ]
        : []),
    ];
  }
  if (user.role === 'student') {
    return [
      { to: '/student', label: 'Deine Zeiten', end: true },
      { to: '/student/classes', label: 'Deine Kurse' },
    ];
  }
  return [];
}
