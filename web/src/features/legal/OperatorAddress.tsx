import { isPlaceholder, type ImpressumConfig } from '../../shared/site-config';

/** Name and postal address of the operator. */
export function OperatorAddress({ info }: { info: ImpressumConfig }) {
  return (
    <address className="impressum">
      <strong>{info.operator}</strong>
      {info.representative && <span>{info.representative}</span>}
      <span>{info.street}</span>
      <span>
        {info.postalCode} {info.city}
      </span>
      {info.country && <span>{info.country}</span>}
    </address>
  );
}

/** The operator's e-mail as a mailto link, or as plain text while it is a placeholder. */
export function OperatorEmail({ email }: { email: string }) {
  return isPlaceholder(email) ? <span>{email}</span> : <a href={`mailto:${email}`}>{email}</a>;
}
