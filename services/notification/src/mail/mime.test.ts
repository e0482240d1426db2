// The composed message is read back with mailparser, a parser independent of the composer.
import { simpleParser, type AddressObject } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildMime, headerSafe } from './mime.js';

const first = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a[0] : a)?.value[0];

describe('MIME building', () => {
  it('encodes non-ASCII subjects and display names so that a parser reads them back unchanged', async () => {
    const subject = 'Dein Stundenplan für „Klavier“ – Übersicht 🎹 '.repeat(3).trim();
    const raw = await buildMime({
      id: 'x1',
      from: 'Stundenplan-Assistent <no-reply@x.de>',
      to: 'Jürgen Ü <j@x.de>',
      replyTo: 'Frau Müller <m@x.de>',
      subject,
      text: 'Grüße',
      attachments: [],
    });
    const header = raw.toString().split('\r\n\r\n')[0]!;
    expect(header).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(subject);
    expect(first(parsed.from)).toEqual({ name: 'Stundenplan-Assistent', address: 'no-reply@x.de' });
    expect(first(parsed.to)).toEqual({ name: 'Jürgen Ü', address: 'j@x.de' });
    expect(first(parsed.replyTo)).toEqual({ name: 'Frau Müller', address: 'm@x.de' });
    expect(parsed.text?.trim()).toBe('Grüße');
    expect(parsed.html).toBe(false);
  });

  it('strips line breaks from header values (no header injection)', async () => {
    expect(headerSafe('Hallo\r\nBcc: opfer@example.org')).toBe('Hallo Bcc: opfer@example.org');
    const raw = await buildMime({ id: 'x', from: 'a@b.de', to: 'c@d.de\r\nBcc: evil@x.de', subject: 'Hi\r\nBcc: evil@x.de', text: 't', attachments: [] });
    expect(raw.toString()).not.toMatch(/^Bcc:/im);
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.subject).toBe('Hi Bcc: evil@x.de');
  });

  it('builds text and HTML alternatives plus attachments that parse back byte for byte, in CRLF lines of at most 998', async () => {
    const pdf = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256));
    const raw = await buildMime(
      {
        id: 'abc',
        from: 'A <a@b.de>',
        to: 'c@d.de',
        subject: 'Plan',
        text: 'Text mit Ümlaut',
        html: '<p>HTML &amp; mehr</p>',
        attachments: [
          { filename: 'Plan Ü.pdf', contentType: 'application/pdf', content: pdf },
          { filename: 'Stundenplan.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n') },
        ],
      },
      { date: new Date('2026-11-23T10:00:00Z') },
    );
    const text = raw.toString();
    expect(text).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(text).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(text.split('\r\n').every((l) => l.length <= 998)).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);

    const parsed = await simpleParser(raw);
    expect(parsed.date?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(parsed.messageId).toBe('<abc@b.de>');
    expect(parsed.headers.get('mime-version')).toBe('1.0');
    expect(parsed.text?.trim()).toBe('Text mit Ümlaut');
    expect(parsed.html).toBe('<p>HTML &amp; mehr</p>');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, a.contentDisposition])).toEqual([
      ['Plan Ü.pdf', 'application/pdf', 'attachment'],
      ['Stundenplan.ics', 'text/calendar', 'attachment'],
    ]);
    expect(parsed.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(parsed.attachments[1]!.content.toString()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});
