import { getImpressum } from '../../shared/site-config';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { LegalPlaceholderWarning } from './LegalPlaceholderWarning';
import { OperatorAddress, OperatorEmail } from './OperatorAddress';

export function ImpressumPage() {
  const info = getImpressum();
  return (
    <Page title="Impressum" width="narrow">
      <LegalPlaceholderWarning />
      <Card title="Angaben gemäß § 5 DDG">
        <OperatorAddress info={info} />
      </Card>
      <Card title="Kontakt">
        <dl className="details">
          <dt>E-Mail</dt>
          <dd>
            <OperatorEmail email={info.email} />
          </dd>
          {info.phone && (
            <>
              <dt>Telefon</dt>
              <dd>{info.phone}</dd>
            </>
          )}
          {info.vatId && (
            <>
              <dt>Umsatzsteuer-ID</dt>
              <dd>{info.vatId}</dd>
            </>
          )}
        </dl>
      </Card>
      {info.responsible && (
        <Card title="Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV">
          <p>{info.responsible}</p>
        </Card>
      )}
    </Page>
  );
}
