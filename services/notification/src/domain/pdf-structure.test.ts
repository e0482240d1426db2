import { describe, expect, it } from 'vitest';
import { isWellFormedPdf } from './pdf-structure.js';

/** A minimal, structurally valid PDF with a classic xref table (what Chromium writes). */
function minimalPdf(filler = ''): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n% ${filler}\n`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += o;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('isWellFormedPdf', () => {
  it('accepts a PDF with header, xref table, trailer, startxref and %%EOF', () => {
    expect(isWellFormedPdf(minimalPdf())).toBe(true);
    expect(isWellFormedPdf(minimalPdf('x'.repeat(10_000)))).toBe(true);
  });

  it('accepts an xref stream (PDF 1.5+)', () => {
    const head = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';
    const at = head.length;
    const pdf = `${head}2 0 obj\n<< /Type /XRef /Size 3 /W [1 2 1] /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n${at}\n%%EOF`;
    expect(isWellFormedPdf(Buffer.from(pdf, 'latin1'))).toBe(true);
  });

  it.each([
    ['garbage after the signature', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x41), Buffer.from('\n%%EOF\n')])],
    ['no %%EOF', minimalPdf().subarray(0, minimalPdf().length - 7)],
    ['no header', Buffer.from(minimalPdf().toString('latin1').replace('%PDF-1.4', '%XYZ-1.4'), 'latin1')],
    ['a signature that is not at the start', Buffer.concat([Buffer.from(' '), minimalPdf()])],
    [
      'startxref pointing at nothing',
      Buffer.from(
        minimalPdf()
          .toString('latin1')
          .replace(/startxref\n\d+/, 'startxref\n12'),
        'latin1',
      ),
    ],
    [
      'startxref beyond the file',
      Buffer.from(
        minimalPdf()
          .toString('latin1')
          .replace(/startxref\n\d+/, 'startxref\n999999'),
        'latin1',
      ),
    ],
    ['an xref table without trailer', Buffer.from(minimalPdf().toString('latin1').replace('trailer', 'trailor'), 'latin1')],
    ['too short', Buffer.from('%PDF-1.4\n%%EOF')],
  ])('refuses %s', (_name, buf) => {
    expect(isWellFormedPdf(buf)).toBe(false);
  });
});
