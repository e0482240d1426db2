/** Every user-visible text of the classes service (German, as in SPEC.md where the SPEC names one). */
export const MSG = {
  // generic
  invalidRequest: 'Ungültige Anfrage',
  forbidden: 'Du hast keine Berechtigung für diese Aktion',
  classNotFound: 'Klasse/Kurs nicht gefunden',
  memberNotFound: 'Studierende*r nicht gefunden',
  membersAdded: (n: number) => (n === 1 ? '1 Studierende*r erfolgreich hinzugefügt' : `${n} Studierende erfolgreich hinzugefügt`),
  membershipNotFound: 'Mitgliedschaft nicht gefunden',
  // class (docs/product/classes.md Class, docs/product/errors.md Classes)
  classNameRequired: 'Bitte gib einen Namen für den Kurs/die Klasse ein',
  classNameTooLong: 'Der Name darf höchstens 50 Zeichen lang sein',
  descriptionTooLong: 'Die Beschreibung darf höchstens 500 Zeichen lang sein',
  maxClasses: 'Maximale Anzahl von Kursen erreicht (20)',
  // deadline
  deadlineRequired: 'Bitte gib eine Frist an (oder null, um sie zu entfernen).',
  deadlineFormat: 'Die Frist muss ein gültiges Datum im Format JJJJ-MM-TT sein.',
  allowLateChangesType: 'allow_late_changes muss true oder false sein.',
  autoRemindersType: 'auto_reminders muss true oder false sein.',
  deadlineSaved: 'Frist gespeichert',
  // reminders
  remindSent: (n: number) => (n === 1 ? 'Erinnerung an 1 Studierende*n gesendet' : `Erinnerung an ${n} Studierende gesendet`),
  remindNone: 'Keine Erinnerung nötig: Alle mit E-Mail-Adresse haben Zeiten eingetragen oder wurden heute schon erinnert.',
  remindTimesUnknown: 'Die Zeiten der Studierenden konnten gerade nicht geprüft werden. Bitte versuche es später erneut.',
  // asking one member for a window (POST .../members/{memberId}/request-times)
  requestTimesWindow: 'Bitte gib einen Zeitraum an: Tag 0–6 und Beginn vor Ende im Format HH:MM (Viertelstunden).',
  requestTimesNotVerified: (name: string) =>
    `${name} kann nicht per E-Mail gefragt werden: Nur verifizierte Mitglieder mit E-Mail-Adresse bekommen diese Nachricht.`,
  requestTimesToday: (name: string) => `${name} hat heute schon eine E-Mail wegen der Zeiten bekommen. Du kannst morgen wieder fragen.`,
  requestTimesSent: (name: string, when: string) => `${name} wurde per E-Mail gefragt, ob ${when} passt.`,
  shortcutGenerationFailed: 'Es konnte kein freier Registrierungscode erzeugt werden. Bitte versuche es erneut.',
  // members (docs/product/classes.md Adding a student, docs/product/errors.md Members)
  memberNameRequired: 'Bitte geben Sie einen Namen ein',
  memberNameLengthAdd: 'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein',
  memberNameLengthEdit: 'Name muss zwischen 2 und 50 Zeichen lang sein',
  emailRequired: 'Bitte geben Sie eine E-Mail-Adresse ein',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  emailLength: 'E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein',
  duration: 'Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)',
  frequency: 'Der Rhythmus muss „weekly“ (jede Woche) oder „biweekly“ (alle 14 Tage) sein',
  maxMembers: 'Maximal 99 Studierenden pro Klasse/Kurs',
  noStudents: 'Bitte gib mindestens eine*n Studierende*n an',
  duplicateEmailInList: (email: string) => `Die E-Mail-Adresse ${email} kommt in der Liste mehrfach vor`,
  duplicateEmailInClass: (email: string) => `Die E-Mail-Adresse ${email} ist in dieser Klasse/diesem Kurs bereits vorhanden`,
  studentUnknown: 'Registrierte*r Student*in nicht gefunden',
  studentAlreadyMember: 'Student*in ist bereits Mitglied dieser Klasse/dieses Kurses',
  registeredEmailLocked: 'Die E-Mail-Adresse registrierter Studierender kann nicht geändert werden',
  nothingToUpdate: 'Keine Änderungen angegeben',
  linkNeedsMatch: 'Kein registrierter Student mit der E-Mail-Adresse dieses Mitglieds gefunden',
  alreadyLinked: 'Studierende*r ist bereits mit einem registrierten Account verknüpft',
  invalidTimes: 'Ungültige Zeiten',
  // invitations (docs/product/classes.md Inviting)
  inviteEmailRequired: 'Bitte gib eine E-Mail-Adresse ein',
  inviteAlreadyRegistered: 'Studierende*r ist bereits registriert und kann nicht eingeladen werden',
  inviteSent: (email: string) => `Einladung an ${email} erfolgreich gesendet`,
  inviteOtherAddress: 'Einladungen können nur an die gespeicherte E-Mail-Adresse des Mitglieds gesendet werden',
  inviteTextInvalid: 'Ungültige Angaben für die Einladung',
  inviteLimit: (n: number) => `Diese*r Studierende wurde heute schon ${n}-mal eingeladen. Bitte versuche es später erneut.`,
  // search (docs/product/classes.md Student search)
  searchLength: 'Suchstring muss zwischen 5 und 50 Zeichen lang sein',
  searchEmail: 'Ungültige E-Mail-Adresse',
  tooManyEmails: 'Es können höchstens 99 E-Mail-Adressen auf einmal geprüft werden',
  checkLimited: 'Zu viele Abfragen registrierter Studierender. Bitte warte einen Moment und versuche es erneut.',
  // student course actions (docs/product/classes.md Student registration code)
  codeRequired: 'Bitte gib einen Registrierungscode ein',
  codeFormat: 'Ungültiges Format. Erwartet: wort-wort-wort',
  codeUnknown: 'Ungültiger Registrierungscode',
  alreadyJoined: 'Du bist bereits Mitglied dieses Kurses',
  // registration validation (docs/product/errors.md Registration)
  shortcutInvalid: 'Ungültiger Registrierungsshortcut.',
  memberIdInvalid: 'Ungültige memberId.',
} as const;
