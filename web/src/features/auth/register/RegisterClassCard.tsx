import { Alert } from '../../../shared/ui/Alert';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { Card } from '../../../shared/ui/Card';
import { Spinner } from '../../../shared/ui/Spinner';
import type { MemberCheck, RegistrationClassInfo } from '../useRegistrationCode';
import { REGISTER_TEXTS } from './register-texts';

interface RegisterClassCardProps {
  classInfo: RegistrationClassInfo;
  memberCheck: MemberCheck;
}

/** The course a registration code leads to, and the check of an invitation's member id. */
export function RegisterClassCard({ classInfo, memberCheck }: RegisterClassCardProps) {
  return (
    <Card tone="muted" title="Registrierung für einen Kurs" className="register-class">
      <dl className="details">
        <dt>Kurs</dt>
        <dd>{classInfo.className ?? 'Unbekannt'}</dd>
        {classInfo.classDescription && (
          <>
            <dt>Beschreibung</dt>
            <dd>{classInfo.classDescription}</dd>
          </>
        )}
        <dt>Lehrkraft</dt>
        <dd>{classInfo.teacherName ?? 'Unbekannt'}</dd>
        {classInfo.institutionName && (
          <>
            <dt>Institution</dt>
            <dd>{classInfo.institutionName}</dd>
          </>
        )}
      </dl>
      {memberCheck.status === 'loading' && <Spinner size="sm" label="memberId wird geprüft…" showLabel />}
      {memberCheck.status === 'error' && (
        <Alert
          kind="error"
          title={memberCheck.message}
          actions={
            <>
              {memberCheck.retry && (
                <Button variant="secondary" size="sm" onClick={memberCheck.retry}>
                  Erneut versuchen
                </Button>
              )}
              <ButtonLink to={`/register/${encodeURIComponent(classInfo.shortcut)}`} variant={memberCheck.retry ? 'ghost' : 'primary'} size="sm">
                {REGISTER_TEXTS.withoutInvitation}
              </ButtonLink>
            </>
          }
        />
      )}
    </Card>
  );
}
