import { useEffect } from 'react';

const BRAND = 'Stundenplan-Assistent';

/** Sets the tab title to "{title} – Stundenplan-Assistent". */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} – ${BRAND}` : BRAND;
  }, [title]);
}
