import { TAGS_MAX } from '@stundenplan/contracts';
import { TIMES_ERRORS } from '@stundenplan/timegrid';

/** Every user-visible text of the school service (docs/product/school.md). */
export const MSG = {
  invalidRequest: 'Ungültige Anfrage',
  schoolNotFound: 'Schule nicht gefunden.',
  adminOnly: 'Nur die Schulverwaltung darf das ändern.',
  // administrators
  adminEmail: 'Bitte gib die E-Mail-Adresse eines Lehrkraftkontos ein.',
  adminNoTeacher: (email: string) => `Zu „${email}“ gibt es kein Lehrkraftkonto.`,
  adminAdded: 'Zur Schulverwaltung hinzugefügt',
  adminAlready: 'Gehört bereits zur Schulverwaltung',
  // the operator's command (gRPC details)
  institutionUnknown: (id: string) => `Keine Einrichtung mit der Id „${id}“ gefunden.`,
  accountUnknown: (email: string) => `Kein Konto mit der E-Mail-Adresse „${email}“ gefunden.`,
  accountIsStudent: (email: string) => `Das Konto „${email}“ ist ein Studierendenkonto; die Schulverwaltung braucht ein Lehrkraftkonto.`,
  // sites
  siteNotFound: 'Standort nicht gefunden.',
  siteName: 'Bitte gib einen Namen für den Standort ein (höchstens 100 Zeichen).',
  siteAddress: 'Die Adresse darf höchstens 300 Zeichen lang sein.',
  siteNameTaken: (name: string) => `Einen Standort „${name}“ gibt es schon.`,
  siteHasRooms: (name: string, rooms: number) =>
    `Der Standort „${name}“ hat noch ${rooms === 1 ? 'einen Raum' : `${rooms} Räume`}. Lösche zuerst die Räume oder ordne sie einem anderen Standort zu.`,
  tooManySites: 'Eine Schule kann höchstens 50 Standorte haben.',
  siteDeleted: 'Standort gelöscht',
  // travel
  travel: 'Die Fahrzeiten müssen als Liste von Einträgen { from, to, minutes } angegeben werden.',
  travelSite: (id: unknown) => `Unbekannter Standort in den Fahrzeiten: „${String(id)}“.`,
  travelSameSite: 'Eine Fahrzeit verbindet zwei verschiedene Standorte.',
  travelMinutes: 'Eine Fahrzeit muss eine ganze Zahl von 0 bis 240 Minuten sein.',
  travelTwice: 'Die Fahrzeit zwischen zwei Standorten darf nur einmal angegeben werden.',
  // rooms
  roomNotFound: 'Raum nicht gefunden.',
  roomName: 'Bitte gib einen Namen für den Raum ein (höchstens 100 Zeichen).',
  roomSite: 'Bitte wähle einen Standort der Schule für den Raum.',
  equipment: 'Die Ausstattung muss als Liste von Merkmalen angegeben werden (höchstens 20).',
  equipmentTag: (tag: unknown) => `Ungültiges Ausstattungsmerkmal: „${String(tag).slice(0, 40)}“ (1 bis 40 Zeichen).`,
  capacity: 'Die Kapazität muss eine ganze Zahl von 1 bis 1000 sein.',
  times: TIMES_ERRORS.notAnObject,
  roomNameTaken: (name: string) => `Einen Raum „${name}“ gibt es an diesem Standort schon.`,
  tooManyRooms: 'Eine Schule kann höchstens 500 Räume haben.',
  roomDeleted: 'Raum gelöscht',
  roomBooked: (name: string, lessons: number) =>
    `Der Raum „${name}“ ist noch für ${lessons === 1 ? 'eine Unterrichtsstunde' : `${lessons} Unterrichtsstunden`} versendeter Pläne gebucht. Er kann gelöscht werden, wenn die Lehrkräfte ihre Pläne ohne ihn neu versendet haben oder die Pläne abgelaufen sind.`,
  // room bookings
  bookingsSite: (id: unknown) => `Unbekannter Standort: „${String(id).slice(0, 60)}“.`,
  bookingsDay: 'Der Tag muss eine ganze Zahl von 0 (Montag) bis 6 (Sonntag) sein.',
  unknownTeacher: 'Unbekannte Lehrkraft',
} as const;

/** Limits (docs/product/school.md "Limits"). */
export const LIMITS = {
  sites: 50,
  rooms: 500,
  nameLength: 100,
  addressLength: 300,
  tags: TAGS_MAX,
  capacity: 1000,
  travelMinutes: 240,
  /** Minutes between two sites whose pair has no entry. */
  defaultTravelMinutes: 30,
} as const;
