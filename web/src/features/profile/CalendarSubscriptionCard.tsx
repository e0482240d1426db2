// The student's private calendar subscription link (made, shown once, revoked).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notification } from '@stundenplan/contracts/routes';
import { call, errorMessage } from '../../shared/api/client';
import { queryKeys } from '../../shared/data/query-keys';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { useConfirm } from '../../shared/ui/use-confirm';
import { useCreateCalendarSubscription, useRevokeCalendarSubscription } from './profile-mutations';

export const SUBSCRIPTION_TEXTS = {
  title: 'Kalender-Abo',
  intro: 'Mit einem privaten Link kann deine Kalender-App deinen Unterricht aus den verschickten Stundenplänen abonnieren und aktuell halten.',
  none: 'Du hast noch keinen Kalender-Link.',
  active: 'Dein Kalender-Link ist aktiv. Aus Sicherheitsgründen wird er nur beim Erstellen angezeigt.',
  shownOnce: 'Kopiere den Link jetzt in deine Kalender-App – er wird nur dieses eine Mal angezeigt:',
  linkLabel: 'Dein privater Kalender-Link',
  create: 'Kalender-Link erstellen',
  renew: 'Neuen Link erstellen',
  revoke: 'Link widerrufen',
  copy: 'Link kopieren',
  copied: 'Link kopiert',
  revokeTitle: 'Kalender-Link widerrufen?',
  revokeConfirm: 'Deine Kalender-App bekommt dann keine Termine mehr über diesen Link. Möchtest du ihn widerrufen?',
  failed: 'Der Kalender-Link konnte nicht geändert werden.',
  privacy: 'Behandle den Link wie ein Passwort: Wer ihn kennt, sieht deine Unterrichtstermine.',
} as const;

const T = SUBSCRIPTION_TEXTS;

export function CalendarSubscriptionCard() {
  const status = useQuery({
    queryKey: queryKeys.calendarSubscription,
    queryFn: ({ signal }) => call(notification.calendarSubscriptionStatus, {}, { signal }),
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  const createMutation = useCreateCalendarSubscription();
  const revokeMutation = useRevokeCalendarSubscription();
  const busy = createMutation.isPending || revokeMutation.isPending;
  const { confirm, dialog } = useConfirm();
  const active = Boolean(status.data?.active) || url !== null;

  const create = () =>
    createMutation.mutate(undefined, {
      onSuccess: (answer) => {
        setUrl(answer?.url ?? null);
        if (answer?.message) toast.success(answer.message);
      },
      onError: (e) => toast.error(errorMessage(e, T.failed)),
    });

  const revoke = async () => {
    if (!(await confirm({ title: T.revokeTitle, message: T.revokeConfirm, confirmLabel: T.revoke, danger: true }))) return;
    revokeMutation.mutate(undefined, {
      onSuccess: (answer) => {
        setUrl(null);
        if (answer?.message) toast.success(answer.message);
      },
      onError: (e) => toast.error(errorMessage(e, T.failed)),
    });
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(T.copied);
    } catch {
      toast.error(T.failed);
    }
  };

  return (
    <Card title={T.title}>
      <p className="muted">{T.intro}</p>
      {url ? (
        <div className="calendar-subscription__link">
          <p>{T.shownOnce}</p>
          <input className="control" readOnly aria-label={T.linkLabel} value={url} onFocus={(e) => e.currentTarget.select()} />
          <Button size="sm" variant="secondary" onClick={() => void copy()}>
            {T.copy}
          </Button>
        </div>
      ) : (
        <p data-testid="calendar-subscription-state">{active ? T.active : T.none}</p>
      )}
      <p className="muted">{T.privacy}</p>
      <div className="button-row">
        <Button size="sm" loading={busy} onClick={() => create()}>
          {active ? T.renew : T.create}
        </Button>
        {active && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void revoke()}>
            {T.revoke}
          </Button>
        )}
      </div>
      {dialog}
    </Card>
  );
}
