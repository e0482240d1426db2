/**
 * Which service owns which public path (the services table in README.md). First match wins, so the
 * more specific /api/me/... and /api/classes/{id}/... rules come before the general ones.
 */
export type ServiceName = 'auth' | 'classes' | 'availability' | 'scheduling-solver' | 'document' | 'notification';

export const SERVICE_LABELS: Record<ServiceName, string> = {
  auth: 'Anmeldung',
  classes: 'Klassen',
  availability: 'Verfügbarkeiten',
  'scheduling-solver': 'Stundenplanung',
  document: 'Dokumente',
  notification: 'Benachrichtigungen',
};

export interface Route {
  pattern: RegExp;
  service: ServiceName;
  /** Multipart uploads get the larger body limit. */
  upload?: boolean;
  /** An upload limit of its own (bytes of the whole body) and its German 413 detail, instead of 5 MB. */
  uploadLimit?: { bytes: number; detail: string };
}

/** The calendar import takes files up to 2 MB; the form around the file gets 64 KB more (the service counts the file itself). */
const CALENDAR_UPLOAD = { bytes: 2 * 1024 * 1024 + 64 * 1024, detail: 'Die Datei ist zu groß (maximal 2 MB).' };

const seg = '[^/]+';

export const ROUTES: Route[] = [
  // availability
  { pattern: /^\/api\/me\/available-times\/?$/, service: 'availability' },
  { pattern: /^\/api\/me\/teachers-time-ranges\/?$/, service: 'availability' },
  { pattern: /^\/api\/me\/calendar-import\/?$/, service: 'availability', upload: true, uploadLimit: CALENDAR_UPLOAD },
  { pattern: new RegExp(`^/api/classes/${seg}/available-times/?$`), service: 'availability' },
  { pattern: new RegExp(`^/api/classes/${seg}/time-range(/.*)?$`), service: 'availability' },
  // scheduling
  { pattern: new RegExp(`^/api/classes/${seg}/schedules(/.*)?$`), service: 'scheduling-solver' },
  { pattern: /^\/api\/schedules(\/.*)?$/, service: 'scheduling-solver' },
  { pattern: /^\/api\/cp-sat-berechnung-from-db\/?$/, service: 'scheduling-solver' },
  { pattern: /^\/api\/progress(\/.*)?$/, service: 'scheduling-solver' },
  // classes
  { pattern: /^\/api\/me\/classes\/?$/, service: 'classes' },
  // the class deadline (named for clarity; the general /api/classes rule would catch it too)
  { pattern: new RegExp(`^/api/classes/${seg}/deadline/?$`), service: 'classes' },
  { pattern: new RegExp(`^/api/classes/${seg}/remind/?$`), service: 'classes' },
  { pattern: new RegExp(`^/api/classes/${seg}/semester/?$`), service: 'classes' },
  // the dated lessons of the plan last sent (before the general /api/classes rule)
  { pattern: new RegExp(`^/api/classes/${seg}/lessons/?$`), service: 'notification' },
  { pattern: /^\/api\/me\/lessons\/?$/, service: 'notification' },
  // lesson rules, cancellations and make-up lessons (notification)
  { pattern: new RegExp(`^/api/classes/${seg}/(lesson-rules|makeups)/?$`), service: 'notification' },
  { pattern: /^\/api\/me\/makeups\/?$/, service: 'notification' },
  { pattern: /^\/api\/lessons\/(cancel|cancel-day|withdraw-cancellation)\/?$/, service: 'notification' },
  { pattern: /^\/api\/makeups\/[^/]+\/(suggestions|book)\/?$/, service: 'notification' },
  // swaps between students (notification)
  { pattern: new RegExp(`^/api/classes/${seg}/swap-requests/?$`), service: 'notification' },
  { pattern: /^\/api\/me\/(swap-requests|swap-dates)\/?$/, service: 'notification' },
  { pattern: /^\/api\/lessons\/swap-options\/?$/, service: 'notification' },
  { pattern: /^\/api\/lessons\/swap-requests(\/[^/]+\/(accept|decline|approve))?\/?$/, service: 'notification' },
  { pattern: /^\/api\/classes(\/.*)?$/, service: 'classes' },
  { pattern: /^\/api\/search-students\/?$/, service: 'classes' },
  { pattern: /^\/api\/check-student-exists\/?$/, service: 'classes' },
  { pattern: /^\/api\/generate-register-shortcut\/?$/, service: 'classes' },
  { pattern: /^\/api\/students\/.+$/, service: 'classes' },
  { pattern: /^\/api\/auth\/validate-register-shortcut\/.+$/, service: 'classes' },
  { pattern: /^\/api\/auth\/validate-member-id\/?$/, service: 'classes' },
  // document
  { pattern: /^\/api\/extract-hmtm-csv\/?$/, service: 'document', upload: true },
  { pattern: /^\/api\/extract-custom-csv\/?$/, service: 'document', upload: true },
  { pattern: /^\/api\/export-pdf-alternative\/?$/, service: 'document' },
  // notification
  { pattern: /^\/api\/send-schedule-to-students\/?$/, service: 'notification', upload: true },
  { pattern: /^\/api\/contact\/?$/, service: 'notification' },
  { pattern: /^\/api\/me\/calendar\.ics$/, service: 'notification' },
  { pattern: /^\/api\/me\/calendar-subscription$/, service: 'notification' },
  { pattern: /^\/api\/calendar\/[^/]+\.ics$/, service: 'notification' },
  // auth
  { pattern: /^\/api\/me\/?$/, service: 'auth' },
  // a copy of the caller's data, composed by auth from every service's part
  { pattern: /^\/api\/me\/export\/?$/, service: 'auth' },
  { pattern: /^\/api\/auth\/.+$/, service: 'auth' },
  { pattern: /^\/api\/institutions\/?$/, service: 'auth' },
  { pattern: /^\/api\/get-institution-mail-endings\/.+$/, service: 'auth' },
  { pattern: /^\/api\/profile\/?$/, service: 'auth' },
];

export function matchRoute(path: string): Route | undefined {
  return ROUTES.find((r) => r.pattern.test(path));
}
