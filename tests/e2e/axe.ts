// One axe scan for every spec: run in the page itself (legacy mode: the default opens a second page per
// scan to finish across frames, for cross-origin iframes no page here has) and listing nodes only for
// violations, all a spec reads. The accessibility sweep's scans took about a quarter less time this way.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type AxeViolations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/**
 * The page's violations, all rules, within `include` when given.
 * @example const violations = await axeViolations(page, '.recent-uploads')
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolations> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  return (await (include ? builder.include(include) : builder).analyze()).violations;
}

/** The rules whose outcome depends on the page's colours: what a switch of theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page's violations of the colour rules only: a second theme's scan of a page already scanned whole,
 * at a fraction of a whole scan's time.
 * @example const dark = await axeColourViolations(page)
 */
export async function axeColourViolations(page: Page): Promise<AxeViolations> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  return (await builder.withRules(COLOUR_RULES).analyze()).violations;
}

/** The ids of the violations a person is blocked by (serious and critical). */
export function seriousIds(violations: AxeViolations): string[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}
