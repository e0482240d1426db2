import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Issue 28: WCAG 2.1 AA and the 2.2 AA additions. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's findings for one rule. */
export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe on the page at rest, or only on the given parts. At rest: every animation that ends has ended (a dialog
 * fading in has, for a moment, too little contrast, and how long it takes to open varies with the machine).
 */
export async function axeViolations(page: Page, only: string[] = []): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of only) builder.include(selector);
  return (await builder.analyze()).violations;
}
