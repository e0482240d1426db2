import { useLocation, useParams } from 'react-router-dom';
import { UniversitySignIn, useAuthConfig } from '../../shared/session/UniversitySignIn';
import { Alert } from '../../shared/ui/Alert';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { RegisterForm } from './register/RegisterForm';
import { REGISTER_TEXTS } from './register/register-texts';
import { parseRegisterParams } from './register-params';
import { useRegistrationCode } from './useRegistrationCode';

export function RegisterPage() {
  const { registerShortcut } = useParams();
  const location = useLocation();
  const { shortcut, memberId } = parseRegisterParams(registerShortcut, location.search);
  const code = useRegistrationCode(shortcut, memberId);
  const config = useAuthConfig();

  if (!config.password_login) {
    // Sign-in only through the university: the account is made at the first sign-in; a code or invitation joins its course then.
    return (
      <Page title="Registrieren" width="narrow" lead="Dein Account entsteht bei der ersten Anmeldung über deine Hochschule.">
        <Card>
          <UniversitySignIn config={config} registerShortcut={shortcut} memberId={memberId} />
        </Card>
      </Page>
    );
  }

  return (
    <Page title="Registrieren" width="medium" lead="Lege deinen Account an, um Kurse zu verwalten oder deine Zeiten einzutragen.">
      {code.status === 'loading' && <PageSpinner label="Registrierungscode wird geprüft…" />}
      {code.status === 'error' && (
        <Alert
          kind="error"
          title={code.message}
          actions={
            <>
              <Button variant="secondary" size="sm" onClick={code.retry}>
                Erneut versuchen
              </Button>
              <ButtonLink to="/register" variant={code.rejected ? 'primary' : 'ghost'} size="sm">
                {REGISTER_TEXTS.withoutCode}
              </ButtonLink>
            </>
          }
        >
          {code.rejected ? REGISTER_TEXTS.withoutCodeHint : null}
        </Alert>
      )}
      {(code.status === 'none' || code.status === 'valid') && (
        <RegisterForm
          key={code.status === 'valid' ? `${code.info.classId}:${code.member.status}` : 'plain'}
          classInfo={code.status === 'valid' ? code.info : null}
          memberId={memberId}
          memberCheck={code.status === 'valid' ? code.member : { status: 'none' }}
          config={config}
        />
      )}
    </Page>
  );
}
