const WEEKLY = ' – jede Woche bis zum Ende des Semesters';

/** Texts of the student's lessons (SPEC.md wording). */
export const STUDENT_LESSON_TEXTS = {
  datesTitle: 'Nächste Termine',
  noDates: 'Sobald deine Lehrkraft einen Stundenplan verschickt hat, siehst du hier deine Termine.',
  loadFailed: 'Deine Termine konnten nicht geladen werden.',
  cancel: 'Absagen',
  swap: 'Tauschen',
  cancelTitle: 'Termin absagen',
  cancelReason: 'Grund (optional, sieht deine Lehrkraft)',
  cancelConfirm: 'Termin absagen',
  makeupsTitle: 'Nachholtermine',
  makeupOpen: (date: string, until: string) => `Ausgefallen am ${date} – nachholen bis ${until}`,
  makeupBooked: (date: string, start: string, end: string) => `Nachholtermin gebucht: ${date}, ${start}–${end} Uhr`,
  noSuggestions: 'Gerade passt kein freier Termin. Frag deine Lehrkraft.',
  book: 'Buchen',
  swapTitle: 'Termin tauschen',
  swapIntro: (date: string) => `Mit wem möchtest du deinen Termin am ${date} tauschen? Es stehen nur Leute zur Wahl, deren Zeiten zu deinem Termin passen.`,
  swapWeekly: 'Jede Woche bis zum Ende des Semesters tauschen (nicht nur diesen Termin)',
  noOptions: 'Gerade kann niemand aus deinem Kurs mit dir tauschen.',
  sendRequest: 'Anfrage senden',
  requestsTitle: 'Tauschanfragen',
  incoming: (name: string, when: string, cls: string) => `${name} möchte ${when} mit dir tauschen (${cls}).`,
  outgoing: (name: string, when: string, cls: string) => `Du hast ${name} gefragt: ${when} (${cls}).`,
  /** Both lessons known: "Jonas W. möchte den Termin Mi 16.12., 15:00 mit deinem Do 17.12., 16:30 tauschen". */
  incomingBoth: (name: string, theirs: string, mine: string, weekly: boolean, cls: string) =>
    `${name} möchte den Termin ${theirs} mit deinem ${mine} tauschen${weekly ? WEEKLY : ''} (${cls}).`,
  outgoingBoth: (name: string, theirs: string, mine: string, weekly: boolean, cls: string) =>
    `Du möchtest deinen Termin ${mine} mit dem von ${name} am ${theirs} tauschen${weekly ? WEEKLY : ''} (${cls}).`,
  waitsOnYou: 'Wartet auf deine Antwort',
  waitsOn: (name: string) => `Wartet auf die Antwort von ${name}`,
  /** The offer in the swap dialog: the classmate's lesson and what the student gives for it. */
  option: (name: string, theirs: string) => `${name}: ${theirs}`,
  offer: (name: string, theirs: string, mine: string, weekly: boolean) =>
    `Du gibst deinen Termin ${mine} und bekommst den von ${name} am ${theirs}${weekly ? WEEKLY : ''}.`,
  moreTimes: 'Weitere Zeiten',
  bookTitle: 'Nachholtermin buchen',
  bookQuestion: (when: string) => `Möchtest du den Nachholtermin am ${when} buchen?`,
  bookConfirm: 'Verbindlich buchen',
  accept: 'Annehmen',
  decline: 'Ablehnen',
} as const;
