/**
 * Header names are compared without regard to case, spaces, hyphens and punctuation:
 * "E-Mail-Adresse", "e mail adresse" and "EMailAdresse" are the same; "Dauer (Min.)" is "dauermin".
 */
export function normalizeHeader(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

export type Role = 'nachname' | 'vorname' | 'name' | 'email' | 'dauer';

/** Known header names per role (normalized). */
export const HEADER_SYNONYMS: Record<Role, readonly string[]> = {
  nachname: ['nachname', 'familienname', 'zuname', 'lastname', 'surname'],
  vorname: ['vorname', 'vornamen', 'rufname', 'firstname', 'givenname'],
  name: ['name', 'vollername', 'studentin', 'student', 'studierende', 'studierender', 'teilnehmer', 'teilnehmerin', 'fullname'],
  email: ['email', 'emailadresse', 'mail', 'mailadresse', 'emailaddress', 'emailadr', 'emails'],
  dauer: [
    'dauer',
    'unterrichtsdauer',
    'dauermin',
    'dauerinmin',
    'dauerinminuten',
    'dauerminuten',
    'minuten',
    'unterrichtsdauermin',
    'unterrichtsdauerinminuten',
    'min',
  ],
};

export function roleOfHeader(cell: string): Role | undefined {
  const n = normalizeHeader(cell);
  if (!n) return undefined;
  return (Object.keys(HEADER_SYNONYMS) as Role[]).find((r) => HEADER_SYNONYMS[r].includes(n));
}

/** First column whose header is one of the role's names. */
export function findColumn(header: string[], role: Role): number {
  return header.findIndex((c) => HEADER_SYNONYMS[role].includes(normalizeHeader(c)));
}
