/** Texts of the registration page (SPEC.md wording). */
export const REGISTER_TEXTS = {
  withoutCode: 'Ohne Registrierungscode registrieren',
  withoutCodeHint: 'Prüfe den Link oder registriere dich ohne Code und tritt dem Kurs später unter „Deine Kurse“ mit dem Registrierungscode bei.',
  withoutInvitation: 'Ohne Einladungslink für den Kurs registrieren',
  submitNeedsEmail: 'Registrieren ist möglich, sobald deine E-Mail-Adresse gültig ist.',
  emailChecking: 'E-Mail-Adresse wird geprüft…',
} as const;
