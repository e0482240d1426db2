// The German texts of the calendar import (docs/product/times.md "Aus Kalender übernehmen", docs/product/errors.md).
export const CALENDAR_MSG = {
  noInput: 'Bitte wähle eine Kalenderdatei (.ics) oder gib einen Link zu deinem Kalender an.',
  badUrl: 'Bitte gib einen gültigen Link zu deinem Kalender an (https:// oder webcal://).',
  notCalendar: 'Das ist kein Kalender im iCalendar-Format (.ics).',
  tooLarge: 'Der Kalender ist zu groß (maximal 2 MB).',
  fileTooLarge: 'Die Datei ist zu groß (maximal 2 MB)',
  unreachable: 'Der Kalender ist unter diesem Link nicht erreichbar.',
  notAllowed: 'Diese Adresse ist nicht erlaubt. Nutze einen öffentlichen https-Link zu deinem Kalender.',
  tooComplex: 'Die Kalenderdatei ist zu umfangreich.',
  busy: 'Gerade werden sehr viele Kalender eingelesen. Bitte versuche es in einer Minute erneut.',
} as const;
