import { Button } from '../../../shared/ui/Button';
import { Input } from '../../../shared/ui/Input';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, REGISTRATION_MESSAGES, type RegistrationErrors } from '../registration-validation';
import type { EmailHint, RegisterFields } from './use-register-form';

interface AccountFieldsProps {
  fields: RegisterFields;
  errors: RegistrationErrors;
  emailHint: EmailHint;
  suggestion: string | null;
}

/** Name, e-mail (with its live check and suggestion) and the password twice. */
export function AccountFields({ fields, errors, emailHint, suggestion }: AccountFieldsProps) {
  return (
    <>
      <Input
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={fields.name}
        onChange={(e) => fields.setName(e.target.value)}
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
          value={fields.email}
          onChange={(e) => fields.setEmail(e.target.value)}
          error={errors.email ?? (emailHint === 'invalid' ? REGISTRATION_MESSAGES.emailHintInvalid : undefined)}
          success={emailHint === 'valid' ? REGISTRATION_MESSAGES.emailHintValid : undefined}
          live
        />
        {suggestion && (
          <p className="suggestion">
            Vorschlag: <span className="suggestion__value">{suggestion}</span>{' '}
            <Button variant="link" size="sm" onClick={() => fields.setEmail(suggestion)}>
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
          value={fields.password}
          onChange={(e) => fields.setPassword(e.target.value)}
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
          value={fields.passwordRepeat}
          onChange={(e) => fields.setPasswordRepeat(e.target.value)}
          error={errors.passwordRepeat}
        />
      </div>
    </>
  );
}
