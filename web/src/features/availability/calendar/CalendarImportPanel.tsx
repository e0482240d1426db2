// 'Aus Kalender übernehmen' (docs/product/times.md): read the user's own calendar (.ics file or link) to hatch the
// busy slots on the grid, then 'Freie Zeiten übernehmen'. The event names stay in this browser.
import { formatGermanDate } from '@stundenplan/timegrid';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-context';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Input } from '../../../shared/ui/Input';
import { importCalendar, rememberedLink, rememberLink, type BusyWeek } from './calendar-import';
import './calendar-import.css';

export const CALENDAR_TEXTS = {
  title: 'Aus Kalender übernehmen',
  lead: 'Lies deinen Kalender ein (z. B. den Stundenplan-Export deiner Hochschule) als .ics-Datei oder Link. Belegte Zeiten werden im Raster schraffiert; gespeichert wird dabei nichts.',
  file: 'Kalenderdatei (.ics)',
  link: 'Link zum Kalender',
  readLink: 'Link einlesen',
  remember: 'Link auf diesem Gerät merken',
  reread: 'Gemerkten Kalender erneut einlesen',
  forget: 'Gemerkten Link vergessen',
  applyFree: 'Freie Zeiten übernehmen',
  hide: 'Kalender ausblenden',
  failed: 'Kalender konnte nicht eingelesen werden',
} as const;

export interface CalendarImportPanelProps {
  /** Teachers: their class, whose semester counts. */
  classId?: string | undefined;
  busy: BusyWeek | null;
  onBusy: (busy: BusyWeek | null) => void;
  /** 'Freie Zeiten übernehmen': the caller fills its window minus the busy slots. */
  onApplyFree: () => void;
  /** While the times cannot be changed (after a deadline). */
  disabled?: boolean;
}

export function CalendarImportPanel({ classId, busy, onBusy, onApplyFree, disabled = false }: CalendarImportPanelProps) {
  const email = useSession().user?.email;
  const [url, setUrl] = useState('');
  const [remember, setRemember] = useState(false);
  const [remembered, setRemembered] = useState(() => rememberedLink(email));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = async (source: { file: File } | { url: string }, keep: boolean) => {
    setLoading(true);
    setError(null);
    try {
      const result = await importCalendar(source, classId);
      if (!result) return;
      onBusy(result);
      if ('url' in source && keep) {
        rememberLink(email, source.url);
        setRemembered(source.url);
      }
    } catch (e) {
      setError(errorMessage(e, CALENDAR_TEXTS.failed));
    } finally {
      setLoading(false);
    }
  };

  const submitLink = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) void read({ url: url.trim() }, remember);
  };

  const busyQuarterHours = busy?.slots.count() ?? 0;
  return (
    <section className="calendar-import" aria-label={CALENDAR_TEXTS.title}>
      <details className="calendar-import__details">
        <summary>{CALENDAR_TEXTS.title}</summary>
        <p className="calendar-import__lead">{CALENDAR_TEXTS.lead}</p>
        <label className="calendar-import__file">
          <span>{CALENDAR_TEXTS.file}</span>
          <input
            type="file"
            accept=".ics,text/calendar"
            disabled={loading}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void read({ file }, false);
            }}
          />
        </label>
        <form className="calendar-import__link" onSubmit={submitLink}>
          <Input
            label={CALENDAR_TEXTS.link}
            type="url"
            inputMode="url"
            placeholder="https://… oder webcal://…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <label className="calendar-import__remember">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {CALENDAR_TEXTS.remember}
          </label>
          <Button type="submit" variant="secondary" size="sm" loading={loading} disabled={!url.trim()}>
            {CALENDAR_TEXTS.readLink}
          </Button>
        </form>
        {remembered && (
          <div className="calendar-import__remembered">
            <Button variant="secondary" size="sm" loading={loading} onClick={() => void read({ url: remembered }, true)}>
              {CALENDAR_TEXTS.reread}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                rememberLink(email, null);
                setRemembered(null);
              }}
            >
              {CALENDAR_TEXTS.forget}
            </Button>
          </div>
        )}
        {error && <Alert kind="error">{error}</Alert>}
      </details>
      {busy && (
        <div className="calendar-import__result" role="status">
          <span>
            Aus deinem Kalender ({formatGermanDate(busy.from)} bis {formatGermanDate(busy.to)}):{' '}
            {busyQuarterHours ? 'belegte Zeiten sind schraffiert.' : 'keine regelmäßig belegten Zeiten.'}
          </span>
          <Button size="sm" onClick={onApplyFree} disabled={disabled}>
            {CALENDAR_TEXTS.applyFree}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onBusy(null)}>
            {CALENDAR_TEXTS.hide}
          </Button>
        </div>
      )}
    </section>
  );
}
