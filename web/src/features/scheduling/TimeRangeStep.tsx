import { DEFAULT_EXTRA_MINUTES, EXTRA_TIME_OPTIONS, formatSummedTime, type WeekSlots } from '@stundenplan/timegrid';
import { useMemo, useState } from 'react';
import { GridLegend, GridWithToolbar, type SlotRange, TimesToolbar, WeekGrid, weekMinutes } from '../availability';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { cx } from '../../shared/ui/cx';
import { Select } from '../../shared/ui/Select';
import { useConfirm } from '../../shared/ui/use-confirm';
import type { RangeChoice, RangeMode } from './range-cookie';
import type { TimeRangeState } from './scheduling-api';
import { MODE_TEXTS, modeSummary, SCHEDULING_TEXTS } from './scheduling-texts';

const MODES: readonly RangeMode[] = ['exact', 'extended', 'custom'];

/**
 * Up to 1024 px the steps share the width with the sidebar: seven full day names ('Donnerstag') no longer
 * fit a column, so the grid names the days short ('Mo', full name on hover and for screen readers).
 */
const NARROW_GRID_QUERY = '(max-width: 1024px)';

/** The range a choice gives: exact = the teacher's times, extended = padded by the extra minutes. */
export function previewRange(mode: RangeMode, extraMinutes: number, teacherTimes: WeekSlots, saved: TimeRangeState, customDraft: WeekSlots | null): WeekSlots {
  if (mode === 'exact') return teacherTimes;
  if (mode === 'extended') return teacherTimes.pad(Math.round(extraMinutes / 15));
  return customDraft ?? saved.timeRange ?? teacherTimes;
}

export interface CustomRangeState {
  open: boolean;
  /** The edited range (null: unchanged from `base`). */
  draft: WeekSlots | null;
  /** Where editing starts: the saved range, else the teacher's times. */
  base: WeekSlots;
  error: string | null;
}

export interface TimeRangeStepProps {
  className: string;
  /** The saved teacher times. */
  teacherTimes: WeekSlots;
  /** The class's range as saved (mode null: none yet). */
  range: TimeRangeState;
  /** The cookie's choice, used to pre-select when nothing is saved. */
  remembered: RangeChoice | null;
  /** docs/product/planning.md: submitting needs teacher times and a class. */
  canSubmit: boolean;
  visibleRange: SlotRange;
  saving: boolean;
  custom: CustomRangeState;
  onOpenCustom: () => void;
  onCloseCustom: () => void;
  onCustomChange: (next: WeekSlots | null) => void;
  /** Saves a choice; resolves true when stored. */
  onSubmit: (choice: RangeChoice) => Promise<boolean>;
  onNext: () => void;
}

/** Step 3: the students' time range: exact, extended (+15/30/45/60 min) or custom (docs/product/planning.md, docs/product/planning.md). */
export function TimeRangeStep(props: TimeRangeStepProps) {
  const { className, teacherTimes, range, remembered, canSubmit, visibleRange, saving, custom, onOpenCustom, onSubmit, onNext } = props;
  const narrow = useMediaQuery(NARROW_GRID_QUERY);
  const [unlocked, setUnlocked] = useState(false);
  const [selected, setSelected] = useState<RangeMode>(range.mode ?? remembered?.mode ?? 'exact');
  const [extra, setExtra] = useState<number>(range.extraMinutes ?? remembered?.extraMinutes ?? DEFAULT_EXTRA_MINUTES);

  const locked = !!range.mode && !unlocked;
  const shownMode = locked ? range.mode! : selected;
  const shownExtra = locked ? (range.extraMinutes ?? DEFAULT_EXTRA_MINUTES) : extra;

  const preview = useMemo(
    () => (locked && range.timeRange ? range.timeRange : previewRange(shownMode, shownExtra, teacherTimes, range, null)),
    [locked, range, shownMode, shownExtra, teacherTimes],
  );

  if (custom.open) return <CustomRangeScreen {...props} onSaved={() => setUnlocked(false)} />;

  const submit = async () => {
    if (selected === 'custom') {
      onOpenCustom();
      return;
    }
    const ok = await onSubmit({ mode: selected, extraMinutes: selected === 'extended' ? extra : null });
    if (ok) setUnlocked(false);
  };

  const unlock = () => {
    setSelected(range.mode ?? 'exact');
    setExtra(range.extraMinutes ?? DEFAULT_EXTRA_MINUTES);
    setUnlocked(true);
  };

  return (
    <section className="step-panel" aria-labelledby="range-step-title">
      <header className="step-panel__header">
        <h2 id="range-step-title" className="step-title">
          Zeitraum für Studierende festlegen
        </h2>
        <p className="step-panel__help">Lege fest, in welchem Zeitraum die Studierenden von {className} ihre verfügbaren Zeiten eintragen können.</p>
      </header>

      {locked && (
        <div className="range-saved" role="status">
          <span className="range-saved__check" aria-hidden="true">
            ✓
          </span>
          <span>
            Gespeichert: <strong>{modeSummary(range)}</strong>
          </span>
        </div>
      )}

      <fieldset className={cx('mode-options', locked && 'mode-options--locked')} disabled={locked || saving}>
        <legend className="visually-hidden">Modus des Zeitraums</legend>
        {MODES.map((mode) => (
          <div key={mode} className={cx('mode-option', shownMode === mode && 'is-selected')}>
            <label className="mode-option__label">
              <input type="radio" name="range-mode" value={mode} checked={shownMode === mode} onChange={() => setSelected(mode)} />
              <span className="mode-option__text">
                <span className="mode-option__title">{MODE_TEXTS[mode].title}</span>
                <span className="mode-option__description">{MODE_TEXTS[mode].description}</span>
              </span>
            </label>
            {mode === 'extended' && (
              <Select
                className="mode-option__extra"
                label="Zusätzliche Zeit"
                value={shownExtra}
                disabled={locked || shownMode !== 'extended'}
                onChange={(e) => setExtra(Number(e.target.value))}
                options={EXTRA_TIME_OPTIONS.map((minutes) => ({ value: minutes, label: `${minutes} Minuten` }))}
              />
            )}
          </div>
        ))}
      </fieldset>

      <div className="button-row step-actions">
        {locked ? (
          <>
            <Button variant="secondary" onClick={unlock}>
              {SCHEDULING_TEXTS.changeChoice}
            </Button>
            <Button variant="primary" onClick={onNext}>
              Weiter zu Schritt 4
            </Button>
          </>
        ) : (
          <>
            <Button variant="primary" onClick={() => void submit()} loading={saving} disabled={!canSubmit}>
              {selected === 'custom' ? 'Zeitraum auswählen' : 'Zeitraum speichern'}
            </Button>
            {unlocked && range.mode && (
              <Button variant="ghost" onClick={() => setUnlocked(false)} disabled={saving}>
                Abbrechen
              </Button>
            )}
          </>
        )}
      </div>

      <div className="range-preview">
        <h3 className="range-preview__title">Vorschau</h3>
        <p className="step-panel__help">
          Zeitraum gesamt: <strong>{formatSummedTime(weekMinutes(preview))}</strong>. Beim Eintragen sehen Studierende zusätzlich jeweils eine Stunde davor und
          danach.
        </p>
        <WeekGrid
          label="Vorschau des Zeitraums für Studierende"
          value={preview}
          highlight={teacherTimes}
          onLabel="im Zeitraum"
          offLabel="nicht im Zeitraum"
          highlightLabel="deine Zeit"
          range={visibleRange}
          compact={narrow || undefined}
        />
        <GridLegend
          items={[
            { kind: 'on', label: 'Zeitraum für Studierende' },
            { kind: 'highlight', label: 'Deine Zeiten' },
          ]}
        />
      </div>
    </section>
  );
}

