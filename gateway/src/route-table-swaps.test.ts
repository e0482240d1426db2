import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-table.js';

const id = '0b1c2d3e-1111-4222-8333-444455556666';

describe('route table: swaps between students', () => {
  it('sends them to notification, the rest of the class to classes', () => {
    for (const p of [
      '/api/lessons/swap-options',
      '/api/lessons/swap-requests',
      `/api/lessons/swap-requests/${id}/accept`,
      `/api/lessons/swap-requests/${id}/decline`,
      `/api/lessons/swap-requests/${id}/approve`,
      '/api/me/swap-requests',
      '/api/me/swap-dates',
      `/api/classes/${id}/swap-requests`,
    ])
      expect(matchRoute(p)?.service, p).toBe('notification');
    expect(matchRoute(`/api/classes/${id}/members`)?.service).toBe('classes');
    expect(matchRoute(`/api/lessons/swap-requests/${id}/delete`)).toBeUndefined();
    expect(matchRoute(`/api/lessons/swap-requests/${id}/accept/x`)).toBeUndefined();
  });
});
