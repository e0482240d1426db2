import { missingOperatorFields } from '../../shared/site-config';
import { Alert } from '../../shared/ui/Alert';

export const LEGAL_TEXTS = {
  placeholderTitle: 'Die Angaben zum Betreiber fehlen noch',
  placeholderText:
    'Diese Seite zeigt Platzhalter in eckigen Klammern. Der Betreiber muss Name, Anschrift und E-Mail-Adresse in der Laufzeitkonfiguration (config.js) eintragen, bevor die Seite öffentlich genutzt wird.',
} as const;

/** Shown on /impressum and /datenschutz while the runtime configuration lacks the operator's data. */
export function LegalPlaceholderWarning() {
  if (missingOperatorFields().length === 0) return null;
  return (
    <Alert kind="warning" title={LEGAL_TEXTS.placeholderTitle}>
      {LEGAL_TEXTS.placeholderText}
    </Alert>
  );
}
