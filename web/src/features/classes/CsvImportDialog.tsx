// docs/product/classes.md CSV import dialog, docs/product/classes.md CSV import, docs/product/classes.md CSV upload, docs/product/errors.md CSV.
// The wizard's state lives in useCsvImport; each step is its own component.
import { useId } from 'react';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Spinner } from '../../shared/ui/Spinner';
import { CsvChooseStep } from './csv-import/CsvChooseStep';
import { CsvResultStep } from './csv-import/CsvResultStep';
import { useCsvImport } from './csv-import/use-csv-import';
import { CSV_MESSAGES } from './messages';

export { extractionErrorMessage, type CsvFormat } from './csv-import/use-csv-import';

export interface CsvImportDialogProps {
  classId: string;
  /** E-mails already in the class (lower-case): such rows are not imported again. */
  existingEmails: ReadonlySet<string>;
  onClose: () => void;
  onImported: () => void;
}

export function CsvImportDialog({ classId, existingEmails, onClose, onImported }: CsvImportDialogProps) {
  const ids = useId();
  const wizard = useCsvImport({ classId, existingEmails, onImported });
  const { step, importing, chosen } = wizard;

  const footer =
    step.name === 'result' ? (
      <>
        <Button variant="ghost" onClick={wizard.backToChoose} disabled={importing}>
          Zurück
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={importing}>
          Abbrechen
        </Button>
        <Button onClick={wizard.importSelected} loading={importing} disabled={chosen.length === 0}>
          {`Ausgewählte importieren (${chosen.length})`}
        </Button>
      </>
    ) : (
      <>
        <Button variant="secondary" onClick={onClose}>
          Abbrechen
        </Button>
        <Button onClick={() => void wizard.extract()} disabled={step.name === 'processing'} aria-busy={step.name === 'processing' || undefined}>
          {step.name === 'processing' ? CSV_MESSAGES.extractBusy : CSV_MESSAGES.extract}
        </Button>
      </>
    );

  return (
    <Dialog open onClose={onClose} title="CSV Import" size="lg" footer={footer} closeOnBackdrop={false} className="csv-dialog">
      {step.name === 'processing' && (
        <div className="csv__processing">
          <Spinner size="lg" label={CSV_MESSAGES.processing} showLabel />
        </div>
      )}
      {step.name === 'choose' && <CsvChooseStep wizard={wizard} ids={ids} />}
      {step.name === 'result' && <CsvResultStep wizard={wizard} ids={ids} existingEmails={existingEmails} />}
    </Dialog>
  );
}
