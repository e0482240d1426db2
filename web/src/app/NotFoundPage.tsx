import { ButtonLink } from '../shared/ui/Button';
import { Page } from '../shared/ui/Page';

export function NotFoundPage() {
  return (
    <Page title="Seite nicht gefunden" width="narrow" className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <p>Diese Seite existiert nicht.</p>
      <ButtonLink to="/" variant="primary">
        Zur Startseite
      </ButtonLink>
    </Page>
  );
}
