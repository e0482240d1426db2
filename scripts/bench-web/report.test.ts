// The LCP element the bench prints beside each Lighthouse run (scripts/bench-web/index.js).
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the repository
import { lcpElement, renderWebTable } from './report.js';

describe('lcpElement', () => {
  it("names the node of Lighthouse's largest-contentful-paint-element audit", () => {
    const audit = {
      details: {
        type: 'list',
        items: [
          { type: 'table', items: [{ node: { type: 'node', nodeLabel: 'Willkommen', snippet: '<h1 class="hero__title">' } }] },
          { type: 'table', items: [{ phase: 'TTFB', timing: 12 }] },
        ],
      },
    };
    expect(lcpElement(audit, '<h1.hero__title> "Willkommen"')).toBe('"Willkommen" <h1 class="hero__title">');
  });

  it('falls back to the element the browser reported, with the reason, when the audit failed', () => {
    const audit = { scoreDisplayMode: 'error', errorMessage: 'Required TraceElements gatherer encountered an error: frame_sequence' };
    expect(lcpElement(audit, '<h1.hero__title> "Willkommen"')).toBe(
      '<h1.hero__title> "Willkommen" (seen in the browser; Lighthouse: Required TraceElements gatherer encountered an error: frame_sequence)',
    );
    expect(lcpElement(undefined, null)).toBe('? (Lighthouse names none)');
  });
});

describe('renderWebTable', () => {
  it('shows each page beside its floor with score, paints, blocking time, layout shift and JavaScript', () => {
    const run = { score: 97, scores: [96, 97, 98], fcp: 800, lcp: 1150, tbt: 40, cls: 0, bytes: 150 * 1024, jsBytes: 110 * 1024, jsFiles: 4 };
    const floor = { ...run, score: 100, scores: [100, 100, 100], cls: 0.0123 };
    const table = renderWebTable([{ name: '/login', product: run, floor }], { loadBefore: 0.1, loadAfter: 0.2, runs: 3 }) as string;
    expect(table).toContain('| page | performance | FCP | LCP | TBT | CLS | transferred | JavaScript (files) |');
    expect(table).toContain('| /login | 97 (96, 97, 98) | 0.80 s | 1.15 s | 40 ms | 0.000 | 150.0 KB | 110.0 KB (4) |');
    expect(table).toContain('| floor: /login | 100 (100, 100, 100) | 0.80 s | 1.15 s | 40 ms | 0.012 |');
  });
});
