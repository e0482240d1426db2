import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Select } from '../../../shared/ui/Select';
import { ROLE_OPTIONS, STUDENT_DURATIONS, type RegistrationErrors } from '../registration-validation';
import { INSTITUTIONS_ERROR, type useInstitutions } from '../use-institutions';
import type { RegisterFields } from './use-register-form';

interface RoleFieldsProps {
  fields: RegisterFields;
  errors: RegistrationErrors;
  institutions: ReturnType<typeof useInstitutions>;
}

/** Role and institution, asked only without a registration code (a code makes a student of its course). */
export function RoleFields({ fields, errors, institutions }: RoleFieldsProps) {
  return (
    <div className="form-row">
      <Select
        label="Rolle"
        name="role"
        required
        value={fields.roleId ?? ''}
        onChange={(e) => fields.setRoleId(e.target.value ? Number(e.target.value) : null)}
        placeholder="Bitte auswählen"
        options={ROLE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        error={errors.role}
      />
      <div className="field-group">
        <Select
          label="Institution (optional)"
          name="institution"
          value={fields.institutionId}
          onChange={(e) => fields.setInstitutionId(e.target.value)}
          placeholder={institutions.isPending ? 'Wird geladen…' : 'Keine Institution'}
          disabled={institutions.isPending}
          options={(institutions.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
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
  );
}

interface DurationFieldProps {
  fields: RegisterFields;
  errors: RegistrationErrors;
}

/** A student's lesson length. */
export function DurationField({ fields, errors }: DurationFieldProps) {
  return (
    <Select
      label="Unterrichtsdauer"
      name="duration"
      value={fields.duration}
      onChange={(e) => fields.setDuration(Number(e.target.value))}
      options={STUDENT_DURATIONS.map((d) => ({ value: d, label: `${d} Minuten` }))}
      error={errors.duration}
      hint="Wie lange dauert deine Unterrichtsstunde?"
    />
  );
}
