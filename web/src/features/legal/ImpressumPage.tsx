import { getImpressum } from '../../shared/site-config';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';

export function ImpressumPage() {
  const info = getImpressum();
  return (
    <Page title="Impressum" width="narrow">
      <Card title="Angaben gemäß § 5 DDG">
        <address className="impressum">
          <strong>{info.operator}</strong>
          {info.representative && <span>{info.representative}</span>}
          <span>{info.street}</span>
          <span>
            {info.postalCode} {info.city}
          </span>
          {info.country && <span>{info.country}</span>}
        </address>
      </Card>
      <Card title="Kontakt">
        <dl className="details">
          <dt>E-Mail</dt>
          <dd>
            <a href={`mailto:${info.email}`}>{info.email}</a>
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
