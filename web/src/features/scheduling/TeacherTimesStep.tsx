import { formatHoursLong, type WeekSlots } from '@stundenplan/timegrid';
import { useMemo, useState } from 'react';
import {
  type BusyWeek,
  CalendarImportPanel,
  countOutsideView,
  freeTimes,
  GridLegend,
  GridWithToolbar,
  rowsWindow,
  type SlotRange,
  TimesToolbar,
  WeekGrid,
} from '../availability';
import { COARSE_POINTER_QUERY, useIsMobile, useMediaQuery } from '../../shared/hooks/use-media-query';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';

export interface TeacherTimesStepProps {
  /** The class whose semester the calendar import counts. */
  classId?: string | undefined;
  className: string;
  /** The edited times (the saved ones while nothing was changed). */
  times: WeekSlots;
  dirty: boolean;
  saving: boolean;
  /** 'Bitte trage mindestens eine Verfügbarkeitszeit ein, um fortzufahren.' or a save failure. */
  error: string | null;
  visibleRange: SlotRange;
  onChange: (next: WeekSlots) => void;
  onSave: () => void;
  onDiscard: () => void;
  onNext: () => void;
}

/** Step 2: the teacher's preferred times for the class on the weekly grid (docs/product/planning.md, docs/product/times.md). */
export function TeacherTimesStep({
  classId,
  className,
  times,
  dirty,
  saving,
  error,
  visibleRange,
  onChange,
  onSave,
  onDiscard,
  onNext,
}: TeacherTimesStepProps) {
  const isMobile = useIsMobile();
  const coarse = useMediaQuery(COARSE_POINTER_QUERY);
  const outside = useMemo(() => countOutsideView(times, visibleRange), [times, visibleRange]);
  // Busy slots of the teacher's own calendar over the shown rows; the names stay in the browser.
  const [busy, setBusy] = useState<BusyWeek | null>(null);
  const shown = useMemo(() => rowsWindow(visibleRange), [visibleRange]);

  return (
    <section className="step-panel" aria-labelledby="teacher-times-title">
      <header className="step-panel__header">
        <h2 id="teacher-times-title" className="step-title">
          Deine bevorzugten Zeiten für {className}
        </h2>
        <p className="step-panel__help">
          Markiere, wann du unterrichten möchtest.{' '}
          {isMobile || coarse
            ? 'Tippe auf zwei Felder, um den Bereich dazwischen an- oder abzuwählen.'
            : 'Klicke auf ein Feld oder ziehe über mehrere Felder, um Zeiten an- oder abzuwählen.'}
        </p>
      </header>
      {error && <Alert kind="error">{error}</Alert>}
      {outside > 0 && (
        <Alert kind="info">
          Ein Teil deiner Zeiten ({formatHoursLong(outside * 15)}) liegt außerhalb der Zeit-Anzeige. Passe „Zeit-Anzeige eingrenzen“ in der Seitenleiste an, um
          ihn zu sehen.
        </Alert>
      )}
      <CalendarImportPanel classId={classId} busy={busy} onBusy={setBusy} onApplyFree={() => busy && onChange(freeTimes(shown, busy))} />
      <GridWithToolbar
        toolbar={
          <TimesToolbar times={times} sumLabel="Deine Zeiten" dirty={dirty} saving={saving} onSave={onSave} onDiscard={onDiscard}>
            <Button variant={dirty ? 'secondary' : 'primary'} size="sm" onClick={onNext} disabled={saving}>
              Weiter zu Schritt 3
            </Button>
          </TimesToolbar>
        }
      >
        <WeekGrid label={`Bevorzugte Zeiten für ${className}`} value={times} onChange={onChange} range={visibleRange} busy={busy?.names} />
      </GridWithToolbar>
      <GridLegend
        items={[
          { kind: 'on', label: 'Bevorzugte Zeit' },
          { kind: 'off', label: 'Keine Zeit' },
          ...(busy ? [{ kind: 'busy' as const, label: 'Belegt laut deinem Kalender' }] : []),
        ]}
      />
    </section>
  );
}
