import { escapeHtml, type MailRequestedPayload } from '@stundenplan/base';

/** German mails of the auth service: plain text plus a simple HTML version, both with the working link. */

function html(paragraphs: string[], link: { href: string; label: string }, after: string[]): string {
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:<br><a href="${escapeHtml(link.href)}">${escapeHtml(link.href)}</a></p>
${after.map(p).join('\n')}
<p style="margin:24px 0 0">Viele Grüße<br>Dein Stundenplan-Assistent</p>
</body></html>`;
}

const signature = 'Viele Grüße\nDein Stundenplan-Assistent';

export function confirmationMail(opts: { to: string; name: string; link: string; className?: string | null; resent?: boolean }): MailRequestedPayload {
  const intro = opts.resent
    ? 'hier ist dein neuer Link, um deine E-Mail-Adresse für den Stundenplan-Assistenten zu bestätigen.'
    : 'willkommen beim Stundenplan-Assistenten! Bitte bestätige deine E-Mail-Adresse, damit du dich anmelden kannst.';
  const course = opts.className ? `Nach der Bestätigung findest du den Kurs „${opts.className}“ unter „Deine Kurse“.` : null;
  const validity = 'Der Link ist 7 Tage gültig. Ist er abgelaufen, kannst du beim Login einen neuen Link anfordern.';
  const ignore = 'Du hast dich nicht beim Stundenplan-Assistenten registriert? Dann kannst du diese E-Mail einfach ignorieren.';
  const text = [
    `Hallo ${opts.name},`,
    intro,
    `Bitte öffne diesen Link, um deine E-Mail-Adresse zu bestätigen:\n${opts.link}`,
    ...(course ? [course] : []),
    validity,
    ignore,
    signature,
  ].join('\n\n');
  return {
    to: opts.to,
    subject: 'Bitte bestätige deine E-Mail-Adresse – Stundenplan-Assistent',
    text: `${text}\n`,
    html: html([`Hallo ${opts.name},`, intro], { href: opts.link, label: 'E-Mail-Adresse bestätigen' }, [...(course ? [course] : []), validity, ignore]),
  };
}

export function passwordResetMail(opts: { to: string; name: string; link: string }): MailRequestedPayload {
  const intro = `wir haben eine Anfrage erhalten, das Passwort für deinen Account (${opts.to}) beim Stundenplan-Assistenten zurückzusetzen.`;
  const validity = 'Der Link ist 60 Minuten gültig und kann nur einmal verwendet werden.';
  const ignore = 'Du hast das nicht angefordert? Dann ignoriere diese E-Mail einfach – dein Passwort bleibt unverändert.';
  const text = [`Hallo ${opts.name},`, intro, `Über diesen Link kannst du ein neues Passwort festlegen:\n${opts.link}`, validity, ignore, signature].join(
    '\n\n',
  );
  return {
    to: opts.to,
    subject: 'Passwort zurücksetzen – Stundenplan-Assistent',
    text: `${text}\n`,
    html: html([`Hallo ${opts.name},`, intro], { href: opts.link, label: 'Neues Passwort festlegen' }, [validity, ignore]),
  };
}

/** The proof an existing account's owner gives before the university sign-in is connected to it. */
export function oidcLinkMail(opts: { to: string; name: string; link: string; label: string }): MailRequestedPayload {
  const intro = `du hast dich gerade mit „${opts.label}“ angemeldet. Für deine E-Mail-Adresse (${opts.to}) gibt es beim Stundenplan-Assistenten schon einen Account.`;
  const action = 'Öffne den Link, um diesen Account mit dem Hochschul-Login zu verbinden. Danach meldest du dich mit dem Hochschul-Login an.';
  const validity = 'Der Link ist 60 Minuten gültig und kann nur einmal verwendet werden.';
  const ignore = 'Du warst das nicht? Dann ignoriere diese E-Mail – an deinem Account ändert sich nichts.';
  const text = [`Hallo ${opts.name},`, intro, `${action}\n${opts.link}`, validity, ignore, signature].join('\n\n');
  return {
    to: opts.to,
    subject: 'Account mit dem Hochschul-Login verbinden – Stundenplan-Assistent',
    text: `${text}\n`,
    html: html([`Hallo ${opts.name},`, intro, action], { href: opts.link, label: 'Account verbinden' }, [validity, ignore]),
  };
}
