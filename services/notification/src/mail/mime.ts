import type { OutgoingMail } from './mailer.js';

/**
 * A complete RFC 5322 / MIME message (CRLF line ends): UTF-8 text and HTML parts and attachments,
 * all base64; non-ASCII headers as RFC 2047 encoded words, file names also as RFC 2231.
 */

const CRLF = '\r\n';
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

/** Header values never carry line breaks (no header injection). */
export function headerSafe(v: string): string {
  return v.replace(/[\r\n\t]+/g, ' ').trim();
}

/** RFC 2047 "B" encoded words of at most 45 bytes each (75 characters per word), never splitting a character. */
export function encodeWords(value: string): string {
  const v = headerSafe(value);
  if (ASCII_PRINTABLE.test(v)) return v;
  const words: string[] = [];
  let chunk = '';
  for (const ch of v) {
    if (Buffer.byteLength(chunk + ch, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** 'Name <a@b.c>' or 'a@b.c' -> header form with an encoded or quoted display name. */
export function formatAddress(address: string): string {
  const a = headerSafe(address);
  const m = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(a);
  if (!m) return a;
  const name = m[1]!.replace(/^"|"$/g, '').trim();
  if (!name) return `<${m[2]}>`;
  const shown = ASCII_PRINTABLE.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodeWords(name);
  return `${shown} <${m[2]}>`;
}

export function addressOnly(address: string): string {
  const m = /<([^<>\s]+@[^<>\s]+)>/.exec(address);
  return (m ? m[1]! : address).trim();
}

function base64Lines(data: Buffer): string {
  return (data.toString('base64').match(/.{1,76}/g) ?? []).join(CRLF);
}

function quoteParam(name: string, value: string): string {
  const v = headerSafe(value);
  if (ASCII_PRINTABLE.test(v)) return `${name}="${v.replace(/["\\]/g, '\\$&')}"`;
  // Encoded word inside quotes (widely read) plus the RFC 2231 form (the standard one).
  const rfc2231 = encodeURIComponent(v).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${name}="${encodeWords(v).replace(/\r\n /g, ' ')}"; ${name}*=UTF-8''${rfc2231}`;
}

function part(headers: string[], body: string): string {
  return `${headers.join(CRLF)}${CRLF}${CRLF}${body}`;
}

function multipart(type: 'mixed' | 'alternative', parts: string[], boundary: string): { headers: string[]; body: string } {
  const body = `${parts.map((p) => `--${boundary}${CRLF}${p}`).join(CRLF)}${CRLF}--${boundary}--${CRLF}`;
  return { headers: [`Content-Type: multipart/${type}; boundary="${boundary}"`], body };
}

function textPart(text: string, subtype: 'plain' | 'html'): string {
  return part([`Content-Type: text/${subtype}; charset=UTF-8`, 'Content-Transfer-Encoding: base64'], base64Lines(Buffer.from(text, 'utf8')));
}

export function buildMime(mail: OutgoingMail, opts: { date?: Date; boundarySeed?: string } = {}): Buffer {
  const seed = (opts.boundarySeed ?? mail.id).replace(/[^A-Za-z0-9]/g, '');
  const fromDomain = addressOnly(mail.from).split('@')[1] || 'stundenplan.local';

  let content: { headers: string[]; body: string };
  const text = textPart(mail.text, 'plain');
  if (mail.html) {
    content = multipart('alternative', [text, textPart(mail.html, 'html')], `=_alt_${seed}`);
  } else {
    content = { headers: ['Content-Type: text/plain; charset=UTF-8', 'Content-Transfer-Encoding: base64'], body: base64Lines(Buffer.from(mail.text, 'utf8')) };
  }
  if (mail.attachments.length) {
    const first = part(content.headers, content.body);
    const files = mail.attachments.map((a) =>
      part(
        [
          `Content-Type: ${headerSafe(a.contentType) || 'application/octet-stream'}; ${quoteParam('name', a.filename)}`,
          'Content-Transfer-Encoding: base64',
          `Content-Disposition: attachment; ${quoteParam('filename', a.filename)}`,
        ],
        base64Lines(a.content),
      ),
    );
    content = multipart('mixed', [first, ...files], `=_mix_${seed}`);
  }

  const headers = [
    `From: ${formatAddress(mail.from)}`,
    `To: ${formatAddress(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${formatAddress(mail.replyTo)}`] : []),
    `Subject: ${encodeWords(mail.subject)}`,
    `Date: ${(opts.date ?? new Date()).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${mail.id}@${fromDomain}>`,
    'MIME-Version: 1.0',
    ...content.headers,
  ];
  return Buffer.from(`${headers.join(CRLF)}${CRLF}${CRLF}${content.body}`, 'utf8');
}
