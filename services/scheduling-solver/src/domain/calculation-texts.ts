import type { AnswerOf, scheduling } from '@stundenplan/contracts';
import { DAY_NAMES } from '@stundenplan/timegrid';
import type { z } from 'zod';

/** Every German text of a calculation (SPEC), in one place. */
export const CALC_TEXTS = Object.freeze({
  noClass: 'Bitte wählen Sie zuerst eine Klasse aus.',
  wiggleRoom: 'Ungültiger Spielraum-Wert. Bitte geben Sie eine ganze Zahl zwischen 0 und 99 ein.',
  infeasible: 'Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.',
  noTeacherTimes: 'Es sind keine Unterrichtszeiten der Lehrkraft eingetragen. Bitte trage zuerst deine Zeiten ein (Schritt 2).',
  timePreferences: 'Die Zeitpräferenzen müssen als Objekt von member_id zu „available_times“ oder „available_times_user_input“ angegeben werden.',
  timePreferenceValue: (id: string) =>
    `Ungültige Zeitpräferenz für ${id}: erlaubt sind „available_times“ (Zeiten der Lehrkraft) oder „available_times_user_input“ (Zeiten der Studierenden).`,
  unknownMembers: (ids: string[]) =>
    `Diese Studierenden gehören nicht zu der gewählten Klasse: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ' …' : ''}. Bitte lade die Seite neu.`,
  pinnedInvalid: 'Ungültige Angabe der fixierten Stunden: erwartet wird eine Liste von {member_id, day (0 bis 6), start (z.B. „9.00“)}.',
  pinnedTwice: (name: string) => `${name} ist mehrfach fixiert.`,
  pinnedPastMidnight: (name: string) => `Die fixierte Stunde von ${name} reicht über das Tagesende hinaus.`,
  pinnedNoRoom: (name: string) => `Für die fixierte Stunde von ${name} ist kein passender Raum frei. Bitte löse die Fixierung oder wähle eine andere Zeit.`,
  pinnedOverlap: (a: string, b: string, day: number) => `Die fixierten Stunden von ${a} und ${b} überschneiden sich am ${DAY_NAMES[day]}.`,
  priorityInvalid:
    'Ungültige Gewichtung: erlaubt sind „preferred_first“ (Wunschzeiten zuerst), „compact_first“ (Kompakte Tage zuerst) oder „weighted“ (Lücke pro erfüllter Wunschzeit).',
  gapMinutesInvalid: 'Die Minuten Lücke pro erfüllter Wunschzeit müssen eine ganze Zahl von 0 bis 600 sein.',
  failed: 'Die Berechnung ist fehlgeschlagen. Bitte versuche es erneut.',
  tooSlow: 'Die Berechnung hat zu lange gedauert. Bitte versuche es erneut.',
  reasonNoTimes: 'Keine verfügbaren Zeiten eingetragen',
  reasonNoCommonWindow: (minutes: number) => `Keine gemeinsame Zeit mit der Lehrkraft, in die ${minutes} Minuten Unterricht passen`,
  reasonTaken: 'Alle passenden Zeitfenster sind bereits belegt',
  /** The engine's reason of a student whose common windows all lack a free suitable room (src/solver/engine/reasons.ts). */
  reasonNoRoom: 'Kein passender Raum frei.',
  schoolNotFound: 'Die Schule der Klasse wurde nicht gefunden. Bitte prüfe die Schule der Klasse (Klasse bearbeiten).',
  schoolUnavailable: 'Die Räume der Schule können gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  planName: (date: Date) =>
    `Berechneter Plan ${new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date)}`,
});

/** The wire shapes come from the contract (packages/contracts): a changed field there fails this build. */
export type StudentNote = z.output<typeof scheduling.studentNote>;
export type CalculationAnswer = AnswerOf<typeof scheduling.calculate>;
