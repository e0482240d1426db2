import { Alert } from '../../shared/ui/Alert';
import { ButtonLink } from '../../shared/ui/Button';
import { stepPath, type StepWarning } from './scheduling-flow';

/** An access-rule warning with the way to what is missing. */
export function StepWarningBox({ warning, classId }: { warning: StepWarning; classId: string | null }) {
  const to = typeof warning.target === 'string' ? warning.target : stepPath(warning.target, classId);
  return (
    <Alert
      kind="warning"
      className="step-warning"
      actions={
        <ButtonLink to={to} variant="primary" size="sm">
          {warning.actionLabel}
        </ButtonLink>
      }
    >
      <p data-warning={warning.kind}>{warning.text}</p>
    </Alert>
  );
}
