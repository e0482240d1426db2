import { describe, expect, it } from 'vitest';
import { buildMime, encodeWords, formatAddress, headerSafe } from './mime.js';

function decodeWords(v: string): string {
  return v
    .split(/\r\n /)
    .map((w) => {
      const m = /^=\?UTF-8\?B\?([^?]*)\?=$/.exec(w);
      return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : w;
    })
    .join('');
}

describe('MIME building', () => {
  it('leaves ASCII headers alone and encodes others as RFC 2047 words of at most 75 characters', () => {
    expect(encodeWords('Hello world')).toBe('Hello world');
    const subject = 'Dein Stundenplan für „Klavier“ – Übersicht 🎹 '.repeat(3).trim();
    const encoded = encodeWords(subject);
    for (const word of encoded.split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeWords(encoded)).toBe(subject);
  });

  it('strips line breaks from header values (no header injection)', () => {
    expect(headerSafe('Hallo\r\nBcc: opfer@example.org')).toBe('Hallo Bcc: opfer@example.org');
    const raw = buildMime({ id: 'x', from: 'a@b.de', to: 'c@d.de', subject: 'Hi\r\nBcc: evil@x.de', text: 't', attachments: [] }).toString();
    expect(raw).not.toMatch(/^Bcc:/m);
  });

  it('formats display names quoted or encoded', () => {
    expect(formatAddress('Stundenplan-Assistent <no-reply@x.de>')).toBe('"Stundenplan-Assistent" <no-reply@x.de>');
    expect(formatAddress('Jürgen Ü <j@x.de>')).toMatch(/^=\?UTF-8\?B\?.+\?= <j@x\.de>$/);
    expect(formatAddress('plain@x.de')).toBe('plain@x.de');
  });

  it('builds multipart/mixed with alternative text/html and base64 attachments in CRLF lines of at most 76', () => {
    const raw = buildMime(
      {
        id: 'abc',
        from: 'A <a@b.de>',
        to: 'c@d.de',
        subject: 'Plan',
        text: 'Text',
        html: '<p>HTML</p>',
        attachments: [{ filename: 'Plan Ü.pdf', contentType: 'application/pdf', content: Buffer.alloc(500, 7) }],
      },
      { date: new Date('2026-11-23T10:00:00Z') },
    ).toString();
    expect(raw).toContain('Content-Type: multipart/mixed; boundary="=_mix_abc"');
    expect(raw).toContain('Content-Type: multipart/alternative; boundary="=_alt_abc"');
    expect(raw).toContain('Date: Mon, 23 Nov 2026 10:00:00 +0000');
    expect(raw).toContain('Message-ID: <abc@b.de>');
    expect(raw).toContain("filename*=UTF-8''Plan%20%C3%9C.pdf");
    expect(raw.split('\r\n').every((l) => l.length <= 998)).toBe(true);
    const base64Lines = raw.split('\r\n').filter((l) => /^[A-Za-z0-9+/=]{20,}$/.test(l));
    expect(base64Lines.length).toBeGreaterThan(5);
    expect(base64Lines.every((l) => l.length <= 76)).toBe(true);
    expect(raw).not.toMatch(/[^\r]\n/);
  });
});
