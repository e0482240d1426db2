/**
 * Layout checks of the PDF read back with pdftotext -bbox (real Chromium): a break across a year change keeps
 * its dates clear of its label, half-width A/B blocks keep their week letter, and the hours start at the
 * teacher's first time.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { student } from './pdf-fixtures.js';
import { usePdfService } from './pdf-service.js';
import { hasPoppler, pdfLines, pdfWords, type Word } from './pdf-helpers.js';

const { post } = usePdfService();
const shot = (name: string, buf: Buffer) => process.env.PDF_SHOTS && writeFileSync(`${process.env.PDF_SHOTS}/${name}.pdf`, buf);

/** Anna on Wednesdays 14:00–14:30, the range 08:00–19:00 the planner sends by default. */
function annaOnWednesday() {
  const anna = student('Anna Alt', 30);
  return {
    schedule: {
      '2': [
        ['14.00', anna.member_id],
        ['14.15', anna.member_id],
      ],
    },
    timeRange: { start: 32, end: 76 },
    studentsList: [anna],
  };
}

describe.skipIf(!hasPoppler)('PDF layout', () => {
  it('keeps the dates of a break across a year change clear of its label', async () => {
    const res = await post({
      ...annaOnWednesday(),
      className: 'Klavier',
      semester: {
        first_day: '2026-10-05',
        last_day: '2027-02-12',
        state: 'BE',
        breaks: [
          { from: '2026-12-21', to: '2027-01-06', label: 'Weihnachtsferien' },
          { from: '2027-02-01', to: '2027-02-05', label: 'Prüfungswoche' },
        ],
      },
    });
    expect(res.status).toBe(200);
    shot('break', res.buf);
    const words = pdfWords(res.buf);
    const date = words.find((w) => w.text.includes('21.12.2026'));
    const label = words.find((w) => w.text === 'Weihnachtsferien');
    expect(date, 'the break dates').toBeDefined();
    expect(label, 'the break label').toBeDefined();
    expect(date!.text).toBe('21.12.2026–06.01.2027');
    expect(Math.abs(date!.y - label!.y)).toBeLessThan(2);
    expect(date!.xMax).toBeLessThan(label!.x - 1);
  });

  it('keeps the week letter of half-width A/B blocks, also short ones in a seven-day week', async () => {
    const carla = student('Carla Christ', 30);
    const dominik = student('Dominik Dorn', 30);
    const emil = student('Emil Ernst', 15);
    const long = student('Maximiliane Wunderlich-Oberhausen', 60, 'Maximiliane W.-O.');
    const bart = student('Bartholomäus Kleinschmidt', 60, 'Bartholomäus K.');
    const hour = ['14.00', '14.15', '14.30', '14.45'];
    const res = await post({
      schedule: {
        '0': [
          ['9.00', carla.member_id, 'A'],
          ['9.15', carla.member_id, 'A'],
          ['9.00', dominik.member_id, 'B'],
          ['9.15', dominik.member_id, 'B'],
        ],
        '1': hour.flatMap((l) => [
          [l, long.member_id, 'A'],
          [l, bart.member_id, 'B'],
        ]),
        '5': [['12.00', emil.member_id]],
        '6': [['12.00', emil.member_id]],
      },
      timeRange: { start: 32, end: 76 },
      studentsList: [carla, dominik, emil, long, bart],
    });
    expect(res.status).toBe(200);
    shot('weeks', res.buf);
    const words = pdfWords(res.buf);
    const monday = words.find((w) => w.text === 'Montag')!;
    const tuesday = words.find((w) => w.text === 'Dienstag')!;
    // The Monday column of the grid: from the time column to the middle between the two day names.
    const inMonday = (w: Word) => w.x > monday.x - 30 && w.xMax < (monday.xMax + tuesday.x) / 2 && w.y > monday.yMax;
    const grid = words.filter(inMonday);
    // Each mark beside the start of its name (the name gives way with an ellipsis, the mark never).
    const mark = (text: string, initial: string) => {
      const m = grid.find((w) => w.text === text);
      return m !== undefined && grid.some((w) => w.text.startsWith(initial) && Math.abs(w.y - m.y) < 2 && w.xMax <= m.x && m.x - w.xMax < 15);
    };
    expect(mark('(A)', 'C'), 'the A after Carla').toBe(true);
    expect(mark('(B)', 'D'), 'the B after Dominik').toBe(true);
    expect(grid.find((w) => w.text === '(A)')!.x).toBeLessThan(grid.find((w) => w.text === '(B)')!.x);
    // Long names in an hour's blocks on Tuesday: each block still shows its mark.
    const wednesday = words.find((w) => w.text === 'Mittwoch')!;
    const inTuesday = (w: Word) => w.x > (monday.xMax + tuesday.x) / 2 && w.xMax < (tuesday.xMax + wednesday.x) / 2 && w.y > tuesday.yMax;
    const tuesdayMarks = words.filter(inTuesday).map((w) => w.text);
    expect(tuesdayMarks).toContain('(A)');
    expect(tuesdayMarks).toContain('(B)');
  });

  it('starts the hours at the full hour of the teacher’s first time and keeps the end', async () => {
    const body = (teacherStart?: number) => ({
      ...annaOnWednesday(),
      ...(teacherStart === undefined ? {} : { teacherStart }),
    });
    // The teacher's first time 13:15: the grid starts at 13:00.
    const res = await post(body(53));
    expect(res.status).toBe(200);
    shot('teacher-start', res.buf);
    const lines = pdfLines(res.buf);
    expect(lines.some((l) => l.includes('Zeitbereich: 13:00–19:00 Uhr'))).toBe(true);
    const labels = pdfWords(res.buf)
      .filter((w) => /^\d\d:00$/.test(w.text))
      .map((w) => w.text);
    expect(labels[0]).toBe('13:00');
    expect(labels).not.toContain('08:00');
    expect(labels).toContain('18:00');
    // Without the teacher's times the range as sent.
    const plain = await post(body());
    expect(pdfLines(plain.buf).some((l) => l.includes('Zeitbereich: 08:00–19:00 Uhr'))).toBe(true);
  });
});
