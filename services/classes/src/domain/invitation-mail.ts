import type { MailRequestedPayload } from '@stundenplan/base';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for the HTML part of a mail. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);

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
  const html = `<p>Hallo ${esc(p.studentName)},</p>
<p>${esc(p.teacherName)} lädt dich zum Kurs „${esc(p.className)}“ im Stundenplan-Assistenten ein.</p>
<p>Registriere dich über diesen Link, um dem Kurs beizutreten:<br><a href="${esc(p.link)}">${esc(p.link)}</a></p>
<p>Dein Registrierungscode für den Kurs lautet: <strong>${esc(p.shortcut)}</strong></p>
<p>Viele Grüße<br>Dein Stundenplan-Assistent</p>`;
  return { to, subject, text, html };
}
