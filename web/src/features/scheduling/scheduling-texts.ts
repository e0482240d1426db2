import type { RangeMode } from './range-cookie';
import type { TimeRangeState } from './scheduling-api';

export const SCHEDULING_TEXTS = {
  title: 'Stundenplanung',
  atLeastOneTime: 'Bitte trage mindestens eine Verfügbarkeitszeit ein, um fortzufahren.',
  timesSaved: 'Verfügbare Zeiten erfolgreich gespeichert',
  timesUpdated: 'Verfügbare Zeiten erfolgreich aktualisiert',
  rangeSaved: 'Zeitraum für Klasse gespeichert',
  customEmpty: 'Bitte wähle mindestens eine Zeit für den Zeitraum aus.',
  classesLoadFailed: 'Fehler beim Laden der Klassen',
  dataLoadFailed: 'Fehler beim Laden der Daten',
  changeChoice: 'Auswahl ändern',
  // docs/product/times.md: leaving the custom picker with changes
  discardRangeTitle: 'Änderungen verwerfen?',
  discardRangeConfirm: 'Deine Änderungen am Zeitraum gehen verloren. Trotzdem zurück?',
  discardRange: 'Verwerfen',
  plannerSaveHint: 'Speichere den Stundenplan bitte über die Speichern-Schaltfläche der Planung.',
} as const;

export const MODE_TEXTS: Readonly<Record<RangeMode, { title: string; description: string }>> = Object.freeze({
  exact: {
    title: 'Genau deine Zeiten',
    description: 'Studierende können ihre Zeiten nur innerhalb deiner eingetragenen Zeiten wählen.',
  },
  extended: {
    title: 'Erweitert',
    description: 'Deine Zeiten plus zusätzliche Minuten davor und danach.',
  },
  custom: {
    title: 'Benutzerdefiniert',
    description: 'Du wählst den Zeitraum selbst im Raster aus.',
  },
});

/** 'Genau deine Zeiten', 'Erweitert um 30 Minuten', 'Benutzerdefiniert' or 'Noch nicht festgelegt'. */
export function modeSummary(range: Pick<TimeRangeState, 'mode' | 'extraMinutes'> | null | undefined): string {
  if (!range?.mode) return 'Noch nicht festgelegt';
  if (range.mode === 'extended') return `Erweitert um ${range.extraMinutes ?? 15} Minuten`;
  return MODE_TEXTS[range.mode].title;
}
