// The LCP element the bench prints beside each Lighthouse run (scripts/bench-web/index.js).
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the repository
import { lcpElement } from './report.js';

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
