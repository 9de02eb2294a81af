// A parsed report to its load plan, by family.
import type { ParsedReport } from '../parse';
import { planDemographics } from './audience/demographics-plan';
import { planClaims } from './claims-plan';
import { aggregateBasic } from './facts/basic';
import { planDailyFacts } from './facts/daily-plan';
import { aggregatePartnerRevenue } from './facts/partner-revenue';
import { aggregateReach } from './facts/reach';
import { planFinance } from './finance-plan';
import type { PlanContext, ReportPlan } from './plan';
import { planTrafficSource } from './traffic-plan';
import { withSearchTerms } from './search-terms';
import { planVideoMetadata } from './video-metadata-plan';

/** Validates what the parser cannot know (channel ids, basic weights) and plans the writes; throws ReportError. */
export async function planReport(ctx: PlanContext, report: ParsedReport): Promise<ReportPlan> {
  // `return await`: a plan that fails at once is awaited here, in the same step, so the runtime never
  // sees its rejection without a handler (a bare `return` adopts the promise one microtask later).
  switch (report.family) {
    case 'basic':
      return await planDailyFacts(ctx, aggregateBasic(ctx, report));
    case 'partner_revenue':
      return await planDailyFacts(ctx, aggregatePartnerRevenue(ctx, report));
    case 'reach':
      return await planDailyFacts(ctx, aggregateReach(ctx, report));
    case 'traffic_source':
      // The YouTube search terms ride on the traffic plan: same file, same slices (search-terms.ts).
      return withSearchTerms(await planTrafficSource(ctx, report), report.rows);
    case 'demographics':
      return await planDemographics(ctx, report);
    case 'finance':
      return await planFinance(ctx, report);
    case 'video_metadata':
      return await planVideoMetadata(ctx, report);
    case 'claims':
      return await planClaims(ctx, report);
  }
}
