import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isAbortError } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-context';
import { ROLE_LABELS, type Role } from '../../shared/session/session-types';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { useConfirm } from '../../shared/ui/use-confirm';
import { PageSpinner } from '../../shared/ui/Spinner';
import { CalendarSubscriptionCard } from './CalendarSubscriptionCard';
import { DataExportCard } from './DataExportCard';
import { PROFILE_LOAD_FAILED, profileQuery, type Profile } from '../../shared/data/profile';
import { usePasswordResetMail } from '../auth';
import { useDeleteAccount } from './profile-mutations';

export const PROFILE_MESSAGES = {
  loadFailed: PROFILE_LOAD_FAILED,
  unknownRole: 'Unbekannter Benutzertyp',
  deleteFailed: 'Fehler beim Löschen des Accounts',
  deleteConfirm: 'Möchtest du deinen Account wirklich unwiderruflich löschen? Alle deine Daten gehen dabei verloren.',
  deleteTitle: 'Account löschen?',
  deleteButton: 'Account endgültig löschen',
  deleted: 'Dein Account wurde gelöscht.',
} as const;

function isKnownRole(role: string): role is Role {
  return role === 'teacher' || role === 'student';
}

export function ProfilePage() {
  const query = useQuery(profileQuery());

  if (query.isPending) {
    return (
      <Page title="Dein Profil" width="medium">
        <PageSpinner />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title="Dein Profil" width="medium">
        <Alert
          kind="error"
          title={PROFILE_MESSAGES.loadFailed}
          actions={
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Erneut versuchen
            </Button>
          }
        >
          {isAbortError(query.error) ? null : errorMessage(query.error, '')}
        </Alert>
      </Page>
    );
  }
  const profile = query.data;
  if (!isKnownRole(profile.role)) {
    return (
      <Page title="Dein Profil" width="medium">
        <Alert kind="error" title={PROFILE_MESSAGES.unknownRole} />
      </Page>
    );
  }
  return <ProfileView profile={profile} role={profile.role} />;
}

function ProfileView({ profile, role }: { profile: Profile; role: Role }) {
  const session = useSession();
  const navigate = useNavigate();
  const resetMutation = usePasswordResetMail();
  const deleteMutation = useDeleteAccount();
  const resetPending = resetMutation.isPending;
  const deletePending = deleteMutation.isPending;
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const memberships = profile.classes ?? [];

  const sendReset = () =>
    resetMutation.mutate(profile.email, {
      onSuccess: () => toast.success(`Wir haben dir einen Link zum Zurücksetzen deines Passworts an ${profile.email} geschickt.`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const deleteAccount = async () => {
    const ok = await confirm({
      title: PROFILE_MESSAGES.deleteTitle,
      message: PROFILE_MESSAGES.deleteConfirm,
      confirmLabel: PROFILE_MESSAGES.deleteButton,
      danger: true,
    });
    if (!ok) return;
    setDeleteError(null);
    deleteMutation.mutate(undefined, {
      onSuccess: () => {
        session.clear();
        toast.success(PROFILE_MESSAGES.deleted);
        void navigate('/', { replace: true });
      },
      onError: () => {
        setDeleteError(PROFILE_MESSAGES.deleteFailed);
        toast.error(PROFILE_MESSAGES.deleteFailed);
      },
    });
  };

  return (
    <Page title="Dein Profil" width="medium">
      <Card title="Persönliche Informationen">
        <dl className="details">
          <dt>Name</dt>
          <dd>{profile.name}</dd>
          <dt>E-Mail</dt>
          <dd>{profile.email}</dd>
          <dt>Rolle</dt>
          <dd>{ROLE_LABELS[role]}</dd>
          {role === 'student' && (
            <>
              <dt>Unterrichtsdauer</dt>
              <dd>{profile.duration ? `${profile.duration} Min.` : '---'}</dd>
            </>
          )}
        </dl>
      </Card>

      {role === 'student' && (
        <Card title="Deine Kurse">
          {memberships.length === 0 ? (
            <p className="muted">Du bist noch keinem Kurs beigetreten.</p>
          ) : (
            <ul className="membership-list">
              {memberships.map((m) => (
                <li key={m.member_id} className="membership">
                  <p className="membership__name">{m.classes?.name ?? 'Unbekannt'}</p>
                  <p className="membership__meta">
                    <span>{m.duration ? `${m.duration} Min.` : '---'}</span>
                    <span>Lehrkraft: {m.teacher_name ?? 'Unbekannt'}</span>
                    {m.institution && <span>Institution: {m.institution}</span>}
                  </p>
                  {!m.student_id && <p className="membership__warning">⚠️ Dieser Kurs muss noch verifiziert werden</p>}
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}

      {role === 'student' && <CalendarSubscriptionCard />}
      <DataExportCard />
      <Card title="Sicherheit">
        <p>Du erhältst eine E-Mail mit einem Link, über den du ein neues Passwort festlegen kannst.</p>
        <Button variant="secondary" onClick={() => sendReset()} loading={resetPending}>
          Passwort zurücksetzen
        </Button>
      </Card>

      <Card title="Gefahrenzone" tone="danger">
        <p>Wenn du deinen Account löschst, werden alle deine Daten dauerhaft entfernt. Das kann nicht rückgängig gemacht werden.</p>
        {deleteError && <Alert kind="error" title={deleteError} />}
        <Button variant="danger" onClick={() => void deleteAccount()} loading={deletePending}>
          Account löschen
        </Button>
      </Card>
      {confirmDialog}
    </Page>
  );
}
