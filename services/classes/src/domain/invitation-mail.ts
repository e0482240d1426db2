import { escapeHtml, type MailRequestedPayload } from '@stundenplan/base';

export function registrationLink(publicBaseUrl: string, shortcut: string, memberId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/register/${shortcut}&memberId=${memberId}`;
}

/** The German invitation mail (docs/product/classes.md Inviting), sent through mail.requested.v1. */
export function invitationMail(
  to: string,
  p: { studentName: string; teacherName: string; className: string; shortcut: string; link: string },
): MailRequestedPayload {
  const subject = `Einladung zum Kurs „${p.className}“`;
  const text = [
    `Hallo ${p.studentName},`,
    '',
    `${p.teacherName} lädt dich zum Kurs „${p.className}“ im Stundenplan-Assistenten ein.`,
    '',
    'Registriere dich über diesen Link, um dem Kurs beizutreten:',
    p.link,
    '',
    `Dein Registrierungscode für den Kurs lautet: ${p.shortcut}`,
    '',
    'Viele Grüße',
    'Dein Stundenplan-Assistent',
  ].join('\n');
  const html = `<p>Hallo ${escapeHtml(p.studentName)},</p>
<p>${escapeHtml(p.teacherName)} lädt dich zum Kurs „${escapeHtml(p.className)}“ im Stundenplan-Assistenten ein.</p>
<p>Registriere dich über diesen Link, um dem Kurs beizutreten:<br><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>
<p>Dein Registrierungscode für den Kurs lautet: <strong>${escapeHtml(p.shortcut)}</strong></p>
<p>Viele Grüße<br>Dein Stundenplan-Assistent</p>`;
  return { to, subject, text, html };
}
