// Runtime configuration read by the SPA (see src/shared/site-config.ts). A deployment replaces this
// file with the operator's details; until `impressum` is filled, /impressum and /datenschutz show
// placeholders with a warning and the gateway logs a warning at start; /barrierefreiheit names the operator too. Example:
// window.__CONFIG__ = {
//   impressum: {
//     operator: 'Musikhochschule Beispielstadt', representative: 'Vertreten durch: Prof. Dr. Erika Beispiel',
//     street: 'Beispielweg 5', postalCode: '12345', city: 'Beispielstadt', country: 'Deutschland',
//     email: 'stundenplan@example.org', phone: '+49 123 456789', responsible: 'Erika Beispiel, Anschrift wie oben',
//   },
//   privacy: {
//     dataProtectionOfficer: 'Datenschutzbeauftragte*r, datenschutz@example.org',
//     hosting: 'Rechenzentrum der Hochschule, Beispielstadt',
//     mailProvider: 'Amazon Web Services EMEA SARL, Luxemburg (Amazon SES)',
//     supervisoryAuthority: 'Landesbeauftragte*r für den Datenschutz, Beispielstadt',
//     // only when the services' RETENTION_DAYS_AFTER_SEMESTER / ACCOUNT_RETENTION_MONTHS differ from 180 / 24:
//     retentionDaysAfterSemester: '180', accountRetentionMonths: '24',
//   },
//   accessibility: {
//     enforcementBody: 'Durchsetzungsstelle für digitale Barrierefreiheit des Landes, durchsetzung@example.org',
//   },
// };
window.__CONFIG__ = window.__CONFIG__ || {};
