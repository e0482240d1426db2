import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { detailText } from '../../shared/api/client';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { normaliseEmail } from '../../shared/session/login';
import { Alert } from '../../shared/ui/Alert';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { UniversitySignIn, useAuthConfig, type AuthConfig } from '../../shared/session/UniversitySignIn';
import { Input } from '../../shared/ui/Input';
import { Page } from '../../shared/ui/Page';
import { Select } from '../../shared/ui/Select';
import { PageSpinner, Spinner } from '../../shared/ui/Spinner';
import type { Institution } from './auth-api';
import { useRegister } from './auth-mutations';
import { suggestEmail } from './email-suggestion';
import { parseRegisterParams } from './register-params';
import {
  DEFAULT_DURATION,
  EMAIL_CHECK_DELAY_MS,
  EMAIL_MAX_LENGTH,
  hasErrors,
  institutionDomainForRole,
  isValidEmailFormat,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  REGISTRATION_MESSAGES,
  resolveRoleId,
  ROLE_ID_STUDENT,
  ROLE_OPTIONS,
  STUDENT_DURATIONS,
  validateRegistration,
  type RegistrationErrors,
} from './registration-validation';
import { INSTITUTIONS_ERROR, useInstitutions } from './use-institutions';
import { useRegistrationCode, type MemberCheck, type RegistrationClassInfo } from './useRegistrationCode';

export interface RegistrationSuccessState {
  message: string;
  email: string;
  /** 1 student, 2 teacher (what the next steps say). */
  roleId?: number | null;
  teacherName: string | null;
  institutionName: string | null;
  className: string | null;
  classDescription: string | null;
}

type EmailHint = 'none' | 'pending' | 'valid' | 'invalid';

/** Live e-mail state, settled 1 s after the last keystroke (docs/product/accounts.md "Registration"). */
export function useEmailHint(email: string): EmailHint {
  const settled = useDebouncedValue(email, EMAIL_CHECK_DELAY_MS);
  if (!email.trim()) return 'none';
  if (settled !== email) return 'pending';
  return isValidEmailFormat(email) ? 'valid' : 'invalid';
}

export const REGISTER_TEXTS = {
  withoutCode: 'Ohne Registrierungscode registrieren',
  withoutCodeHint: 'Prüfe den Link oder registriere dich ohne Code und tritt dem Kurs später unter „Deine Kurse“ mit dem Registrierungscode bei.',
  withoutInvitation: 'Ohne Einladungslink für den Kurs registrieren',
  submitNeedsEmail: 'Registrieren ist möglich, sobald deine E-Mail-Adresse gültig ist.',
  emailChecking: 'E-Mail-Adresse wird geprüft…',
} as const;

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

interface RegisterFormProps {
  classInfo: RegistrationClassInfo | null;
  memberId: string | null;
  memberCheck: MemberCheck;
  config: AuthConfig;
}

