/** Texts of /student (SPEC.md wording). */
export const STUDENT_TIMES_TEXTS = {
  title: 'Deine Zeiten',
  lead: 'Markiere, wann du Zeit für Unterricht hast. Deine Lehrkräfte sehen diese Zeiten bei der Stundenplanung.',
  loadFailed: 'Fehler beim Laden der Zeiten',
  noRange: 'Deine Lehrkräfte haben noch keinen Zeitraum festgelegt. Du kannst deine Zeiten an allen Tagen eintragen.',
  withRange: 'Du kannst Zeiten im Zeitraum eintragen, den deine Lehrkräfte freigegeben haben. Schraffierte Felder liegen außerhalb.',
  saved: 'Verfügbare Zeiten erfolgreich gespeichert',
  updated: 'Verfügbare Zeiten erfolgreich aktualisiert',
  helpDrag: 'Klicke auf ein Feld oder ziehe über mehrere Felder, um Zeiten an- oder abzuwählen.',
  helpTap: 'Tippe auf zwei Felder, um den Bereich dazwischen an- oder abzuwählen. Zweimal auf dasselbe Feld tippen ändert nur dieses Feld.',
  restored: 'Deine noch nicht gespeicherten Zeiten wurden wiederhergestellt. Speichere sie, damit sie erhalten bleiben.',
  locked: 'Nach Ablauf der Frist kannst du deine Zeiten nur noch ansehen.',
} as const;
