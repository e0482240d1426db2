// 'Meine Daten herunterladen': a copy of everything the product stores about the signed-in person (GET /api/me/export).
import { useMutation } from '@tanstack/react-query';
import { privacy } from '@stundenplan/contracts/routes';
import { call, errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { saveFile } from '../../shared/save-file';

export const DATA_EXPORT_TEXTS = {
  title: 'Deine Daten',
  intro:
    'Lade eine Kopie aller Daten herunter, die der Stundenplan-Assistent über dich speichert: dein Konto, deine Kurse, Zeiten und Termine und die E-Mails an dich (als JSON-Datei).',
  button: 'Meine Daten herunterladen',
  done: 'Deine Daten wurden heruntergeladen.',
  failed: 'Deine Daten konnten nicht heruntergeladen werden. Bitte versuche es später erneut.',
} as const;

/** The copy can take a moment: every service adds its part. */
const EXPORT_TIMEOUT_MS = 60_000;

/** `meine-daten-YYYY-MM-DD.json`, today in the browser's time zone (the server names the same file). */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `meine-daten-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export function DataExportCard() {
  const download = useMutation({
    mutationFn: async () => {
      // The answer is the copy as JSON (packages/contracts privacy.ts); it is saved as the server writes it.
      const copy = await call(privacy.exportMyData, {}, { timeoutMs: EXPORT_TIMEOUT_MS, abortPrevious: false });
      if (!copy) return false;
      saveFile(new Blob([`${JSON.stringify(copy, null, 2)}\n`], { type: 'application/json' }), exportFileName());
      return true;
    },
  });
  const start = () =>
    download.mutate(undefined, {
      onSuccess: (saved) => {
        if (saved) toast.success(DATA_EXPORT_TEXTS.done);
      },
      onError: (e) => toast.error(errorMessage(e, DATA_EXPORT_TEXTS.failed)),
    });
  return (
    <Card title={DATA_EXPORT_TEXTS.title}>
      <p>{DATA_EXPORT_TEXTS.intro}</p>
      <Button variant="secondary" onClick={start} loading={download.isPending}>
        {DATA_EXPORT_TEXTS.button}
      </Button>
    </Card>
  );
}
