import { escapeHtml, type MailRequestedPayload } from '@stundenplan/base';

/**
 * The German notice to a registered student a teacher added from the search (docs/product/documents.md
 * Course notice mail): who added them to which course, and where to verify or leave it. Until they verify,
 * the teacher sees their name and e-mail only.
 */
export function addedNoticeMail(to: string, p: { studentName: string; teacherName: string; className: string; link: string }): MailRequestedPayload {
  const subject = `Du wurdest zum Kurs „${p.className}“ hinzugefügt`;
  const lines = [
    `${p.teacherName} hat dich im Stundenplan-Assistenten zum Kurs „${p.className}“ hinzugefügt.`,
    `Solange du den Kurs nicht verifizierst, sieht ${p.teacherName} nur deinen Namen und deine E-Mail-Adresse, nicht deine Zeiten.`,
    'Unter „Meine Kurse“ kannst du den Kurs verifizieren („Kurs verifizieren“) oder dich wieder entfernen („Aus Kurs entfernen“):',
  ];
  const text = [`Hallo ${p.studentName},`, '', lines[0], '', lines[1], '', lines[2], p.link, '', 'Viele Grüße', 'Dein Stundenplan-Assistent'].join('\n');
  const html = `<p>Hallo ${escapeHtml(p.studentName)},</p>
<p>${escapeHtml(lines[0]!)}</p>
<p>${escapeHtml(lines[1]!)}</p>
<p>${escapeHtml(lines[2]!)}<br><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>
<p>Viele Grüße<br>Dein Stundenplan-Assistent</p>`;
  return { to, subject, text, html };
}
