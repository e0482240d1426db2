/**
 * The PDF of a class of a school (docs/product/school-rooms-for-students.md): each lesson's room, "Raum 1.01,
 * Hauptstelle", on its tile and in the list; real Chromium, read back with pdftotext.
 */
import { describe, expect, it } from 'vitest';
import { student } from './pdf-fixtures.js';
import { usePdfService } from './pdf-service.js';
import { hasPoppler, pdfLines } from './pdf-helpers.js';

const { post } = usePdfService();

const anna = student('Anna Alt', 45);
const ben = student('Ben Bauer', 30);
const carla = student('Carla Czerny', 30);
const schedule = {
  '0': [
    ['14.00', anna.member_id],
    ['14.15', anna.member_id],
    ['14.30', anna.member_id],
  ],
  '2': [
    ['10.00', ben.member_id],
    ['10.15', ben.member_id],
  ],
  // Carla every other week, in B weeks: a half-width tile.
  '3': [
    ['16.00', carla.member_id, 'B'],
    ['16.15', carla.member_id, 'B'],
  ],
};
const rooms = {
  [anna.member_id]: { id: 'x', name: 'Raum 1.01', site_id: 'y', site_name: 'Hauptstelle' },
  [carla.member_id]: { name: 'Saal 3', site_name: 'Nord' },
};

describe.skipIf(!hasPoppler)('PDF with rooms', () => {
  it('prints the room on the tile and in the list; a lesson without a room has none', async () => {
    const res = await post({ schedule, timeRange: { start: 36, end: 72 }, studentsList: [anna, ben, carla], className: 'Klavier', rooms });
    expect(res.status).toBe(200);
    const text = pdfLines(res.buf).join('\n');
    // Twice each: the tile (tall enough here) and the list entry.
    expect(text.match(/Raum 1\.01, Hauptstelle/g)).toHaveLength(2);
    expect(text.match(/Saal 3, Nord/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/Ben Bauer.*Raum|Raum.*Ben Bauer/);
  });

  it('a plan without rooms prints none', async () => {
    const res = await post({ schedule, timeRange: { start: 36, end: 72 }, studentsList: [anna, ben, carla], className: 'Klavier' });
    expect(res.status).toBe(200);
    expect(pdfLines(res.buf).join('\n')).not.toMatch(/Raum|Hauptstelle|Saal/);
  });

  it('answers 400 in German for a malformed room', async () => {
    const res = await post({ schedule, timeRange: { start: 36, end: 72 }, studentsList: [anna], rooms: { [anna.member_id]: { name: 42 } } });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.buf.toString()).detail).toMatch(/^Ungültiger Raum für Mitglieds-ID/);
  });
});
