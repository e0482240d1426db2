/**
 * Every text the auth service answers with. The registration texts are docs/product/accounts.md word for word;
 * the login details are the English codes docs/product/errors.md "Login and session" maps to German in the web.
 */
export const MSG = {
  // docs/product/errors.md Login and session: the web turns these into German. An unknown address answers
  // 'Invalid credentials' too (never 'User not found': the login must not tell whether an account exists).
  invalidCredentials: 'Invalid credentials',
  emailNotConfirmed: 'Email not confirmed',
  notLoggedIn: 'Nicht angemeldet',

  // docs/product/accounts.md Registration
  password: 'Das Passwort muss mindestens 8 Zeichen lang sein und Buchstaben sowie Zahlen enthalten.',
  name: 'Bitte gib einen gültigen Namen ein.',
  email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  role: 'Bitte wähle deine Rolle aus.',
  duration: 'Bitte gib eine gültige Unterrichtszeit zwischen 1 und 120 Minuten ein.',
  memberIdFormat: 'Die memberId muss eine gültige UUID sein.',
  // docs/product/errors.md Registration
  invalidShortcut: 'Ungültiger Registrierungsshortcut.',
  shortcutCheckFailed: 'Fehler bei der Überprüfung des Registrierungsshortcuts.',
  invalidMemberId: 'Ungültige memberId.',
  invalidLink: 'Ungültiger Link',

  // Our own (SPEC silent)
  unknownInstitution: 'Bitte wähle eine gültige Institution aus.',
  invalidInstitutionId: 'Ungültige Institutions-ID.',
  institutionNotFound: 'Institution nicht gefunden.',
  emailTaken: 'Für diese E-Mail-Adresse gibt es bereits einen Account. Bitte melde dich an oder setze dein Passwort zurück.',
  loginInput: 'Bitte gib deine E-Mail-Adresse und dein Passwort ein.',
  tokenMissing: 'Der Link ist unvollständig.',
  confirmInvalid: 'Der Bestätigungslink ist ungültig oder abgelaufen. Du kannst beim Login einen neuen Link anfordern.',
  resendLimited: 'Zu viele Anfragen für einen neuen Bestätigungs-Link. Bitte warte einen Moment und versuche es erneut.',
  // The same details as the gateway's limits (gateway/src/rate-limits.ts).
  loginLimited: 'Zu viele Anmeldeversuche. Bitte warte einen Moment und versuche es erneut.',
  forgotLimited: 'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuche es später erneut.',
  alreadyConfirmed: 'Deine E-Mail-Adresse ist bereits bestätigt. Du kannst dich anmelden.',

  // University sign-in (OpenID Connect)
  passwordLoginOff: 'Die Anmeldung erfolgt über den Hochschul-Login.',
  oidcOff: 'Die Anmeldung über die Hochschule ist nicht eingerichtet.',
  oidcUnavailable: 'Der Hochschul-Login ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten erneut.',
  oidcFlowInvalid: 'Die Anmeldung ist abgelaufen oder wurde schon verwendet. Bitte starte die Anmeldung erneut.',
  oidcCancelled: 'Die Anmeldung wurde abgebrochen.',
  oidcNoRole:
    'Dein Hochschul-Account weist dich weder als Lehrende*n noch als Studierende*n aus. Ohne diese Angabe können wir dir keinen Account anlegen. Bitte wende dich an die IT deiner Hochschule.',
  oidcNoEmail: 'Dein Hochschul-Account übermittelt keine gültige E-Mail-Adresse. Bitte wende dich an die IT deiner Hochschule.',
  oidcEmailUnverified:
    'Deine Hochschule hat deine E-Mail-Adresse nicht bestätigt. Ohne bestätigte Adresse können wir dir keinen Account anlegen und keinen bestehenden Account verbinden. Bitte bestätige deine Adresse bei deiner Hochschule oder wende dich an deren IT.',
  oidcNoName:
    'Dein Hochschul-Account übermittelt keinen Namen, den wir verwenden können (Vor- und Nachname aus Buchstaben). Bitte wende dich an die IT deiner Hochschule.',
  oidcLinkSent:
    'Für deine E-Mail-Adresse gibt es schon einen Account mit Passwort. Wir verbinden ihn erst, wenn du es bestätigst: Wir haben dir eine E-Mail mit einem Link geschickt. Öffne ihn, um deinen Account mit dem Hochschul-Login zu verbinden.',
  oidcLinkInvalid: 'Der Link ist ungültig oder abgelaufen. Melde dich erneut über die Hochschule an, um einen neuen Link zu bekommen.',
  oidcLinkLimited: 'Wir haben dir gerade schon einen Link geschickt. Bitte sieh in deinem Postfach nach oder versuche es später erneut.',
  redirectInvalid: 'Das Ziel nach der Anmeldung muss eine Seite dieser Anwendung sein.',

  // Success answers
  registered:
    'Registrierung erfolgreich! Wir haben dir eine E-Mail mit einem Bestätigungslink geschickt. Bitte bestätige deine E-Mail-Adresse, bevor du dich anmeldest.',
  loginOk: 'Login erfolgreich',
  logoutOk: 'Du wurdest abgemeldet.',
  resent: 'Bestätigungs-Link wurde erneut gesendet',
  confirmed: 'Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt anmelden.',
  forgotNeutral: 'Falls ein Account mit dieser E-Mail-Adresse existiert, haben wir dir einen Link zum Zurücksetzen deines Passworts geschickt.',
  passwordUpdated: 'Passwort erfolgreich aktualisiert',
  accountDeleted: 'Dein Account wurde gelöscht.',
} as const;
