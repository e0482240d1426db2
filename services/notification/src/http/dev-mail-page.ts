import { escapeHtml } from '@stundenplan/base';
import type { MailRow } from '../domain/deps.js';

const URL_RE = /https?:\/\/[^\s<>"']+/g;

/** Escaped text with every http(s) URL as a link (trailing punctuation stays outside the link). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    let url = m[0];
    const trail = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trail.length);
    out += escapeHtml(text.slice(last, m.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = m.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const STATUS: Record<string, string> = {
  sent: 'zugestellt',
  pending: 'wartet',
  sending: 'wird gesendet',
  failed: 'fehlgeschlagen',
  invalid: 'ungültig',
  limited: 'nicht gesendet (Tageslimit der Adresse)',
};

const dateFmt = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Berlin' });

function mailCard(m: MailRow, prefix: string): string {
  const files = m.attachments.length
    ? `<p class="files">Anhänge: ${m.attachments
        .map(
          (a, i) =>
            `<a href="${prefix}/dev/mail/${m.id}/attachments/${i}" download>${escapeHtml(a.filename)}</a> <span class="meta">(${escapeHtml(a.contentType)}, ${a.size} Bytes)</span>`,
        )
        .join(', ')}</p>`
    : '';
  const html = m.htmlBody
    ? `<details><summary>HTML-Ansicht</summary><iframe sandbox="" title="HTML-Ansicht: ${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.htmlBody)}"></iframe></details>`
    : '';
  const error = m.lastError && m.status !== 'sent' ? `<p class="error">Fehler: ${escapeHtml(m.lastError)}</p>` : '';
  return `<article class="mail" id="mail-${m.id}">
<h2>${escapeHtml(m.subject || '(ohne Betreff)')}</h2>
<p class="meta">An: <strong>${escapeHtml(m.toAddress)}</strong>${m.replyTo ? ` · Antwort an: ${escapeHtml(m.replyTo)}` : ''} · ${escapeHtml(dateFmt.format(m.sentAt ?? m.createdAt))} · ${escapeHtml(STATUS[m.status] ?? m.status)} (${escapeHtml(m.transport)})</p>
${error}<pre>${linkify(m.textBody)}</pre>
${files}${html}
</article>`;
}

/** /dev/mail: the local outbox as a German page, newest first. */
export function devMailPage(mails: MailRow[], prefix = ''): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Postausgang (Entwicklung) – Stundenplan-Assistent</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f5f7;color:#1f2937}
header{background:#1e3a8a;color:#fff;padding:16px 24px}
header h1{margin:0;font-size:1.3rem}
header p{margin:4px 0 0;opacity:.85;font-size:.9rem}
main{max-width:920px;margin:0 auto;padding:16px}
.mail{background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:16px 20px;margin:0 0 16px}
.mail h2{margin:0 0 4px;font-size:1.1rem}
.meta{color:#4b5563;font-size:.85rem;margin:0 0 8px}
pre{white-space:pre-wrap;word-wrap:break-word;font-family:inherit;font-size:.95rem;margin:8px 0;line-height:1.45}
a{color:#1d4ed8}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{color:#b91c1c}
iframe{width:100%;height:420px;border:1px solid #d1d5db;border-radius:4px;background:#fff}
.empty{color:#4b5563}
</style>
</head>
<body>
<header><h1>Postausgang (Entwicklung)</h1><p>Alle E-Mails, die der Stundenplan-Assistent verschickt hat, die neuesten zuerst. ${mails.length} E-Mail${mails.length === 1 ? '' : 's'} · <a style="color:#fff" href="${prefix}/dev/mail.json">als JSON</a></p></header>
<main>
${mails.length ? mails.map((m) => mailCard(m, prefix)).join('\n') : '<p class="empty">Noch keine E-Mails verschickt.</p>'}
</main>
</body>
</html>`;
}
