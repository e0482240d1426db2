/**
 * The PDF of a class with a semester (docs/product/semester.md) and the legibility of half-width (A/B) blocks:
 * real Chromium, read back with pdftotext.
 */
import { describe, expect, it } from 'vitest';
import { student } from './pdf-fixtures.js';
import { usePdfService } from './pdf-service.js';
import { findPhrase, hasPoppler, pdfLines, pdfWords } from './pdf-helpers.js';

const { post } = usePdfService();

const anna = student('Anna Alt', 30);
const wednesday = {
  '2': [
    ['14.00', anna.member_id],
    ['14.15', anna.member_id],
  ],
};
const semester = (state: string, breaks: unknown[] = []) => ({ first_day: '2027-01-04', last_day: '2027-01-15', state, breaks });

describe.skipIf(!hasPoppler)('PDF with a semester', () => {
  it('names the semester and the days without lessons with their reasons (Bavaria, a break)', async () => {
    const res = await post({
      schedule: wednesday,
      timeRange: { start: 32, end: 76 },
      studentsList: [anna],
      className: 'Klavier',
      semester: semester('BY', [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }]),
    });
    expect(res.status).toBe(200);
    const lines = pdfLines(res.buf);
    expect(lines.some((l) => l.includes('Semester: 04.01.2027 – 15.01.2027'))).toBe(true);
    expect(lines.some((l) => l.includes('Tage ohne Unterricht'))).toBe(true);
    expect(lines.some((l) => l.includes('Mi 06.01.2027 Heilige Drei Könige'))).toBe(true);
    expect(lines.some((l) => l.includes('11.01.–15.01.2027 Prüfungswoche'))).toBe(true);
  });

  it('has no holiday in Berlin and no semester lines without a semester', async () => {
    const berlin = pdfLines((await post({ schedule: wednesday, timeRange: { start: 32, end: 76 }, studentsList: [anna], semester: semester('BE') })).buf);
    expect(berlin.some((l) => l.includes('Semester: 04.01.2027 – 15.01.2027'))).toBe(true);
    expect(berlin.some((l) => l.includes('Heilige Drei Könige') || l.includes('Tage ohne Unterricht'))).toBe(false);
    const none = pdfLines((await post({ schedule: wednesday, timeRange: { start: 32, end: 76 }, studentsList: [anna] })).buf);
    expect(none.some((l) => l.includes('Semester:') || l.includes('Tage ohne Unterricht'))).toBe(false);
  });

  it('answers 400 in German for a bad semester', async () => {
    const res = await post({ schedule: wednesday, timeRange: { start: 32, end: 76 }, studentsList: [anna], semester: semester('XX') });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.buf.toString()).detail).toMatch(/^Ungültiges Semester: Unbekanntes Bundesland/);
  });
});

describe.skipIf(!hasPoppler)('half-width A/B blocks', () => {
  it('keep their whole time text inside their half, even in a seven-day week', async () => {
    const ben = student('Ben Bauer', 60);
    const carla = student('Carla Christ', 60);
    const emil = student('Emil Ernst', 15);
    const hour = ['9.00', '9.15', '9.30', '9.45'];
    const res = await post({
      schedule: {
        '0': hour.flatMap((l) => [
          [l, ben.member_id, 'A'],
          [l, carla.member_id, 'B'],
        ]),
        '5': [['12.00', emil.member_id]],
        '6': [['12.00', emil.member_id]],
      },
      timeRange: { start: 32, end: 76 },
      studentsList: [ben, carla, emil],
    });
    expect(res.status).toBe(200);
    const words = pdfWords(res.buf);
    const [a] = findPhrase(words, 'Ben');
    const [b] = findPhrase(words, 'Carla');
    expect(a, 'grid block of Ben').toBeDefined();
    expect(b, 'grid block of Carla').toBeDefined();
    // The words under each name, inside the block's rows: the time as "09:00–" and "10:00", nothing cut.
    const under = (w: { x: number; y: number }, right: number) =>
      words.filter((x) => x.x >= w.x - 1 && x.xMax <= right && x.y > w.y + 2 && x.y < w.y + 45).map((x) => x.text);
    const dayRight = Math.max(...words.filter((w) => w.text === 'Montag').map((w) => w.xMax)) + 60;
    expect(under(a!, b!.x - 1).join(' ')).toContain('09:00– 10:00');
    expect(under(b!, dayRight).join(' ')).toContain('09:00– 10:00');
  });
});
