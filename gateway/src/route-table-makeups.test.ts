import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-table.js';

const cls = '/api/classes/0b1c2d3e-1111-4222-8333-444455556666';

describe('route table: lesson rules, cancellations and make-ups', () => {
  it('sends them to notification, the rest of the class to classes', () => {
    for (const p of [
      `${cls}/lesson-rules`,
      `${cls}/makeups`,
      '/api/me/makeups',
      '/api/lessons/cancel',
      '/api/lessons/cancel-day',
      '/api/lessons/withdraw-cancellation',
      '/api/makeups/0b1c2d3e-1111-4222-8333-444455556666/suggestions',
      '/api/makeups/0b1c2d3e-1111-4222-8333-444455556666/book',
    ])
      expect(matchRoute(p)?.service, p).toBe('notification');
    expect(matchRoute(`${cls}/members`)?.service).toBe('classes');
    expect(matchRoute('/api/makeups/x/y/book')).toBeUndefined();
  });
});
