import { useId } from 'react';
import { Link } from 'react-router-dom';
import { UniversitySignIn, type AuthConfig } from '../../../shared/session/UniversitySignIn';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Card } from '../../../shared/ui/Card';
import { AccountFields } from './AccountFields';
import { RegisterClassCard } from './RegisterClassCard';
import { REGISTER_TEXTS } from './register-texts';
import { DurationField, RoleFields } from './RoleFields';
import { useRegisterForm, type RegisterFormInput } from './use-register-form';

interface RegisterFormProps extends RegisterFormInput {
  config: AuthConfig;
}

/** The registration form, with the course of a registration code beside it. */
export function RegisterForm({ classInfo, memberId, memberCheck, config }: RegisterFormProps) {
  const form = useRegisterForm({ classInfo, memberId, memberCheck });
  const { fields, errors, emailHint } = form;
  const submitHintId = useId();

  return (
    <div className="register-layout">
      {classInfo && <RegisterClassCard classInfo={classInfo} memberCheck={memberCheck} />}

      <Card className="register-card">
        <UniversitySignIn config={config} registerShortcut={classInfo?.shortcut ?? null} memberId={memberId} />
        <form className="form" onSubmit={(e) => void form.submit(e)} noValidate>
          <AccountFields fields={fields} errors={errors} emailHint={emailHint} suggestion={form.suggestion} />
          {!classInfo && <RoleFields fields={fields} errors={errors} institutions={form.institutions} />}
          {form.isStudent && <DurationField fields={fields} errors={errors} />}

          {errors.memberId && (
            <p className="form-error" role="alert">
              {errors.memberId}
            </p>
          )}
          {form.submitError && <Alert kind="error" title={form.submitError} />}

          <Button
            type="submit"
            block
            size="lg"
            loading={form.submitting}
            disabled={emailHint !== 'valid'}
            aria-describedby={emailHint !== 'valid' ? submitHintId : undefined}
          >
            Registrieren
          </Button>
          {emailHint !== 'valid' && (
            <p id={submitHintId} className="field__hint">
              {emailHint === 'pending' ? REGISTER_TEXTS.emailChecking : REGISTER_TEXTS.submitNeedsEmail}
            </p>
          )}
          <p className="form-footer">
            Bereits registriert? <Link to="/login">Zum Login</Link>
          </p>
        </form>
      </Card>
    </div>
  );
}
