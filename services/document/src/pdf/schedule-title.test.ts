import { describe, expect, it } from 'vitest';
import { parseExportRequest } from './schedule-payload.js';
import { scheduleTitle } from './schedule-view.js';

describe('PDF title', () => {
  it("uses the plan's name, with the class when the name does not say it", () => {
    expect(scheduleTitle('Sommerplan', 'Klavier Hauptfach')).toBe('Sommerplan – Klavier Hauptfach');
    expect(scheduleTitle('Stundenplan Klavier Hauptfach 25.11.2026, 10:00', 'Klavier Hauptfach')).toBe('Stundenplan Klavier Hauptfach 25.11.2026, 10:00');
    expect(scheduleTitle(undefined, 'Klavier Hauptfach')).toBe('Stundenplan – Klavier Hauptfach');
    expect(scheduleTitle(undefined, undefined)).toBe('Stundenplan');
  });

  it('reads scheduleName from the export payload and rejects one that is too long', () => {
    const base = { schedule: { Montag: { '09:00': 'm1' } }, timeRange: { start: 32, end: 76 }, studentsList: [{ member_id: 'm1', name: 'Anna' }] };
    expect(parseExportRequest({ ...base, scheduleName: '  Sommerplan ' }).scheduleName).toBe('Sommerplan');
    expect(parseExportRequest(base).scheduleName).toBeUndefined();
    expect(() => parseExportRequest({ ...base, scheduleName: 'x'.repeat(201) })).toThrow('Ungültiger Name des Stundenplans');
  });
});
