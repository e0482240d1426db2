// What a logged-in page shows while the session is checked (the route guard renders it in the page's place):
// its heading and lead as the page has them, and the main region held at its final height. The build renders
// it into the page's HTML (docs/adr/0030-prerendered-pages.md), so the heading is painted before any script
// runs and stays where it is when the page takes over. The texts are the pages' own (route-shells.test.tsx
// compares them): a feature's texts would bring its whole chunk into the first load.
import { Page } from '../shared/ui/Page';
import { PageSpinner } from '../shared/ui/Spinner';

export function StudentTimesShell() {
  return (
    <Page
      title="Deine Zeiten"
      lead="Markiere, wann du Zeit für Unterricht hast. Deine Lehrkräfte sehen diese Zeiten bei der Stundenplanung."
      className="student-times"
    >
      <PageSpinner />
    </Page>
  );
}

export function TeacherClassesShell() {
  return (
    <Page title="Klassen & Kurse" lead="Lege Klassen oder Kurse an und verwalte deine Studierenden.">
      <PageSpinner />
    </Page>
  );
}

export function SchedulingShell() {
  return (
    <Page title="Stundenplanung" className="scheduling" lead="Plane deinen Stundenplan in vier Schritten.">
      <PageSpinner />
    </Page>
  );
}