function RegisterForm({ classInfo, memberId, memberCheck, config }: RegisterFormProps) {
  const navigate = useNavigate();
  const institutions = useInstitutions();
  const prefill = memberCheck.status === 'valid' ? memberCheck.member : null;

  const [name, setName] = useState(prefill?.name ?? '');
  const [email, setEmail] = useState(prefill?.email ?? '');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [institutionId, setInstitutionId] = useState('');
  const [roleId, setRoleId] = useState<number | null>(classInfo ? ROLE_ID_STUDENT : null);
  const [duration, setDuration] = useState<number>(
    prefill?.duration && (STUDENT_DURATIONS as readonly number[]).includes(prefill.duration) ? prefill.duration : DEFAULT_DURATION,
  );
  const [attempted, setAttempted] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const registration = useRegister();
  const submitting = registration.isPending;

  const emailHint = useEmailHint(email);
  const submitHintId = useId();
  const institutionList = institutions.data ?? [];
  const chosenInstitution: Institution | null = classInfo ? null : (institutionList.find((i) => String(i.id) === institutionId) ?? null);
  // In the code flow the institution comes from the class; it only feeds the e-mail suggestion.
  const codeInstitution = classInfo ? (institutionList.find((i) => String(i.id) === String(classInfo.institutionId)) ?? null) : null;
  const effectiveRole = resolveRoleId(roleId, chosenInstitution, email);
  const isStudent = effectiveRole === ROLE_ID_STUDENT;

  const suggestion = useMemo(() => {
    const institution = chosenInstitution ?? codeInstitution;
    if (!institution) return null;
    const suggested = suggestEmail(name, institutionDomainForRole(institution, roleId ?? (classInfo ? ROLE_ID_STUDENT : null)));
    return suggested && suggested !== normaliseEmail(email) ? suggested : null;
  }, [chosenInstitution, codeInstitution, name, roleId, classInfo, email]);

  // After the first submit the messages follow every change (a fixed field loses its error at once).
  const current = validateRegistration({
    name,
    email,
    password,
    passwordRepeat,
    roleId,
    institution: chosenInstitution,
    codeInstitutionId: classInfo?.institutionId ?? null,
    duration: isStudent ? duration : null,
    memberId,
  });
  const errors: RegistrationErrors = attempted ? current : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    setAttempted(true);
    if (hasErrors(current)) return;

    const cleanEmail = normaliseEmail(email);
    try {
      const answer = await registration.mutateAsync({
        email: cleanEmail,
        password,
        name: name.trim().replace(/\s+/g, ' '),
        registerShortcut: classInfo?.shortcut ?? null,
        role_id: effectiveRole,
        institution_id: classInfo ? (classInfo.institutionId ?? null) : (chosenInstitution?.id ?? null),
        duration: isStudent ? duration : null,
        memberId: memberId ?? null,
      });
      const state: RegistrationSuccessState = {
        message: answer?.message ?? '',
        email: cleanEmail,
        roleId: effectiveRole,
        teacherName: classInfo?.teacherName ?? null,
        institutionName: classInfo?.institutionName ?? chosenInstitution?.name ?? null,
        className: classInfo?.className ?? null,
        classDescription: classInfo?.classDescription ?? null,
      };
      void navigate('/registration-success', { state });
    } catch (error) {
      setSubmitError(detailText((error as { body?: unknown })?.body) ?? REGISTRATION_MESSAGES.failed);
    }
  };

  return (
    <div className="register-layout">
      {classInfo && (
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
            <dt>Institution</dt>
            <dd>{classInfo.institutionName ?? 'Unbekannt'}</dd>
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
      )}

      <Card className="register-card">
        <UniversitySignIn config={config} registerShortcut={classInfo?.shortcut ?? null} memberId={memberId} />
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <Input
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            hint="Vor- und Nachname"
          />
          <div className="field-group">
            <Input
              label="E-Mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email ?? (emailHint === 'invalid' ? REGISTRATION_MESSAGES.emailHintInvalid : undefined)}
              success={emailHint === 'valid' ? REGISTRATION_MESSAGES.emailHintValid : undefined}
              live
            />
            {suggestion && (
              <p className="suggestion">
                Vorschlag: <span className="suggestion__value">{suggestion}</span>{' '}
                <Button variant="link" size="sm" onClick={() => setEmail(suggestion)}>
                  Übernehmen
                </Button>
              </p>
            )}
          </div>
          <div className="form-row">
            <Input
              label="Passwort"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              hint={errors.password ? undefined : 'Mindestens 8 Zeichen, Buchstaben und Zahlen'}
            />
            <Input
              label="Passwort wiederholen"
              name="passwordRepeat"
              type="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={passwordRepeat}
              onChange={(e) => setPasswordRepeat(e.target.value)}
              error={errors.passwordRepeat}
            />
          </div>

          {!classInfo && (
            <div className="form-row">
              <Select
                label="Rolle"
                name="role"
                required
                value={roleId ?? ''}
                onChange={(e) => setRoleId(e.target.value ? Number(e.target.value) : null)}
                placeholder="Bitte auswählen"
                options={ROLE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
                error={errors.role}
              />
              <div className="field-group">
                <Select
                  label="Institution (optional)"
                  name="institution"
                  value={institutionId}
                  onChange={(e) => setInstitutionId(e.target.value)}
                  placeholder={institutions.isPending ? 'Wird geladen…' : 'Keine Institution'}
                  disabled={institutions.isPending}
                  options={institutionList.map((i) => ({ value: String(i.id), label: i.name }))}
                  hint="Mit Institution muss die E-Mail-Adresse zur Institution passen."
                />
                {institutions.isError && (
                  <Alert
                    kind="error"
                    title={INSTITUTIONS_ERROR}
                    actions={
                      <Button variant="secondary" size="sm" onClick={() => void institutions.refetch()}>
                        Erneut versuchen
                      </Button>
                    }
                  />
                )}
              </div>
            </div>
          )}

          {isStudent && (
            <Select
              label="Unterrichtsdauer"
              name="duration"
              value={duration}
              onChange={(e) => setDuration(Number(e.target.value))}
              options={STUDENT_DURATIONS.map((d) => ({ value: d, label: `${d} Minuten` }))}
              error={errors.duration}
              hint="Wie lange dauert deine Unterrichtsstunde?"
            />
          )}

          {errors.memberId && (
            <p className="form-error" role="alert">
              {errors.memberId}
            </p>
          )}
          {submitError && <Alert kind="error" title={submitError} />}

          <Button
            type="submit"
            block
            size="lg"
            loading={submitting}
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
