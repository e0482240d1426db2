/**
 * The PDF export of a plan with biweekly lessons (docs/product/documents.md "PDF export"): the week after the
 * name in the grid and the list, the two lessons of a shared slot side by side. Real Chromium, read back with
 * pdftotext.
 */
import { describe, expect, it } from 'vitest';
import { student } from './pdf-fixtures.js';
import { usePdfService } from './pdf-service.js';
import { findPhrase, pdfLines, pdfWords } from './pdf-helpers.js';

const { post } = usePdfService();

const hour = ['9.00', '9.15', '9.30', '9.45'];

describe('PDF export with biweekly lessons', () => {
  it('marks A and B after the names, draws the shared hour side by side and explains the marks', async () => {
    const anna = student('Anna Alt', 60);
    const ben = student('Ben Bauer', 60);
    const carl = student('Carl Clemens', 30);
    const res = await post({
      schedule: {
        '0': [
          ...hour.flatMap((l) => [
            [l, anna.member_id, 'A'],
            [l, ben.member_id, 'B'],
          ]),
          ['10.00', carl.member_id],
          ['10.15', carl.member_id],
        ],
      },
      timeRange: { start: 32, end: 48 },
      studentsList: [anna, ben, carl],
      className: 'Klavier',
    });
    expect(res.status).toBe(200);
    const lines = pdfLines(res.buf);
    expect(lines.some((l) => l.includes('Anna Alt (A) Mo 09:00–10:00'))).toBe(true);
    expect(lines.some((l) => l.includes('Ben Bauer (B) Mo 09:00–10:00'))).toBe(true);
    expect(lines.some((l) => l.includes('Carl Clemens Mo 10:00–10:30'))).toBe(true);
    expect(lines.some((l) => l.includes('Carl Clemens (') || l.includes('Carl C. ('))).toBe(false);
    expect(lines).toContain('(A) / (B): alle 14 Tage, in Woche A bzw. Woche B');
    expect(lines.some((l) => l.includes('3 eingeteilt'))).toBe(true);

    // In the grid: the A lesson in the left half of Monday, the B lesson beside it on the same rows.
    const words = pdfWords(res.buf);
    const [a] = findPhrase(words, 'Anna A.');
    const [b] = findPhrase(words, 'Ben B.');
    expect(a, 'grid block of Anna').toBeDefined();
    expect(b, 'grid block of Ben').toBeDefined();
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    // Each block's week right under (or after) its name.
    const near = (w: { x: number; y: number }, text: string) =>
      words.some((x) => x.text === text && Math.abs(x.x - w.x) < 40 && x.y - w.y >= -1 && x.y - w.y < 15);
    expect(near(a!, '(A)')).toBe(true);
    expect(near(b!, '(B)')).toBe(true);
    expect(b!.x).toBeGreaterThan(a!.x + 20);
  });

  it('refuses a week other than A or B, and two lessons of the same week in one slot', async () => {
    const anna = student('Anna Alt', 15);
    const ben = student('Ben Bauer', 15);
    const bad = await post({ schedule: { '0': [['9.00', anna.member_id, 'C']] }, timeRange: { start: 32, end: 48 } });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.buf.toString()).detail).toBe('Die Einträge für Montag müssen als Objekt von Uhrzeit zu Mitglieds-ID angegeben werden.');
    const clash = await post({
      schedule: {
        '0': [
          ['9.00', anna.member_id, 'A'],
          ['9.00', ben.member_id],
        ],
      },
      timeRange: { start: 32, end: 48 },
    });
    expect(clash.status).toBe(400);
    expect(JSON.parse(clash.buf.toString()).detail).toBe('Doppelte Belegung: Montag 09:00 ist mehreren Studierenden zugeordnet.');
  });
});
