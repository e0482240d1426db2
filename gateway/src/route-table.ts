import { endpoints, type Endpoint } from '@stundenplan/contracts';
import { buildRoutes, createMatcher, type Route as BuiltRoute, type UploadLimit } from './route-table-build.js';

/**
 * Which service owns which public path: generated from the endpoint contracts (packages/contracts, each
 * with its `service`), so a new contract is routed without a line here. Only the gateway's own extras
 * are written by hand: upload limits other than the 5 MB default, by contract id, below; the rate rules
 * by path in rate-limits.ts. route-table.test.ts checks that both name contracts that exist.
 */
export type ServiceName = Endpoint['service'];

/** The service's name in German, for the 502/503/504 answers (proxy.ts). */
export const SERVICE_LABELS: Record<ServiceName, string> = {
  auth: 'Anmeldung',
  classes: 'Klassen',
  availability: 'Verfügbarkeiten',
  'scheduling-solver': 'Stundenplanung',
  document: 'Dokumente',
  notification: 'Benachrichtigungen',
  lessons: 'Unterrichtstermine',
  school: 'Schule',
};

/**
 * Uploads (contracts with `bodyKind: 'multipart'`) may send 5 MB; these their own limit. The calendar
 * import takes files up to 2 MB; the form around the file gets 64 KB more (the service counts the file itself).
 */
export const UPLOAD_LIMITS: Readonly<Record<string, UploadLimit>> = {
  importCalendar: { bytes: 2 * 1024 * 1024 + 64 * 1024, detail: 'Die Datei ist zu groß (maximal 2 MB).' },
};

export type Route = BuiltRoute<ServiceName>;

/** Every contract path, most specific first. */
export const ROUTES: readonly Route[] = buildRoutes(endpoints, UPLOAD_LIMITS);

const match = createMatcher(ROUTES);

/** The route of a canonical path (canonical-path.ts), or undefined: then no service answers it. */
export function matchRoute(path: string): Route | undefined {
  return match(path);
}
