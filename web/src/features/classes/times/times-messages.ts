import { TIMES_TEXT_ERRORS } from '@stundenplan/timegrid';

/** Texts of the times dialog (SPEC.md wording). */
export const TIMES_MESSAGES = {
  title: (name: string) => `Verfügbare Zeiten bearbeiten für ${name}`,
  noMember: 'Kein Student ausgewählt.',
  saved: 'Verfügbare Zeiten erfolgreich gespeichert',
  saveFailed: 'Fehler beim Speichern der Zeiten',
  saveFailedToast: (message: string) => `Speichern fehlgeschlagen: ${message}`,
  unknownError: 'Ein unbekannter Fehler ist aufgetreten.',
  parseError: TIMES_TEXT_ERRORS.parse,
  saveBlocked: TIMES_TEXT_ERRORS.saveBlocked,
  noPreview: 'Keine Vorschau, solange die Eingabe einen Fehler enthält.',
  preferredOutside: 'Bevorzugte Zeiten müssen innerhalb der verfügbaren Zeiten liegen.',
  frequency: 'Rhythmus',
  frequencyHint: '14-täglich: eine Stunde jede zweite Woche, in der A- oder der B-Woche des Semesters.',
  nothingParsed:
    'Diese Eingabe ergibt keine Zeiten. Jede Angabe braucht einen Wochentag, und Zeiten werden auf volle Viertelstunden gerundet (z.B. „23:50-24“ ergibt nichts).',
} as const;
