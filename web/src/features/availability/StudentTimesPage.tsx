// /student: the student's own available times (docs/product/times.md), limited to the padded window of their
// teachers' ranges; hidden days and disabled slots outside; unsaved-changes guard when leaving.
import { useQuery } from '@tanstack/react-query';
import { formatHoursLong, WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { queryKeys } from '../../shared/data/query-keys';
import { useSession } from '../../shared/session/session-context';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { StudentDeadlineNotices, useOwnTimesLocked } from '../classes';
import { countOutsideView, type SlotRange } from './grid/grid-model';
import { GridLegend } from './grid/GridLegend';
import { COARSE_POINTER_QUERY, useIsMobile, useMediaQuery } from '../../shared/hooks/use-media-query';
import { VisibleRangePicker } from './grid/VisibleRangePicker';
import { defaultVisibleRange } from './grid/visible-range';
import { PaintModeSwitch } from './preferred/PaintModeSwitch';
import { EMPTY_TIMES, sameTimes, withAvailable, type PaintMode, type WeekTimes } from './preferred/preferred-times';
import { TimesPaintGrid } from './preferred/TimesPaintGrid';
import { fetchOwnTimes, fetchTeachersTimeRanges, type OwnTimes } from './student-times-api';
import { studentRows, studentWindow } from './student-window';
import { GridWithToolbar, TimesToolbar } from './TimesToolbar';
import { useSaveOwnTimes } from './use-save-own-times';
import { useUnsavedChangesGuard } from '../../shared/unsaved/use-unsaved-changes-guard';
import { clearDraft, draftKey, readDraft, writeDraft } from './unsaved-draft';
import { busyNamesIn, CalendarImportPanel, freeTimes, rowsWindow, type BusyWeek } from './calendar';
import { SLOW_LOAD_TEXT, useSlowLoading } from '../../shared/hooks/use-slow-loading';
import './availability.css';

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

/** Logs 'Failed to save times' (docs/product/errors.md) and tells the user what went wrong. */
function reportSaveFailure(error: unknown): void {
  console.error('Failed to save times', error);
  toast.error(`Speichern fehlgeschlagen: ${errorMessage(error, 'Ein unbekannter Fehler ist aufgetreten.')}`);
}

export function StudentTimesPage() {
  const own = useQuery({ queryKey: queryKeys.ownTimes, queryFn: ({ signal }) => fetchOwnTimes(signal), staleTime: 0 });
  const ranges = useQuery({ queryKey: queryKeys.teachersTimeRanges, queryFn: ({ signal }) => fetchTeachersTimeRanges(signal), staleTime: 0 });
  const loading = own.isPending || ranges.isPending;
  const slow = useSlowLoading(loading);

  const [edited, setDraft] = useState<WeekTimes | null>(null);
  // After a deadline without late changes the server refuses changed times: the grid is only shown.
  const locked = useOwnTimesLocked();
  const draft = locked ? null : edited;
  const [mode, setMode] = useState<PaintMode>('available');
  const [view, setView] = useState<SlotRange>(defaultVisibleRange);
  const saveMutation = useSaveOwnTimes();
  const saving = saveMutation.isPending;
  const { mutateAsync: saveTimes } = saveMutation;
  const [restored, setRestored] = useState(false);
  const storageKey = draftKey(useSession().user?.email);

  const saved = own.data?.times ?? null;
  const current = draft ?? saved ?? EMPTY_TIMES;
  const dirty = !!draft && !!saved && !sameTimes(draft, saved);

  // Unsaved times survive an expired session: restored once after loading, kept while they differ.
  const restoreDone = useRef(false);
  useEffect(() => {
    if (restoreDone.current || !saved) return;
    restoreDone.current = true;
    const kept = readDraft(storageKey);
    if (kept && !sameTimes(kept, saved)) {
      setDraft(kept);
      setRestored(true);
    } else clearDraft(storageKey);
  }, [saved, storageKey]);
  useEffect(() => {
    // No saved times (the expired-session flow dropped the cache): the kept draft stays for the next visit.
    if (!restoreDone.current || !saved) return;
    if (dirty && draft) writeDraft(storageKey, draft);
    else clearDraft(storageKey);
  }, [dirty, draft, saved, storageKey]);

  const save = useCallback(async (): Promise<boolean> => {
    if (!draft || !own.data) return true;
    const before: OwnTimes = own.data;
    try {
      const result = await saveTimes(draft);
      // null: the session ran out and the expired-session flow took over; the draft stays kept.
      if (!result) return false;
      setDraft(null);
      setRestored(false);
      toast.success(before.lastModified ? STUDENT_TIMES_TEXTS.updated : STUDENT_TIMES_TEXTS.saved);
      return true;
    } catch (error) {
      reportSaveFailure(error);
      return false;
    }
  }, [draft, own.data, saveTimes]);

  const discard = useCallback(() => {
    setDraft(null);
    setRestored(false);
  }, []);
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save, onDiscard: discard });

  const win = useMemo(() => studentWindow(ranges.data), [ranges.data]);
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

  let body;
  if (own.isError || ranges.isError) {
    body = (
      <Alert
        kind="error"
        title={STUDENT_TIMES_TEXTS.loadFailed}
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              if (own.isError) void own.refetch();
              if (ranges.isError) void ranges.refetch();
            }}
          >
            Erneut versuchen
          </Button>
        }
      />
    );
  } else if (loading) {
    body = (
      <>
        <PageSpinner label="Zeiten werden geladen…" />
        {slow && (
          <p className="slow-hint" role="status">
            {SLOW_LOAD_TEXT}
          </p>
        )}
      </>
    );
  } else {
    body = (
      <>
        <StudentDeadlineNotices />
        {restored && dirty && <Alert kind="info">{STUDENT_TIMES_TEXTS.restored}</Alert>}
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
              saving={saving}
              onSave={() => void save()}
              onDiscard={discard}
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

  return (
    <Page title={STUDENT_TIMES_TEXTS.title} lead={STUDENT_TIMES_TEXTS.lead} className="student-times">
      {body}
      {guard.dialog}
    </Page>
  );
}
