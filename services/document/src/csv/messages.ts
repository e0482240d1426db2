/** Most students one file may yield. */
export const MAX_STUDENTS = 1000;

/** User-visible texts of the CSV extraction (German; docs/product/classes.md CSV upload, docs/product/errors.md CSV). */
export const CSV_MSG = {
  notCsv: 'Bitte laden Sie eine CSV-Datei hoch',
  empty: 'CSV-Datei ist leer',
  noStudents: 'Keine Studierenden in der CSV-Datei gefunden',
  binary: 'Die Datei ist keine gültige CSV-Datei',
  unreadable: 'Die CSV-Datei konnte nicht gelesen werden',
  noHeader: 'Keine Kopfzeile mit den Spalten Nachname und Vorname gefunden',
  tooMany: (max: number) => `Die CSV-Datei enthält zu viele Einträge (höchstens ${max} Studierende)`,
  mappingInvalid: 'Ungültige Spaltenzuordnung',
  mappingNeedsName: 'Bitte wählen Sie mindestens eine Namens-Spalte aus',
  mappingDuplicate: 'Jede Spalte kann nur einer Rolle zugeordnet werden',
  columnMissing: (c: string | number) =>
    typeof c === 'number' ? `Die Spalte ${c + 1} existiert nicht in der CSV-Datei` : `Die Spalte „${c}“ wurde in der CSV-Datei nicht gefunden`,
} as const;
