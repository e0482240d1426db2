import { formatHoursLong, WeekSlots } from '@stundenplan/timegrid';
import { useMemo, useState } from 'react';
import { COARSE_POINTER_QUERY, useIsMobile, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { Alert } from '../../../shared/ui/Alert';
import { StudentDeadlineNotices } from '../../../shared/deadlines/StudentDeadlineNotices';
import { busyNamesIn, CalendarImportPanel, freeTimes, rowsWindow, type BusyWeek } from '../calendar';
import { countOutsideView, type SlotRange } from '../grid/grid-model';
import { GridLegend } from '../grid/GridLegend';
import { VisibleRangePicker } from '../grid/VisibleRangePicker';
import { defaultVisibleRange } from '../grid/visible-range';
import { PaintModeSwitch } from '../preferred/PaintModeSwitch';
import { withAvailable, type PaintMode } from '../preferred/preferred-times';
import { TimesPaintGrid } from '../preferred/TimesPaintGrid';
import { studentRows, studentWindow, type TeachersTimeRanges } from '../student-window';
import { GridWithToolbar, TimesToolbar } from '../TimesToolbar';
import { STUDENT_TIMES_TEXTS } from './student-times-texts';
import type { OwnTimesDraft } from './use-own-times-draft';

interface StudentTimesEditorProps {
  times: OwnTimesDraft;
  ranges: TeachersTimeRanges | undefined;
  locked: boolean;
}

/** The loaded times: notices, paint mode, calendar import, the grid with its toolbar, and the legend. */
export function StudentTimesEditor({ times, ranges, locked }: StudentTimesEditorProps) {
  const { saved, current, dirty, setDraft } = times;
  const [mode, setMode] = useState<PaintMode>('available');
  const [view, setView] = useState<SlotRange>(defaultVisibleRange);
  const win = useMemo(() => studentWindow(ranges), [ranges]);
  const rows = useMemo(() => studentRows(win, saved?.available ?? WeekSlots.empty(), view), [win, saved, view]);
  const hiddenOutside = useMemo(() => (win.hasRange && saved ? countOutsideView(saved.available, win.range, win.hiddenDays) : 0), [win, saved]);
  const isMobile = useIsMobile();
  const coarse = useMediaQuery(COARSE_POINTER_QUERY);

  // Busy slots of the student's own calendar (names stay in the browser); free ones fill the window on request.
  const [busy, setBusy] = useState<BusyWeek | null>(null);
  const editableWindow = useMemo(() => (win.hasRange ? win.enabled : rowsWindow(rows, win.hiddenDays)), [win, rows]);
  const busyNames = useMemo(() => busyNamesIn(busy, editableWindow), [busy, editableWindow]);
  const applyFree = () => {
    if (busy) setDraft(withAvailable(current, freeTimes(editableWindow, busy)));
  };

  return (
    <>
      <StudentDeadlineNotices />
      {times.restored && dirty && <Alert kind="info">{STUDENT_TIMES_TEXTS.restored}</Alert>}
      {win.hasRange ? <p className="student-times__help">{STUDENT_TIMES_TEXTS.withRange}</p> : <Alert kind="info">{STUDENT_TIMES_TEXTS.noRange}</Alert>}
      {hiddenOutside > 0 && (
        <Alert kind="warning">
          Gespeicherte Zeiten im Umfang von {formatHoursLong(hiddenOutside * 15)} liegen außerhalb des freigegebenen Zeitraums. Sie werden nicht angezeigt und
          bleiben erhalten.
        </Alert>
      )}
      {!win.hasRange && <VisibleRangePicker className="student-times__view" value={view} onChange={setView} />}
      {locked ? (
        <p className="student-times__help">{STUDENT_TIMES_TEXTS.locked}</p>
      ) : (
        <>
          <PaintModeSwitch value={mode} onChange={setMode} />
          <p className="student-times__help">{isMobile || coarse ? STUDENT_TIMES_TEXTS.helpTap : STUDENT_TIMES_TEXTS.helpDrag}</p>
        </>
      )}
      {!locked && <CalendarImportPanel busy={busy} onBusy={setBusy} onApplyFree={applyFree} />}
      <GridWithToolbar
        toolbar={
          <TimesToolbar
            times={current.available}
            preferred={current.preferred}
            sumLabel="Deine Zeiten"
            dirty={dirty}
            saving={times.saving}
            onSave={() => void times.save()}
            onDiscard={times.discard}
          />
        }
      >
        <TimesPaintGrid
          label={mode === 'preferred' && !locked ? 'Deine bevorzugten Zeiten' : 'Deine verfügbaren Zeiten'}
          times={current}
          mode={locked ? 'available' : mode}
          onChange={locked ? undefined : (next) => setDraft(next)}
          range={rows}
          enabled={win.hasRange ? win.enabled : undefined}
          hiddenDays={win.hiddenDays}
          busy={busyNames}
        />
      </GridWithToolbar>
      <GridLegend
        items={[
          { kind: 'on', label: 'Verfügbar' },
          { kind: 'marked', label: 'Bevorzugt (Wunschzeit)' },
          { kind: 'off', label: 'Nicht verfügbar' },
          ...(win.hasRange ? [{ kind: 'disabled' as const, label: 'Außerhalb des freigegebenen Zeitraums' }] : []),
          ...(busy ? [{ kind: 'busy' as const, label: 'Belegt laut deinem Kalender' }] : []),
        ]}
      />
    </>
  );
}
