import { Page } from '../../shared/ui/Page';

export function AboutPage() {
  return (
    <Page title="Über den Stundenplan-Assistenten" width="narrow">
      <p>Hier entsteht in Kürze eine Seite über das Projekt.</p>
    </Page>
  );
}
