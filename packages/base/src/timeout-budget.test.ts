import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_TIMEOUT_MS, timeoutBudget } from './timeout-budget.js';

describe('timeoutBudget', () => {
  it('gives every layer less than its caller: browser > gateway > service > solver', () => {
    for (const ms of [500, DEFAULT_REQUEST_TIMEOUT_MS, 120_000]) {
      const b = timeoutBudget(ms);
      expect(b.gatewayMs).toBe(ms);
      expect(b.browserMs).toBeGreaterThan(b.gatewayMs);
      expect(b.gatewayMs).toBeGreaterThan(b.serviceMs);
      expect(b.serviceMs).toBeGreaterThan(b.solverMs);
      expect(b.grpcCallMs).toBeLessThanOrEqual(b.solverMs);
    }
  });

  it('by default the browser waits 30 s and the solver stops after 16 s', () => {
    expect(timeoutBudget()).toEqual({ browserMs: 30_000, gatewayMs: 25_000, serviceMs: 20_000, solverMs: 16_000, grpcCallMs: 5_000 });
  });
});
