import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-table.js';

describe('route table: deadline, reminder, semester and calendar paths', () => {
  it('sends the class deadline to classes, times and ranges still to availability', () => {
    expect(matchRoute('/api/classes/0b1c2d3e-1111-4222-8333-444455556666/deadline')?.service).toBe('classes');
    expect(matchRoute('/api/classes/0b1c2d3e-1111-4222-8333-444455556666/remind')?.service).toBe('classes');
    expect(matchRoute('/api/me/calendar.ics')?.service).toBe('notification');
    expect(matchRoute('/api/me')?.service).toBe('auth');
    expect(matchRoute('/api/me/export')?.service).toBe('auth');
    expect(matchRoute('/api/me/calendar-subscription')?.service).toBe('notification');
    expect(matchRoute('/api/calendar/abcDEF_-0123456789abcdefghijklmnopqrstuvwxyz01.ics')?.service).toBe('notification');
    expect(matchRoute('/api/classes/0b1c2d3e-1111-4222-8333-444455556666/available-times')?.service).toBe('availability');
    expect(matchRoute('/api/classes/0b1c2d3e-1111-4222-8333-444455556666/time-range')?.service).toBe('availability');
  });

  it('sends the semester to classes and the dated lessons to notification', () => {
    expect(matchRoute('/api/classes/0b1c2d3e-1111-4222-8333-444455556666/semester')?.service).toBe('classes');
    expect(matchRoute('/api/classes/0b1c2d3e-1111-4222-8333-444455556666/lessons')?.service).toBe('notification');
    expect(matchRoute('/api/classes/0b1c2d3e-1111-4222-8333-444455556666/lessons/')?.service).toBe('notification');
    expect(matchRoute('/api/me/lessons')?.service).toBe('notification');
  });

  it('sends the calendar import to availability as an upload of at most 2 MB', () => {
    expect(matchRoute('/api/me/calendar-import')).toMatchObject({
      service: 'availability',
      upload: true,
      uploadLimit: { detail: 'Die Datei ist zu groß (maximal 2 MB).' },
    });
    expect(matchRoute('/api/me/calendar-import')?.uploadLimit?.bytes).toBeLessThan(3 * 1024 * 1024);
  });
});