/** The manual picker of the custom mode, with a back button to the mode choice. */
function CustomRangeScreen({
  teacherTimes,
  visibleRange,
  saving,
  custom,
  onCloseCustom,
  onCustomChange,
  onSubmit,
  onSaved,
}: TimeRangeStepProps & { onSaved: () => void }) {
  const value = custom.draft ?? custom.base;
  const dirty = !!custom.draft && !custom.draft.equals(custom.base);
  const { confirm, dialog } = useConfirm();
  const narrow = useMediaQuery(NARROW_GRID_QUERY);

  const back = async () => {
    const leave =
      !dirty ||
      (await confirm({
        title: SCHEDULING_TEXTS.discardRangeTitle,
        message: SCHEDULING_TEXTS.discardRangeConfirm,
        confirmLabel: SCHEDULING_TEXTS.discardRange,
        danger: true,
      }));
    if (!leave) return;
    onCloseCustom();
  };

  const save = async () => {
    const ok = await onSubmit({ mode: 'custom', extraMinutes: null });
    if (ok) onSaved();
  };

  return (
    <section className="step-panel" aria-labelledby="custom-range-title">
      <div>
        <Button variant="ghost" size="sm" onClick={() => void back()} disabled={saving}>
          ← Zurück
        </Button>
      </div>
      <header className="step-panel__header">
        <h2 id="custom-range-title" className="step-title">
          Zeitraum selbst auswählen
        </h2>
        <p className="step-panel__help">
          Markiere die Zeiten, in denen Studierende ihre Verfügbarkeit eintragen können. Deine eigenen Zeiten sind links golden markiert.
        </p>
      </header>
      {custom.error && <Alert kind="error">{custom.error}</Alert>}
      <GridWithToolbar
        toolbar={
          <TimesToolbar
            times={value}
            sumLabel="Ausgewählter Zeitraum"
            dirty={dirty}
            saving={saving}
            onSave={() => void save()}
            onDiscard={() => onCustomChange(null)}
            saveLabel="Zeitraum speichern"
            alwaysShowSave
          />
        }
      >
        <WeekGrid
          label="Zeitraum für Studierende auswählen"
          value={value}
          onChange={(next) => onCustomChange(next)}
          highlight={teacherTimes}
          onLabel="im Zeitraum"
          offLabel="nicht im Zeitraum"
          highlightLabel="deine Zeit"
          range={visibleRange}
          compact={narrow || undefined}
        />
      </GridWithToolbar>
      <GridLegend
        items={[
          { kind: 'on', label: 'Zeitraum für Studierende' },
          { kind: 'highlight', label: 'Deine Zeiten' },
        ]}
      />
      {dialog}
    </section>
  );
}
