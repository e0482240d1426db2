// Every user-visible text of the class pages, letter for letter as SPEC.md words it where it names one.
import { PROFILE_LOAD_FAILED } from '../../shared/data/profile';

export const CLASS_MESSAGES = {
  // docs/product/classes.md list
  slowLoading: 'Das Laden dauert länger als gewöhnlich... Wir bitten um einen Moment Geduld.',
  loadFailed: 'Fehler beim Laden der Klassen',
  empty: 'Noch keine Klassen oder Kurse angelegt',
  newClass: 'Neue Klasse/Kurs anlegen',
  pending: '(wird gespeichert...)',
  failed: '(Speichern fehlgeschlagen)',
  syncFailed: 'Synchronisierung mit dem Server fehlgeschlagen. Bitte lade die Seite neu.',
  // create / edit / delete
  nameRequired: 'Bitte gib einen Namen für den Kurs/die Klasse ein',
  groupNotImplemented: 'Gruppenunterricht ist noch nicht implementiert',
  maxClasses: 'Maximale Anzahl von Kursen erreicht (20)',
  createFailed: 'Fehler beim Erstellen der Klasse',
  editTitle: 'Klasse/Kurs bearbeiten',
  nameVisibleHint: 'Dieser Name ist auch für deine Studierenden sichtbar.',
  codeReadOnly: 'Der Registrierungscode kann nicht nachträglich geändert werden.',
  saveChanges: 'Änderungen speichern',
  updated: 'Klasse erfolgreich aktualisiert',
  updateFailed: 'Fehler beim Aktualisieren der Klasse',
  deleted: 'Klasse erfolgreich gelöscht',
  deleteFailed: 'Fehler beim Löschen der Klasse',
  deleteConfirm: (name: string) =>
    `Möchtest du die Klasse/den Kurs „${name}“ wirklich löschen? Alle Studierenden und Stundenpläne dieser Klasse werden ebenfalls gelöscht.`,
  deleteTitle: 'Klasse löschen?',
  delete: 'Löschen',
  codeGenerationFailed: 'Es konnte kein Registrierungscode erzeugt werden. Der Server vergibt ihn beim Speichern.',
} as const;

export const MEMBER_MESSAGES = {
  loadFailed: 'Fehler beim Laden der Klassenmitglieder',
  checkFailed: 'Fehler beim Überprüfen der registrierten Studenten',
  noMembers: 'Noch keine Studierenden in dieser Klasse.',
  // add
  addFailed: 'Fehler beim Hinzufügen des Studenten',
  addFailedNetwork: 'Ein Fehler ist aufgetreten, Student konnte nicht hinzugefügt werden',
  maxMembers: 'Maximal 99 Studierenden pro Klasse/Kurs',
  added: 'Student*in erfolgreich hinzugefügt',
  // validation (docs/product/classes.md Adding a student)
  nameRequired: 'Bitte geben Sie einen Namen ein',
  nameLengthAdd: 'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein',
  nameLengthEdit: 'Name muss zwischen 2 und 50 Zeichen lang sein',
  emailRequired: 'Bitte geben Sie eine E-Mail-Adresse ein',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  emailLength: 'E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein',
  duration: 'Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)',
  // search (docs/product/classes.md Student search)
  searchLength: 'Suchstring muss zwischen 5 und 50 Zeichen lang sein',
  searchEmail: 'Ungültige E-Mail-Adresse',
  noStudentsFound: 'Keine Studenten gefunden',
  // updates
  updateFailed: (field: 'email' | 'name' | 'duration' | 'frequency', detail: string) =>
    `Fehler beim Aktualisieren ${{ email: 'der E-Mail-Adresse', name: 'des Namens', duration: 'der Dauer', frequency: 'des Rhythmus' }[field]}: ${detail}`,
  // frequency (docs/product/classes.md 14-day lessons)
  frequencyLabel: (name: string) => `Rhythmus von ${name}`,
  newFrequencyLabel: 'Rhythmus',
  frequency: { weekly: 'wöchentlich', biweekly: '14-täglich' },
  // remove
  removeConfirm: (name: string) => `Möchtest du ${name} wirklich aus der Klasse entfernen?`,
  removeTitle: 'Mitglied entfernen?',
  remove: 'Entfernen',
  removed: 'Studierender erfolgreich aus der Klasse entfernt',
  removeFailed: 'Fehler beim Entfernen des Studierenden',
  // invite (docs/product/classes.md Inviting)
  inviteEmailRequired: 'Bitte gib eine E-Mail-Adresse ein',
  inviteConfirm: (name: string, email: string) => `Möchtest du ${name} eine Einladung an ${email} senden?`,
  inviteTitle: 'Einladung senden?',
  invite: 'Einladen',
  invited: (email: string) => `Einladung an ${email} erfolgreich gesendet`,
  inviteFailed: (detail: string) => `Fehler beim Senden der Einladung: ${detail}`,
  // link
  linksFound: (n: number) =>
    n === 1
      ? 'Es wurde ein registrierter Student gefunden, der verknüpft werden kann.'
      : `Es wurden ${n} registrierte Studenten gefunden, die verknüpft werden können.`,
  linkConfirm: (name: string, email: string) =>
    `Möchtest du ${name} mit dem registrierten Account ${email} verknüpfen? Hat ${name} schon einen deiner Kurse verifiziert, werden die verfügbaren Zeiten des Accounts übernommen; sonst siehst du sie, sobald ${name} diesen Kurs verifiziert.`,
  linkTitle: 'Account verknüpfen?',
  link: 'Verknüpfen',
  linked: 'Student erfolgreich verknüpft',
  linkFailed: (detail: string) => `Fehler beim Verknüpfen: ${detail}`,
  // copy
  copied: (n: number) => `${n} E-Mail-Adresse(n) in die Zwischenablage kopiert`,
  nothingToCopy: 'Keine E-Mail-Adressen zum Kopieren vorhanden',
  copyFailed: 'Fehler beim Kopieren in die Zwischenablage',
} as const;

export const CSV_MESSAGES = {
  notCsv: 'Bitte laden Sie eine CSV-Datei hoch',
  empty: 'CSV-Datei ist leer',
  tooLarge: 'Die Datei ist zu groß (maximal 5 MB)',
  noStudents: 'Keine Studierenden in der CSV-Datei gefunden',
  /** The service's answer when no table with Nachname and Vorname exists (HMTM format). */
  noHeaderDetail: 'Keine Kopfzeile mit den Spalten Nachname und Vorname gefunden',
  noStudentTable: 'Keine Studierenden in der CSV-Datei gefunden. Es fehlt eine Tabelle mit den Spalten Nachname und Vorname.',
  checkFailed: 'Fehler beim Prüfen der Studenten',
  uploadFailed: 'Fehler beim Hochladen der CSV-Datei',
  processFailed: (message: string) => `Fehler beim Verarbeiten der CSV-Datei: ${message}`,
  needName: 'Bitte wählen Sie mindestens eine Namens-Spalte aus',
  extract: 'Daten extrahieren',
  extractBusy: 'Verarbeite...',
  processing: 'Verarbeite Daten...',
  extracted: (n: number) => `${n} Studierende erfolgreich extrahiert`,
  mergeButton: (n: number) => `Ausgewählte zusammenführen (${n})`,
  merged: (n: number, minutes: number) => `${n} Einträge wurden zusammengeführt (${minutes} min)`,
  mergedToast: 'Doppelte Studenten zusammengeführt.',
  ignore: '-- Ignorieren --',
  /** Under the result table (docs/product/documents.md CSV import, step 4). */
  durationNote:
    'Fehlt die Dauer oder ist sie ungültig (nicht in 15 Min. Schritten), wird sie mit 30 min übernommen; mehr als 120 Minuten (z.B. nach dem Zusammenführen) werden mit 120 min übernommen.',
} as const;

export const STUDENT_COURSE_MESSAGES = {
  loadFailed: PROFILE_LOAD_FAILED,
  unknown: 'Unbekannt',
  unverified: '⚠️ Dieser Kurs muss noch verifiziert werden',
  verify: 'Kurs verifizieren',
  verified: (name: string) => `Kurs "${name}" erfolgreich verifiziert!`,
  verifyFailed: 'Fehler bei der Kursverifizierung',
  leave: 'Aus Kurs entfernen',
  leaveConfirm: (name: string) => `Möchtest du dich wirklich aus dem Kurs „${name}“ entfernen?`,
  leaveTitle: 'Kurs verlassen?',
  left: (name: string) => `Erfolgreich aus dem Kurs "${name}" entfernt!`,
  leaveFailed: 'Fehler beim Entfernen aus dem Kurs',
  empty: 'Du bist noch keinem Kurs beigetreten.',
  emptyHint: 'Verwende den Registrierungscode deiner Lehrkraft, um einem Kurs beizutreten.',
  joinSection: 'Neuem Kurs beitreten',
  join: 'Kurs beitreten',
  joined: (name: string) => `Erfolgreich dem Kurs "${name}" beigetreten!`,
  joinFailed: 'Fehler beim Beitreten zum Kurs',
  codeRequired: 'Bitte gib einen Registrierungscode ein',
  codeFormat: 'Ungültiges Format. Erwartet: wort-wort-wort',
} as const;
